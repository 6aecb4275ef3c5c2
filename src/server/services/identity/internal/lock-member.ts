import { AppError } from "~/domain/app-error";
import type { Actor, Operator } from "~/domain/actor";
import { ZMemberRole, type TMemberRole } from "~/domain/roles";
import type { Tx } from "~/server/db/transaction";
import { assertMayDo, assertRoleAtLeast, assertSignedIn } from "~/server/services/access";

export type MemberTarget = {
  /** An owner or admin signed in (an admin acts on members below owner only), or the operator (CLI). */
  actor: Actor | Operator;
  organizationId: string;
  userId: string;
};

export type LockedMember = { id: string; userId: string; role: TMemberRole; isSuspended: boolean; activeOwners: number };

type MemberRow = { id: string; userId: string; role: string; suspendedAt: Date | null };

/**
 * Locks the organization's memberships for the rest of the transaction, so two owners removing or demoting each
 * other at once cannot both succeed and leave none; finds the target (404) and checks the actor may change it:
 * managing members is an admin's (`OPERATION_ROLES`), and changing an owner an owner's. `action` names the change in a
 * refusal ("Removing a member").
 */
export async function lockMember(tx: Tx, { actor, organizationId, userId }: MemberTarget, action: string): Promise<LockedMember> {
  if (!("kind" in actor)) {
    assertSignedIn(actor, action);
    assertMayDo(actor, organizationId, "manageMembers");
  }
  const rows = await tx.$queryRaw<MemberRow[]>`
    SELECT "id", "userId", "role", "suspendedAt" FROM "member" WHERE "organizationId" = ${organizationId} FOR UPDATE`;
  const row = rows.find((member) => member.userId === userId);
  if (!row) throw new AppError("NOT_FOUND", "No such member of this organization.");
  const role = ZMemberRole.parse(row.role);
  if (role === "owner" && !("kind" in actor)) assertRoleAtLeast(actor, organizationId, "owner", `${action} who is an owner`);
  const activeOwners = rows.filter((member) => member.role === "owner" && member.suspendedAt === null).length;
  return { id: row.id, userId: row.userId, role, isSuspended: row.suspendedAt !== null, activeOwners };
}

/** An organization keeps at least one owner who can act: the last one is neither removed, suspended nor demoted (409). */
export function assertNotLastOwner(member: LockedMember, action: string): void {
  if (member.role === "owner" && !member.isSuspended && member.activeOwners <= 1) {
    throw new AppError(
      "CONFLICT",
      `${action} is refused: this member is the organization's last owner. Make another member owner first.`,
    );
  }
}

/**
 * Ends what the member could still act with, in the caller's transaction: every session of the user (they sign in
 * again for their other organizations) and their API keys that reach this organization (its own keys and keys made
 * before keys were scoped), revoked for good. Every app server reads sessions, keys and memberships from the database
 * on every request, so the member's next request is refused everywhere. Grants the member issued belong to the
 * organization and stay.
 */
export async function endMemberAccess(tx: Tx, organizationId: string, userId: string): Promise<void> {
  const now = new Date();
  await tx.session.deleteMany({ where: { userId } });
  await tx.apikey.updateMany({
    where: { referenceId: userId, revokedAt: null, OR: [{ organizationId }, { organizationId: null }] },
    data: { revokedAt: now, enabled: false, updatedAt: now },
  });
}
