import type { Metadata } from "next";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { MyInvitations } from "~/components/invitations/my-invitations";
import { CreateOrganizationForm } from "~/components/organizations/create-organization-form";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { listMyInvitations } from "~/server/services/invitations/list-my-invitations";

export const metadata: Metadata = { title: "New organization" };

export default async function NewOrganizationPage() {
  const actor = await requireSignedIn();
  const isFirst = actor.organizationIds.length === 0;
  const mine = await listMyInvitations({ actor });
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader
        title="Create an organization"
        description={
          isFirst
            ? "Everything in Passport Studio belongs to an organization. Create yours to get started; you will be its owner."
            : "You will be the owner of the new organization and can add members to it."
        }
      />
      <MyInvitations mine={mine} />
      <Card>
        <CardBody>
          <CreateOrganizationForm />
        </CardBody>
      </Card>
    </div>
  );
}
