import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertSignedIn } from "~/server/services/access";
import { invitationSelect, openInvitationWhere, toInvitationDto } from "~/server/services/invitations/internal/invitation-dto";

export type ListMyInvitationsOptions = { actor: Actor };

/**
 * The open invitations to the caller's address, for their home page. Until the address is verified the list is
 * empty and `isEmailVerified` says why: an unproven address must not even learn which organizations invited it.
 */
export async function listMyInvitations({ actor }: ListMyInvitationsOptions) {
  // Invitations are about who may join; like every membership matter they belong to a signed-in person, not a key.
  assertSignedIn(actor, "Reading your invitations");
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: actor.userId }, select: { email: true, emailVerified: true } });
  if (!user?.emailVerified) return { email: user?.email ?? "", isEmailVerified: false, invitations: [] };
  const rows = await db.invitation.findMany({
    where: { email: user.email.toLowerCase(), ...openInvitationWhere() },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: invitationSelect,
  });
  // Already a member (the operator added them directly): nothing left to accept.
  const invitations = rows.filter((row) => !actor.organizationIds.includes(row.organizationId)).map((row) => toInvitationDto(row));
  return { email: user.email, isEmailVerified: true, invitations };
}
