import { createTranslator } from "use-intl/core";
import { pickAppLocale, type TAppLocale } from "~/domain/languages/app-locale";
import { getDb } from "~/server/db/client";
import { loadMessages } from "~/i18n/messages";
import { sendMail } from "~/server/mail/send-mail";

/**
 * Mails are written in their recipient's language (docs/app-text.md): the recipient's profile setting, else the
 * language of the request that caused the mail (a sign-up's browser), else English. The log line that stands in for
 * a mail without SMTP stays English: it is for the operator.
 */
async function mailTranslator(locale: TAppLocale) {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace: "mail" });
}

/**
 * Sends one of the app's mails (the catalogues' `mail.<kind>.subject` and `.body`) in `locale`, its placeholders
 * filled from `values`: the one place a mail is worded, so every mail follows the same language rule.
 */
export async function sendAppMail(mail: {
  kind: "verification" | "passwordReset" | "invitation";
  to: string;
  locale: TAppLocale;
  values: Record<string, string | number>;
  link: string;
  linkLabel: string;
}): Promise<void> {
  const t = await mailTranslator(mail.locale);
  const { kind, values } = mail;
  await sendMail({
    to: mail.to,
    subject: t(`${kind}.subject`, values),
    text: t(`${kind}.body`, values),
    link: mail.link,
    linkLabel: mail.linkLabel,
  });
}

/** The language of a mail to `email`: that account's setting, else `fallback` (a profile or Accept-Language). */
export async function mailLocaleFor(email: string, fallback: { profileLocale?: string | null; acceptLanguage?: string | null }) {
  const recipient = await getDb().user.findUnique({ where: { email }, select: { locale: true } });
  return pickAppLocale(recipient?.locale ?? fallback.profileLocale, fallback.acceptLanguage);
}
