import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getSession } from "~/server/auth/request-session";
import { LanguageForm } from "~/components/account/language-form";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { DEFAULT_APP_LOCALE, isAppLocale, negotiateAppLocale } from "~/domain/languages/app-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("languageSettings"))("title") };
}

export default async function LanguagePage() {
  await requireSignedIn();
  const [session, requestHeaders, t] = await Promise.all([getSession(), headers(), getTranslations("languageSettings")]);
  const saved = session?.user.locale;
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardBody>
          <LanguageForm
            current={isAppLocale(saved) ? saved : null}
            browserLocale={negotiateAppLocale(requestHeaders.get("accept-language")) ?? DEFAULT_APP_LOCALE}
          />
        </CardBody>
      </Card>
    </div>
  );
}
