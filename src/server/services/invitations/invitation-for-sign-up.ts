import { getDb } from "~/server/db/client";
import { openInvitationWhere } from "~/server/services/invitations/internal/invitation-dto";

/**
 * The address an open invitation was sent to, so the sign-up page opened from it can prefill the email
 * (docs/security.md, Members and invitations). Only the holder of the invitation's id — the mailed link, 122 random
 * bits — learns it; nothing else about the invitation, not even the organization, is shown before sign-in.
 */
export async function invitedEmail({ invitationId }: { invitationId: string }): Promise<string | undefined> {
  const invitation = await getDb().invitation.findFirst({
    where: { id: invitationId, ...openInvitationWhere() },
    select: { email: true },
  });
  return invitation?.email;
}

/**
 * The newest open invitation to an address, where its verification page sends the owner once the address is verified
 * (so an invited new user lands on the invitation). The page is opened with the mailed token, i.e. by the mailbox's
 * owner, whom the invitation was sent to.
 */
export async function newestOpenInvitationId({ email }: { email: string }): Promise<string | undefined> {
  const invitation = await getDb().invitation.findFirst({
    where: { email: email.toLowerCase(), ...openInvitationWhere() },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { id: true },
  });
  return invitation?.id;
}
