import { assertMemberOf } from "~/server/services/access";
import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMayDo, assertSignedIn } from "~/server/services/access";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type RevokeInvitationOptions = { actor: Actor; organizationId: string; invitationId: string };

/** Owners and admins may take back an open invitation of their organization; its link stops working at once. */
export async function revokeInvitation({ actor, organizationId, invitationId }: RevokeInvitationOptions) {
  assertSignedIn(actor, "Revoking an invitation");
  assertMemberOf(actor, organizationId);
  assertMayDo(actor, organizationId, "manageMembers");
  const { count } = await getDb().invitation.updateMany({
    where: { id: invitationId, organizationId, status: "pending" },
    data: { status: "canceled" },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "No open invitation with this id.");
  await recordAuditEvent(getDb(), { organizationId, actor, type: "invitation.revoked", subject: invitationId });
  return { id: invitationId, status: "canceled" as const };
}
