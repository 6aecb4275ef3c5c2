import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { InviteMemberForm } from "~/components/organizations/invite-member-form";
import { MemberList } from "~/components/organizations/member-list";
import { PendingInvitationList } from "~/components/organizations/pending-invitation-list";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { MEMBER_ROLES, isRoleAtLeast } from "~/domain/roles";
import { effectiveRole, mayDo } from "~/server/services/access";
import { listMembers } from "~/server/services/identity/list-members";
import { listInvitations } from "~/server/services/invitations/list-invitations";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("organizations"))("membersTitle") };
}

export default async function MembersPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const t = await getTranslations("organizations");
  const mayManage = mayDo(actor, organization.id, "manageMembers");
  const ownRole = effectiveRole(actor, organization.id);
  const [members, invitations] = await Promise.all([
    listMembers({ actor, organizationId: organization.id }),
    listInvitations({ actor, organizationId: organization.id }),
  ]);

  return (
    <div className="space-y-8">
      <PageHeader eyebrow={organization.name} title={t("membersTitle")} description={t("membersDescription")} />
      {mayManage ? (
        <section aria-labelledby="invite-member-heading">
          <Card>
            <CardBody className="space-y-4">
              <h2 id="invite-member-heading" className="text-lg font-semibold">
                {t("inviteHeading")}
              </h2>
              <InviteMemberForm organizationId={organization.id} />
            </CardBody>
          </Card>
        </section>
      ) : null}
      <section aria-labelledby="member-list-heading" className="space-y-3">
        <h2 id="member-list-heading" className="text-lg font-semibold">
          {t("memberCount", { count: members.length })}
        </h2>
        <MemberList
          organizationId={organization.id}
          members={members}
          currentUserId={actor.userId}
          assignableRoles={mayManage ? MEMBER_ROLES.filter((role) => isRoleAtLeast(ownRole, role)) : []}
          managesOwners={mayManage && ownRole === "owner"}
        />
      </section>
      <section aria-labelledby="pending-invitations-heading" className="space-y-3">
        <h2 id="pending-invitations-heading" className="text-lg font-semibold">
          {t("pendingHeading")}
        </h2>
        <PendingInvitationList organizationId={organization.id} invitations={invitations} mayRevoke={mayManage} />
      </section>
    </div>
  );
}
