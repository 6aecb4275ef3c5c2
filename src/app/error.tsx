"use client";

import { useTranslations } from "next-intl";
import { Button } from "~/components/ui/button";

/** Shown when a page fails unexpectedly; the server logs the details under the digest shown here. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("errors");
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <div className="mx-auto max-w-lg py-12 text-center" role="alert">
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-slate-600">{t("pageFailed")}</p>
      {digest ? <p className="mt-2 text-sm text-slate-500">{t("reference", { digest })}</p> : null}
      <Button className="mt-6" onClick={() => retry()}>
        {t("retry")}
      </Button>
    </div>
  );
}
