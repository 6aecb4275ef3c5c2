import { EMAIL_VERIFICATION_HOURS } from "~/server/auth/email-verification-token";
import { inTransaction } from "~/server/db/transaction";

/**
 * An unverified account never blocks a sign-up with its address (docs/security.md, "Members and invitations"):
 * whoever signs up with it takes the address, and the account that held it unproven is retired — its address
 * becomes a random `retired-…@retired.invalid`, its password and sessions are deleted and its API keys revoked, so
 * nobody can sign in to it or act as it again. What it made (organizations, models) stays in the database, for an
 * operator, rather than being deleted on a stranger's word. Its verification links stop working (they are bound to
 * the account and its address), so a squatter's account can never become verified, and it could never have seen or
 * accepted an invitation (those need a verified address). A verified account is never touched, and neither is one
 * younger than its verification link (EMAIL_VERIFICATION_HOURS): a new user who has not yet opened the mail cannot be
 * pushed out by a stranger, whose sign-up is refused as for a taken address. An owner shut out by a squatter meanwhile
 * holds the squatter's link in their own mailbox: confirming it, then resetting the password (mailed to a verified
 * address only), gives them the account and ends the squatter's sessions.
 */
export async function retireUnverifiedAccount(email: string): Promise<{ userId: string } | null> {
  return inTransaction(async (tx) => {
    const linksMadeSince = new Date(Date.now() - EMAIL_VERIFICATION_HOURS * 60 * 60 * 1000);
    const user = await tx.user.findFirst({
      where: { email: { equals: email, mode: "insensitive" }, emailVerified: false, createdAt: { lt: linksMadeSince } },
      select: { id: true },
    });
    if (!user) return null;
    const now = new Date();
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.account.deleteMany({ where: { userId: user.id } });
    await tx.apikey.updateMany({ where: { referenceId: user.id, revokedAt: null }, data: { revokedAt: now, enabled: false } });
    await tx.user.update({
      where: { id: user.id },
      data: { email: `retired-${crypto.randomUUID()}@retired.invalid`, updatedAt: now },
    });
    return { userId: user.id };
  });
}
