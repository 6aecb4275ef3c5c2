import { AppError } from "~/domain/app-error";
import { getDb } from "~/server/db/client";
import { findUser } from "~/server/services/identity/find-user";
import type { Operator } from "~/domain/actor";
import { DEFAULT_MEMBER_ROLE, type TMemberRole } from "~/domain/roles";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type AddMemberOptions = {
  /**
   * Only the operator (CLI `member:add`) adds a user directly, vouching for them; members invite by email instead
   * (src/server/services/invitations/invite-member.ts), so an address carries access only once its owner accepts.
   */
  actor: Operator;
  organizationId: string;
  userEmailOrId: string;
  /** `editor` when left out (docs/security.md, Roles). */
  role?: TMemberRole;
};

/** Adds an existing user to any organization. */
export async function addMember({ actor, organizationId, userEmailOrId, role = DEFAULT_MEMBER_ROLE }: AddMemberOptions) {
  const db = getDb();
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!organization) throw new AppError("NOT_FOUND", `No organization ${organizationId}.`);
  const user = await findUser(userEmailOrId);
  const created = await db.member
    .createMany({
      data: [{ id: crypto.randomUUID(), organizationId, userId: user.id, role }],
      skipDuplicates: true,
    })
    .then((result) => result.count);
  if (created === 0) throw new AppError("CONFLICT", `${user.email} is already a member of this organization.`);
  await recordAuditEvent(db, { organizationId, actor, type: "member.added", subject: user.id, details: { role } });
  return { organizationId, userId: user.id, role };
}
