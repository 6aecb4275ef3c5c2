import { AppError } from "~/domain/app-error";
import { readEmailVerificationToken } from "~/server/auth/email-verification-token";
import { getDb } from "~/server/db/client";

/**
 * Email verification in two steps, so that only a person who holds the mailbox and chooses to can verify: opening
 * the link (GET, also done by mail scanners and link previews) only shows which account asks — describeVerification
 * — and the page's button (POST /api/auth/confirm-email) verifies it — verifyEmail. The token is bound to the
 * account that asked (src/server/auth/email-verification-token.ts): if that account is gone or no longer holds the
 * address, the link verifies nothing.
 */

export type VerifyEmailOptions = { token: string };

const INVALID = "This verification link is invalid or has expired. Sign in and ask for a new one.";

export type VerificationRequest = { email: string; name: string; createdAt: Date; isVerified: boolean };

/** Who asked: the account the link would verify, for the page to show before anything changes. */
export async function describeVerification({ token }: VerifyEmailOptions): Promise<VerificationRequest> {
  const user = await accountOf(token);
  return { email: user.email, name: user.name, createdAt: user.createdAt, isVerified: user.emailVerified };
}

/** Marks the address of the account that asked as verified. Idempotent. */
export async function verifyEmail({ token }: VerifyEmailOptions) {
  const user = await accountOf(token);
  const updated = await getDb().user.updateMany({
    where: { id: user.id, email: { equals: user.email, mode: "insensitive" } },
    data: { emailVerified: true, updatedAt: new Date() },
  });
  if (updated.count === 0) throw new AppError("BAD_REQUEST", INVALID);
  return { isVerified: true, email: user.email };
}

async function accountOf(token: string) {
  const claims = readEmailVerificationToken(token);
  if (!claims) throw new AppError("BAD_REQUEST", INVALID);
  const user = await getDb().user.findUnique({
    where: { id: claims.userId },
    select: { id: true, email: true, name: true, createdAt: true, emailVerified: true },
  });
  // The account that asked must still hold the address it asked for (it was not replaced, its address not changed).
  if (!user || user.email.toLowerCase() !== claims.email) throw new AppError("BAD_REQUEST", INVALID);
  return user;
}
