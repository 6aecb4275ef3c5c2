import { z } from "zod";
import { parseAcceptLanguage } from "~/domain/languages/language";

/**
 * The languages the app's own text is written in (messages/<locale>.json, docs/app-text.md). A member's profile may
 * name one; otherwise the browser's Accept-Language picks among them, and English answers everyone else.
 */
export const APP_LOCALES = ["en", "de", "fr"] as const;
export const DEFAULT_APP_LOCALE = "en";

export const ZAppLocale = z.enum(APP_LOCALES);
export type TAppLocale = z.infer<typeof ZAppLocale>;

/**
 * The app locale for a passport's language (docs/languages.md): the public page's own words follow the language its
 * values are shown in where the catalogues have it (`de-AT` → de), English otherwise.
 */
export function appLocaleForLanguage(language: string | undefined): TAppLocale {
  const primary = language?.toLowerCase().split("-")[0];
  return isAppLocale(primary) ? primary : DEFAULT_APP_LOCALE;
}

/** The member's own choice, as the language setting sends it: a locale, or null for "follow my browser". */
export const ZSetLocaleInput = z.object({ locale: ZAppLocale.nullable() });

export function isAppLocale(value: unknown): value is TAppLocale {
  return typeof value === "string" && (APP_LOCALES as readonly string[]).includes(value);
}

/**
 * The best of APP_LOCALES for an Accept-Language header, read by the one parser (`parseAcceptLanguage`): a range
 * matches by its primary subtag ("de-AT" → de), `*` matches the default. null when nothing matches, so the caller
 * decides the fallback.
 */
export function negotiateAppLocale(header: string | null | undefined): TAppLocale | null {
  for (const tag of parseAcceptLanguage(header)) {
    if (tag === "*") return DEFAULT_APP_LOCALE;
    const primary = tag.toLowerCase().split("-")[0];
    if (isAppLocale(primary)) return primary;
  }
  return null;
}

/** The locale a request is answered in: the member's profile setting, then the browser's, then English. */
export function pickAppLocale(profileLocale: string | null | undefined, acceptLanguage: string | null | undefined): TAppLocale {
  if (isAppLocale(profileLocale)) return profileLocale;
  return negotiateAppLocale(acceptLanguage) ?? DEFAULT_APP_LOCALE;
}

/**
 * The language of the public passport page's own words (docs/languages.md): that of the passport's values where the
 * catalogues have it; for a passport that names no language (a version frozen before versions kept every language),
 * the reader's (`?lang=`, then `Accept-Language`), else English.
 */
export function passportPageLocale(
  passportLanguage: string | undefined,
  asked: { query?: string; acceptLanguage: string | null },
): TAppLocale {
  if (passportLanguage !== undefined) return appLocaleForLanguage(passportLanguage);
  return negotiateAppLocale(asked.query) ?? negotiateAppLocale(asked.acceptLanguage) ?? DEFAULT_APP_LOCALE;
}
