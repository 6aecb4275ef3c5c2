import type { TAppLocale } from "~/domain/languages/app-locale";
import type en from "../../messages/en.json";

export type AppMessages = typeof en;

/** One catalogue (messages/<locale>.json), loaded on demand so a request only parses its own language. */
export async function loadMessages(locale: TAppLocale): Promise<AppMessages> {
  switch (locale) {
    case "de":
      return (await import("../../messages/de.json")).default;
    case "fr":
      return (await import("../../messages/fr.json")).default;
    default:
      return (await import("../../messages/en.json")).default;
  }
}
