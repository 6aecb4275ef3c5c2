import { inTransaction } from "~/server/db/transaction";
import { assertNotLastOwner, endMemberAccess, lockMember, type MemberTarget } from "~/server/services/identity/internal/lock-member";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type RemoveMemberOptions = MemberTarget;

/**
 * Removes a member from the organization (docs/security.md, Members): the membership goes, with the member's
 * sessions and the API keys that reach the organization, from their very next request on every app server. The
 * user's account stays, so the history still names them; the last owner cannot be removed (409).
 */
export async function removeMember(options: RemoveMemberOptions): Promise<void> {
  const { organizationId, userId } = options;
  await inTransaction(async (tx) => {
    const member = await lockMember(tx, options, "Removing a member");
    assertNotLastOwner(member, "Removing this member");
    await tx.member.delete({ where: { id: member.id } });
    await endMemberAccess(tx, organizationId, userId);
    await recordAuditEvent(tx, { organizationId, actor: options.actor, type: "member.removed", subject: userId });
  });
}
