import { AppError } from "~/domain/app-error";
import { isUuid } from "~/domain/uuid";
import type { Actor } from "~/domain/actor";
import type { Tx } from "~/server/db/transaction";
import { getDb } from "~/server/db/client";
import { invitationSelect, toInvitationDto, type InvitationStatus } from "~/server/services/invitations/internal/invitation-dto";

export type GetInvitationForInviteeOptions = { actor: Actor; invitationId: string };

const CLOSED: Record<Exclude<InvitationStatus, "pending">, string> = {
  accepted: "This invitation has already been accepted.",
  rejected: "This invitation was declined.",
  canceled: "This invitation was revoked.",
};

/**
 * An invitation as its invitee may act on it: addressed to the caller's email, which the caller has verified, and
 * still open. Anything else is refused with the reason, and reveals nothing about the organization. The address
 * check is what keeps an account made with someone else's address (never verified) out of their organizations.
 */
export async function getInvitationForInvitee({ actor, invitationId }: GetInvitationForInviteeOptions, db: Tx = getDb()) {
  const [user, invitation] = await Promise.all([
    db.user.findUnique({ where: { id: actor.userId }, select: { email: true, emailVerified: true } }),
    isUuid(invitationId) ? db.invitation.findUnique({ where: { id: invitationId.toLowerCase() }, select: invitationSelect }) : null,
  ]);
  if (!user || !invitation) throw new AppError("NOT_FOUND", "No invitation with this id.");
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("FORBIDDEN", "This invitation was sent to another email address. Sign in with that address to accept it.");
  }
  if (!user.emailVerified) {
    throw new AppError("FORBIDDEN", "Verify your email address first: open the link in the mail we sent you when you signed up.");
  }
  if (invitation.status !== "pending") {
    throw new AppError("CONFLICT", CLOSED[invitation.status as keyof typeof CLOSED] ?? "This invitation is closed.");
  }
  if (invitation.expiresAt <= new Date()) {
    throw new AppError("CONFLICT", "This invitation has expired. Ask a member of the organization to invite you again.");
  }
  return toInvitationDto(invitation);
}
