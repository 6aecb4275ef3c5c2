import type { TAppLocale } from "~/domain/languages/app-locale";
import type { AppMessages } from "~/i18n/messages";

// next-intl's type registration: t("…") keys are checked against messages/en.json, and every locale is one of ours.
declare module "next-intl" {
  interface AppConfig {
    Locale: TAppLocale;
    Messages: AppMessages;
  }
}
