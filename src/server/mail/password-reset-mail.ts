import { createHash } from "node:crypto";
import { linkOrigin, requestOriginOf } from "~/server/config";
import { pickAppLocale } from "~/domain/languages/app-locale";
import { sendAppMail } from "~/server/mail/mail-text";
import { consumeRateLimit } from "~/server/rate-limit/consume-rate-limit";

/** Reset mails one address gets per hour, whoever asks: asking cannot flood a mailbox. */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;
export const PASSWORD_RESET_HOURS = 1;

/**
 * The page that sets a new password (src/app/reset-password/page.tsx), with better-auth's one-time token, on the
 * origin the request came in on where it is trusted (`linkOrigin`).
 */
export function passwordResetLink(token: string, requestOrigin?: string): string {
  return `${linkOrigin(requestOrigin)}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's `sendResetPassword` (POST /api/auth/request-password-reset, "Forgot password?"). The answer to the
 * request is the same whether a mail goes out or not, so it tells nobody which addresses have accounts. Only a
 * verified address gets one: the password of an account whose address nobody proved is not recoverable by mail —
 * signing up again with the address replaces such an account (retire-unverified-account.ts).
 */
export async function sendPasswordResetMail(
  { user, token }: { user: { email: string; name: string; emailVerified: boolean; locale?: string | null }; token: string },
  request?: Request,
): Promise<void> {
  if (!request || !user.emailVerified) return;
  const key = `password-reset:${createHash("sha256").update(user.email.toLowerCase()).digest("hex")}`;
  const verdict = await consumeRateLimit(key, { windowMs: 60 * 60 * 1000, max: PASSWORD_RESET_MAILS_PER_HOUR });
  if (!verdict.isAllowed) return;
  const link = passwordResetLink(token, requestOriginOf(request.headers));
  await sendAppMail({
    kind: "passwordReset",
    to: user.email,
    locale: pickAppLocale(user.locale, request.headers.get("accept-language")),
    values: { name: user.name, hours: PASSWORD_RESET_HOURS, link },
    link,
    linkLabel: "Password reset link",
  });
}
