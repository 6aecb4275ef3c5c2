import { AppError } from "~/domain/app-error";
import type { Actor, Operator } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { invitationSelect, openInvitationWhere, toInvitationDto } from "~/server/services/invitations/internal/invitation-dto";

/** A member lists one of their organizations; the operator may list one or all. */
export type ListInvitationsOptions = { actor: Actor; organizationId: string } | { actor: Operator; organizationId?: string };

/** Open invitations (pending, not expired), newest first, with the link each invitee opens. */
export async function listInvitations({ actor, organizationId }: ListInvitationsOptions) {
  if ("userId" in actor && !actor.organizationIds.includes(organizationId ?? "")) {
    throw new AppError("NOT_FOUND", "Organization not found.");
  }
  const rows = await getDb().invitation.findMany({
    where: { ...(organizationId ? { organizationId } : {}), ...openInvitationWhere() },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: invitationSelect,
  });
  return rows.map((row) => toInvitationDto(row));
}
