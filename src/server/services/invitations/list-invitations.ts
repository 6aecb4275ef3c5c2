import type { Actor, Operator } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { invitationSelect, openInvitationWhere, toInvitationDto } from "~/server/services/invitations/internal/invitation-dto";

/** A member lists one of their organizations; the operator may list one or all. */
export type ListInvitationsOptions = { actor: Actor; organizationId: string } | { actor: Operator; organizationId?: string };

/** Open invitations (pending, not expired), newest first, with the link each invitee opens. */
export async function listInvitations({ actor, organizationId }: ListInvitationsOptions) {
  if ("userId" in actor) assertMemberOf(actor, organizationId ?? "");
  const rows = await getDb().invitation.findMany({
    where: { ...(organizationId ? { organizationId } : {}), ...openInvitationWhere() },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: invitationSelect,
  });
  return rows.map((row) => toInvitationDto(row));
}
