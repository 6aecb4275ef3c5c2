import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { getCurrentActor, requireSignedIn } from "~/app/_lib/current-actor";
import { getSession } from "~/server/auth/request-session";
import { TwoFactorSettings } from "~/components/account/two-factor-settings";
import { Alert } from "~/components/ui/alert";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("twoFactor"))("title") };
}

/**
 * Two-factor sign-in of the signed-in member (docs/security.md §Two-factor); where the pages of an organization that
 * requires it send a member who has not set it up.
 */
export default async function TwoFactorPage() {
  await requireSignedIn();
  const [session, actor, t] = await Promise.all([getSession(), getCurrentActor(), getTranslations("twoFactor")]);
  const isEnabled = session?.user.twoFactorEnabled === true;
  const isRequired = (actor?.twoFactorRequiredBy?.length ?? 0) > 0;
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      {isRequired && !isEnabled ? <Alert tone="info">{t("requiredByOrganization")}</Alert> : null}
      <Card>
        <CardBody className="space-y-4">
          <p className="text-sm font-medium text-slate-900" data-testid="two-factor-status">
            {t(isEnabled ? "statusOn" : "statusOff")}
          </p>
          <TwoFactorSettings isEnabled={isEnabled} />
        </CardBody>
      </Card>
    </div>
  );
}
