"use client";

import { createTranslator } from "use-intl/core";
import { useSyncExternalStore } from "react";
import { negotiateAppLocale, type TAppLocale } from "~/domain/languages/app-locale";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import fr from "../../messages/fr.json";
import "./globals.css";

// The root layout (and with it the request's language and catalogue) failed, so this page picks its language from
// the browser alone; the server render and the first client render say English, then the browser's language shows.
const ERRORS = { en: en.errors, de: de.errors, fr: fr.errors } satisfies Record<TAppLocale, typeof en.errors>;
const noSubscription = () => () => {};
const browserLocale = () => negotiateAppLocale(navigator.languages.join(",")) ?? "en";

/** Replaces the root layout when the layout itself fails (for example, the database is unreachable). */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const locale = useSyncExternalStore(noSubscription, browserLocale, () => "en" as const);
  const t = createTranslator({ locale, messages: { errors: ERRORS[locale] }, namespace: "errors" });
  return (
    <html lang={locale}>
      <body className="bg-slate-50 font-sans text-slate-900">
        <main className="mx-auto max-w-lg px-4 py-16 text-center">
          <title>{t("documentTitle")}</title>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-3 text-slate-600">{t("appFailed")}</p>
          <button
            type="button"
            onClick={() => retry()}
            className="mt-6 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t("retry")}
          </button>
        </main>
      </body>
    </html>
  );
}
