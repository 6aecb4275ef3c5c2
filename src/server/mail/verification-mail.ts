import { createEmailVerificationToken, EMAIL_VERIFICATION_HOURS } from "~/server/auth/email-verification-token";
import { linkOrigin, requestOriginOf } from "~/server/config";
import { pickAppLocale } from "~/domain/languages/app-locale";
import { sendAppMail } from "~/server/mail/mail-text";

/**
 * The page that verifies an address (src/app/verify-email/page.tsx), with a token bound to the account, on the
 * origin the sign-up came in on where it is trusted (`linkOrigin`).
 */
export function verificationLink(token: string, requestOrigin?: string): string {
  return `${linkOrigin(requestOrigin)}/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's `sendVerificationEmail`: on sign-up through the app and when a signed-in user asks again. Accounts
 * an operator creates (CLI `user:create`, the demo seed) are made server-side, without a request, and marked verified
 * at once (create-user.ts), so they get no mail — and the CLI's stdout stays pure JSON.
 */
export async function sendVerificationMail(
  { user }: { user: { id: string; email: string; name: string; locale?: string | null } },
  request?: Request,
): Promise<void> {
  if (!request) return;
  // better-auth's own token names only the address; ours names the account too (email-verification-token.ts).
  const link = verificationLink(createEmailVerificationToken(user.id, user.email), requestOriginOf(request.headers));
  // At sign-up the account has no language yet: the browser that signed up chooses.
  await sendAppMail({
    kind: "verification",
    to: user.email,
    locale: pickAppLocale(user.locale, request.headers.get("accept-language")),
    values: { name: user.name, hours: EMAIL_VERIFICATION_HOURS, link },
    link,
    linkLabel: "Verification link",
  });
}
