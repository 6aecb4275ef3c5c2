import { createEmailVerificationToken, EMAIL_VERIFICATION_HOURS } from "~/server/auth/email-verification-token";
import { linkOrigin, requestOriginOf } from "~/server/config";
import { sendMail } from "~/server/mail/send-mail";

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
  { user }: { user: { id: string; email: string; name: string } },
  request?: Request,
): Promise<void> {
  if (!request) return;
  // better-auth's own token names only the address; ours names the account too (email-verification-token.ts).
  const link = verificationLink(await createEmailVerificationToken(user.id, user.email), requestOriginOf(request.headers));
  await sendMail({
    to: user.email,
    subject: "Verify your email address for Passport Studio",
    text: [
      `Hello ${user.name},`,
      "",
      `Someone — we hope you — created the Passport Studio account "${user.name}" with this address. If it is`,
      'yours, open the link below and press "Verify". Until then, invitations to organizations sent to this',
      `address cannot be accepted. The link is valid for ${EMAIL_VERIFICATION_HOURS} hours.`,
      "",
      link,
      "",
      "If you did not create this account, ignore this mail: the account stays unverified, and you can still sign",
      "up with this address yourself (that replaces the unverified account).",
    ].join("\n"),
    link,
    linkLabel: "Verification link",
  });
}
