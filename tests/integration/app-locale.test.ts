import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { sendPasswordResetMail } from "~/server/mail/password-reset-mail";
import { sendVerificationMail } from "~/server/mail/verification-mail";
import { inviteMember } from "~/server/services/invitations/invite-member";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox";
import { createWorld, type World } from "./support/world";

/**
 * The app's own language (docs/app-text.md): a member sets it on their profile (account.setLocale, sessions only),
 * and mails follow their recipient — the profile's language, else the browser that caused them, else English.
 */

let inbox: SmtpInbox;
let world: World;
let session: Actor;
const caller = (actor: Actor) => createCallerFactory(appRouter)({ headers: new Headers(), actor });
const localeOf = async (id: string) => (await getDb().user.findUniqueOrThrow({ where: { id }, select: { locale: true } })).locale;
const requestIn = (acceptLanguage: string) =>
  new Request("http://localhost:3000/api/auth/x", { headers: { "accept-language": acceptLanguage } });

beforeAll(async () => {
  inbox = await startSmtpInbox();
  process.env.SMTP_URL = inbox.url;
  world = await createWorld("locale");
  session = { ...world.actor, via: "session", apiKeyId: undefined };
});
afterAll(async () => {
  await inbox.stop();
});

describe("account.setLocale", () => {
  it("stores the member's language and clears it with null", async () => {
    expect(await caller(session).account.setLocale({ locale: "fr" })).toEqual({ locale: "fr" });
    expect(await localeOf(world.user.id)).toBe("fr");
    await caller(session).account.setLocale({ locale: null });
    expect(await localeOf(world.user.id)).toBeNull();
  });

  it("refuses a language the app does not speak, and an API key", async () => {
    await expect(caller(session).account.setLocale({ locale: "es" as "en" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller(world.actor).account.setLocale({ locale: "de" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await localeOf(world.user.id)).toBeNull();
  });
});

describe("mails in their recipient's language", () => {
  const user = (locale: string | null) => ({
    id: crypto.randomUUID(),
    email: `mail-${crypto.randomUUID()}@test.example`,
    name: "Ada",
    emailVerified: true,
    locale,
  });

  it("a sign-up's verification mail speaks the browser's language", async () => {
    const german = user(null);
    await sendVerificationMail({ user: german }, requestIn("de-DE,de;q=0.9,en;q=0.5"));
    const mail = await inbox.take(german.email);
    expect(mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Passport Studio");
    expect(mail.text).toContain("Hallo Ada,");
    expect(mail.text).toContain("/verify-email?token=");

    const other = user(null);
    await sendVerificationMail({ user: other }, requestIn("es-ES"));
    expect((await inbox.take(other.email)).subject).toBe("Verify your email address for Passport Studio");
  });

  it("a reset mail follows the account's setting over the browser", async () => {
    const french = user("fr");
    await sendPasswordResetMail({ user: french, token: "t" }, requestIn("de-DE"));
    const mail = await inbox.take(french.email);
    expect(mail.subject).toBe("Réinitialisez votre mot de passe Passport Studio");
    expect(mail.text).toContain("dans l’heure");
  });

  it("an invitation speaks the invitee's language, else the inviter's", async () => {
    await getDb().user.update({ where: { id: world.user.id }, data: { locale: "fr" } });
    const stranger = `stranger-${crypto.randomUUID()}@test.example`;
    await inviteMember({ actor: session, organizationId: world.organization.id, email: stranger });
    expect((await inbox.take(stranger)).subject).toMatch(/vous a invité à rejoindre/);

    const invitee = await createWorld("invitee-de");
    await getDb().user.update({ where: { id: invitee.user.id }, data: { locale: "de" } });
    await inviteMember({ actor: session, organizationId: world.organization.id, email: invitee.user.email });
    const mail = await inbox.take(invitee.user.email);
    expect(mail.subject).toMatch(/hat Sie zu .* auf Passport Studio eingeladen/);
    expect(mail.text).toContain("Die Einladung läuft in");
    await getDb().user.update({ where: { id: world.user.id }, data: { locale: null } });
  });
});
