import type { Metadata } from "next";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { InviteMemberForm } from "~/components/organizations/invite-member-form";
import { MemberList } from "~/components/organizations/member-list";
import { PendingInvitationList } from "~/components/organizations/pending-invitation-list";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { listMembers } from "~/server/services/identity/list-members";
import { listInvitations } from "~/server/services/invitations/list-invitations";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const [members, invitations] = await Promise.all([
    listMembers({ actor, organizationId: organization.id }),
    listInvitations({ actor, organizationId: organization.id }),
  ]);

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow={organization.name}
        title="Members"
        description="Every member can work on all of the organization's templates and models."
      />
      <section aria-labelledby="invite-member-heading">
        <Card>
          <CardBody className="space-y-4">
            <h2 id="invite-member-heading" className="text-lg font-semibold">
              Invite a member
            </h2>
            <InviteMemberForm organizationId={organization.id} />
          </CardBody>
        </Card>
      </section>
      <section aria-labelledby="member-list-heading" className="space-y-3">
        <h2 id="member-list-heading" className="text-lg font-semibold">
          {members.length === 1 ? "1 member" : `${members.length} members`}
        </h2>
        <MemberList members={members} currentUserId={actor.userId} />
      </section>
      <section aria-labelledby="pending-invitations-heading" className="space-y-3">
        <h2 id="pending-invitations-heading" className="text-lg font-semibold">
          Pending invitations
        </h2>
        <PendingInvitationList organizationId={organization.id} invitations={invitations} />
      </section>
    </div>
  );
}
