"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type SubmitEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { APP_LOCALES, isAppLocale, type TAppLocale } from "~/domain/languages/app-locale";
import { trpc } from "~/lib/trpc/react";
import { trpcErrorInfo } from "~/lib/trpc-error-info";

export type LanguageFormProps = { current: TAppLocale | null; browserLocale: TAppLocale };

const BROWSER = "browser";

/**
 * The member's language: one of the app's, or "as my browser asks". Saving refreshes the server components, which
 * then render in the new language (src/i18n/request.ts reads it from the session).
 */
export function LanguageForm({ current, browserLocale }: LanguageFormProps) {
  const t = useTranslations("languageSettings");
  const names = useTranslations("localeNames");
  const router = useRouter();
  const setLocale = trpc.account.setLocale.useMutation();
  const [status, setStatus] = useState<"idle" | "saved" | { error: string }>("idle");

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice = new FormData(event.currentTarget).get("locale");
    setStatus("idle");
    try {
      await setLocale.mutateAsync({ locale: isAppLocale(choice) ? choice : null });
      setStatus("saved");
      router.refresh();
    } catch (error) {
      setStatus({ error: trpcErrorInfo(error).message });
    }
  }

  const options = [
    { value: BROWSER, label: t("browser", { language: names(browserLocale) }), lang: undefined },
    ...APP_LOCALES.map((locale) => ({ value: locale, label: names(locale), lang: locale })),
  ];
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">{t("legend")}</legend>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="locale"
              value={option.value}
              defaultChecked={(current ?? BROWSER) === option.value}
              className="size-4 accent-brand-600"
            />
            <span lang={option.lang}>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={setLocale.isPending}>
        {setLocale.isPending ? t("saving") : t("save")}
      </Button>
      <div aria-live="polite">
        {status === "saved" ? <Alert tone="success">{t("saved")}</Alert> : null}
        {typeof status === "object" ? <Alert tone="error">{t("failed", { message: status.error })}</Alert> : null}
      </div>
    </form>
  );
}
