import { inTransaction } from "~/server/db/transaction";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";
import { memberSelect, toMemberDto } from "~/server/services/identity/internal/member-dto";
import { lockMember, type MemberTarget } from "~/server/services/identity/internal/lock-member";

export type ReinstateMemberOptions = MemberTarget;

/**
 * Takes a suspended member back (docs/security.md, Removing and suspending members): the membership acts again with
 * the role it kept, from the member's next request. Their sessions and keys ended with the suspension, for good: they
 * sign in again and make new keys. Reinstating a member who is not suspended changes nothing. As for every change of
 * a member, an admin acts on members below owner and only an owner on an owner.
 */
export async function reinstateMember(options: ReinstateMemberOptions) {
  const row = await inTransaction(async (tx) => {
    const member = await lockMember(tx, options, "Reinstating a member");
    if (member.isSuspended) {
      const { actor, organizationId, userId } = options;
      await recordAuditEvent(tx, { organizationId, actor, type: "member.reinstated", subject: userId });
    }
    return tx.member.update({
      where: { id: member.id },
      data: member.isSuspended ? { suspendedAt: null } : {},
      select: memberSelect,
    });
  });
  return toMemberDto(row);
}
