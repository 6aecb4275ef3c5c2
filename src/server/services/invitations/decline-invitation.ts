import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertSignedIn } from "~/server/services/access";
import { getInvitationForInvitee } from "~/server/services/invitations/get-invitation-for-invitee";

export type DeclineInvitationOptions = { actor: Actor; invitationId: string };

/**
 * The invitee says no. Only the verified owner of the address may, so a stranger holding the address's account
 * cannot close the invitation before its real owner sees it.
 */
export async function declineInvitation({ actor, invitationId }: DeclineInvitationOptions) {
  assertSignedIn(actor, "Declining an invitation");
  const invitation = await getInvitationForInvitee({ actor, invitationId });
  const { count } = await getDb().invitation.updateMany({
    where: { id: invitation.id, status: "pending" },
    data: { status: "rejected" },
  });
  if (count === 0) throw new AppError("CONFLICT", "This invitation is no longer open.");
  return { id: invitation.id, status: "rejected" as const };
}
