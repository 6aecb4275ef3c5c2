import { inTransaction } from "~/server/db/transaction";
import { memberSelect, toMemberDto } from "~/server/services/identity/internal/member-dto";
import { assertNotLastOwner, endMemberAccess, lockMember, type MemberTarget } from "~/server/services/identity/internal/lock-member";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type SuspendMemberOptions = MemberTarget;

/**
 * Suspends a member: the membership stays listed with its role, but acts on nothing (a suspended member is a
 * non-member, 403), and the member's sessions and the API keys that reach the organization end at once, as on
 * removal. Suspending a suspended member changes nothing; the last owner who can act cannot be suspended (409).
 */
export async function suspendMember(options: SuspendMemberOptions) {
  const { organizationId, userId } = options;
  const row = await inTransaction(async (tx) => {
    const member = await lockMember(tx, options, "Suspending a member");
    assertNotLastOwner(member, "Suspending this member");
    await endMemberAccess(tx, organizationId, userId);
    if (!member.isSuspended)
      await recordAuditEvent(tx, { organizationId, actor: options.actor, type: "member.suspended", subject: userId });
    return tx.member.update({
      where: { id: member.id },
      data: member.isSuspended ? {} : { suspendedAt: new Date() },
      select: memberSelect,
    });
  });
  return toMemberDto(row);
}
