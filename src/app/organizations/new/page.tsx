import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { MyInvitations } from "~/components/invitations/my-invitations";
import { CreateOrganizationForm } from "~/components/organizations/create-organization-form";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { listMyInvitations } from "~/server/services/invitations/list-my-invitations";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("organizations"))("newMetaTitle") };
}

export default async function NewOrganizationPage() {
  const actor = await requireSignedIn();
  const isFirst = actor.organizationIds.length === 0;
  const mine = await listMyInvitations({ actor });
  const t = await getTranslations("organizations");
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader title={t("newTitle")} description={isFirst ? t("newFirst") : t("newAnother")} />
      <MyInvitations mine={mine} />
      <Card>
        <CardBody>
          <CreateOrganizationForm />
        </CardBody>
      </Card>
    </div>
  );
}
