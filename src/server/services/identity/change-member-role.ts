import type { TMemberRole } from "~/domain/roles";
import { inTransaction } from "~/server/db/transaction";
import { memberSelect, toMemberDto } from "~/server/services/identity/internal/member-dto";
import { assertRoleAtLeast } from "~/server/services/access";
import { assertNotLastOwner, lockMember, type MemberTarget } from "~/server/services/identity/internal/lock-member";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type ChangeMemberRoleOptions = MemberTarget & { role: TMemberRole };

/**
 * Gives a member another role. Owners and admins change roles, never to one above their own (an admin makes admins,
 * editors and viewers; only an owner makes an owner or changes one); the last owner is not demoted (409). The
 * member's next request acts with the new role, on every app server.
 */
export async function changeMemberRole(options: ChangeMemberRoleOptions) {
  const { actor, organizationId, userId, role } = options;
  const row = await inTransaction(async (tx) => {
    const member = await lockMember(tx, options, "Changing a member's role");
    if (!("kind" in actor)) assertRoleAtLeast(actor, organizationId, role, `Making a member ${role}`);
    if (role !== "owner") assertNotLastOwner(member, "Changing this member's role");
    await recordAuditEvent(tx, { organizationId, actor, type: "member.roleChanged", subject: userId, details: { role } });
    return tx.member.update({ where: { id: member.id }, data: { role }, select: memberSelect });
  });
  return toMemberDto(row);
}
