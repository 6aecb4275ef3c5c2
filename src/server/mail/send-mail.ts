import { createTransport, type Transporter } from "nodemailer";
import { getConfig } from "~/server/config";

/**
 * Sends the app's few mails (email verification, invitations) through the SMTP server named by SMTP_URL. Without
 * SMTP_URL, as on a developer's machine, the link each mail carries is written to the server log instead, one line
 * per mail, so an operator can pass it on (`invite:list` prints pending invitations' links too).
 *
 * Mails are plain text: names in them come from users, and text cannot smuggle markup into anyone's mail client.
 */

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about, logged when there is no SMTP server. */
  link: string;
  /** What the link is, for the log line ("Verification link", "Invitation link"). */
  linkLabel: string;
};

let cached: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (cached?.url !== url) cached = { url, transporter: createTransport(url) };
  return cached.transporter;
}

/** Names in a subject or a log line come from users: a line break there must not start a header or a log entry. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, " ");
}

export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = getConfig();
  if (!SMTP_URL) {
    console.info(oneLine(`[mail] ${mail.linkLabel} for ${mail.to}: ${mail.link}`));
    return;
  }
  await transporterFor(SMTP_URL).sendMail({ from: MAIL_FROM, to: mail.to, subject: oneLine(mail.subject), text: mail.text });
}
