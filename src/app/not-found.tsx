import type { Metadata } from "next";
import { Link } from "~/components/ui/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "~/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFoundTitle") };
}

export default async function NotFound() {
  const t = await getTranslations("errors");
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <p className="text-sm font-semibold text-brand-700">{t("notFoundCode")}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{t("notFoundTitle")}</h1>
      <p className="mt-3 text-slate-600">{t("notFoundText")}</p>
      <Link href="/" className={buttonClasses({ className: "mt-6" })}>
        {t("notFoundHome")}
      </Link>
    </div>
  );
}
