import { DEFAULT_MEMBER_ROLE } from "~/domain/roles";
import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertSignedIn } from "~/server/services/access";
import { getInvitationForInvitee } from "~/server/services/invitations/get-invitation-for-invitee";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type AcceptInvitationOptions = { actor: Actor; invitationId: string };

/** The invitee, signed in with the verified address the invitation was sent to, joins the organization. */
export async function acceptInvitation({ actor, invitationId }: AcceptInvitationOptions) {
  assertSignedIn(actor, "Accepting an invitation");
  const joined = await inTransaction(async (tx) => {
    const invitation = await getInvitationForInvitee({ actor, invitationId }, tx);
    // Conditional on still being open, so a revoke (or a second accept) racing this one leaves one winner.
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, status: "pending" },
      data: { status: "accepted" },
    });
    if (count === 0) throw new AppError("CONFLICT", "This invitation is no longer open.");
    const added = await tx.member.createMany({
      data: [{ id: crypto.randomUUID(), organizationId: invitation.organizationId, userId: actor.userId, role: DEFAULT_MEMBER_ROLE }],
      skipDuplicates: true,
    });
    if (added.count > 0) {
      const event = {
        type: "member.added",
        subject: actor.userId,
        details: { role: DEFAULT_MEMBER_ROLE, invitationId: invitation.id },
      } as const;
      await recordAuditEvent(tx, { organizationId: invitation.organizationId, actor, ...event });
    }
    return { organizationId: invitation.organizationId, organizationName: invitation.organizationName };
  });
  return joined;
}
