import { publicOrigin } from "~/server/config";
import { sendMail } from "~/server/mail/send-mail";

/** The page that verifies an address (src/app/verify-email/page.tsx), with the token better-auth signed. */
export function verificationLink(token: string): string {
  return `${publicOrigin()}/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's `sendVerificationEmail`: on sign-up through the app and when a signed-in user asks again. Accounts
 * an operator creates (CLI `user:create`, the demo seed) are made server-side, without a request, and marked verified
 * at once (create-user.ts), so they get no mail — and the CLI's stdout stays pure JSON.
 */
export async function sendVerificationMail(
  { user, token }: { user: { email: string; name: string }; token: string },
  request?: Request,
): Promise<void> {
  if (!request) return;
  const link = verificationLink(token);
  await sendMail({
    to: user.email,
    subject: "Verify your email address for Passport Studio",
    text: [
      `Hello ${user.name},`,
      "",
      "Please confirm that this address is yours by opening the link below. Until then, invitations to",
      "organizations sent to this address cannot be accepted. The link is valid for 24 hours.",
      "",
      link,
      "",
      "If you did not create a Passport Studio account, ignore this mail.",
    ].join("\n"),
    link,
    linkLabel: "Verification link",
  });
}
