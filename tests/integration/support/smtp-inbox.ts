import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a free loopback port that keeps every message it receives, so tests read the mails the app
 * sent over the wire exactly as a mail server would get them (no mock transport).
 */
export type SmtpInbox = {
  url: string;
  /** The next mail to `to` not yet taken (waits for it, up to 10 s). */
  take: (to: string) => Promise<ParsedMail>;
  count: (to: string) => number;
  stop: () => Promise<void>;
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const recipients = (mail: ParsedMail) =>
    [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase()));
  const find = (to: string) => received.find((mail) => !taken.has(mail) && recipients(mail).includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    count: (to) => received.filter((mail) => recipients(mail).includes(to.toLowerCase())).length,
    take: (to) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to);
          if (!mail) return;
          taken.add(mail);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within 10 s`));
        }, 10_000);
        waiters.add(check);
        check();
      }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The one link to `path` on the app's origin in a mail's text. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, "\\$&")}\\S*`).exec(mail.text ?? "");
  if (!match) throw new Error(`No ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}
