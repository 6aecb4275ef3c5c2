"use client";

import { createTranslator } from "use-intl/core";
import { Suspense, use, useSyncExternalStore } from "react";
import { negotiateAppLocale, type TAppLocale } from "~/domain/languages/app-locale";
import "./globals.css";

type ErrorTexts = (typeof import("../../messages/en.json"))["errors"];

// The root layout (and with it the request's language and catalogue) failed, so this page picks its language from
// the browser alone; the server render and the first client render say English, then the browser's language shows.
// Every page carries this component (it must be there when the layout fails), so the catalogues are loaded only when
// it shows: imported whole, the three of them were 224 KB of script on every page.
const CATALOGUES: Record<TAppLocale, () => Promise<{ default: { errors: ErrorTexts } }>> = {
  en: () => import("../../messages/en.json"),
  de: () => import("../../messages/de.json"),
  fr: () => import("../../messages/fr.json"),
};
const loading = new Map<TAppLocale, Promise<ErrorTexts>>();
/** One promise per language, kept: `use` needs the same one on every render. */
function errorTexts(locale: TAppLocale): Promise<ErrorTexts> {
  let texts = loading.get(locale);
  if (!texts) {
    texts = CATALOGUES[locale]().then((catalogue) => catalogue.default.errors);
    loading.set(locale, texts);
  }
  return texts;
}
const noSubscription = () => () => {};
const browserLocale = () => negotiateAppLocale(navigator.languages.join(",")) ?? "en";

/** Replaces the root layout when the layout itself fails (for example, the database is unreachable). */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const locale = useSyncExternalStore(noSubscription, browserLocale, () => "en" as const);
  return (
    <html lang={locale}>
      <body className="bg-slate-50 font-sans text-slate-900">
        <main className="mx-auto max-w-lg px-4 py-16 text-center">
          {/* Nothing to say before the words have come: they are a few kilobytes, loaded in a moment. */}
          <Suspense fallback={null}>
            <ErrorText locale={locale} retry={retry} />
          </Suspense>
        </main>
      </body>
    </html>
  );
}

function ErrorText({ locale, retry }: { locale: TAppLocale; retry: () => void }) {
  const t = createTranslator({ locale, messages: { errors: use(errorTexts(locale)) }, namespace: "errors" });
  return (
    <>
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
    </>
  );
}
