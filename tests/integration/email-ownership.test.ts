import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "~/app/api/auth/[...all]/route";
import { OPERATOR } from "~/domain/actor";
import { resolveActor } from "~/server/auth/resolve-actor";
import { publicOrigin } from "~/server/config";
import { getDb } from "~/server/db/client";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { PASSWORD_RESET_MAILS_PER_HOUR } from "~/server/mail/password-reset-mail";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { describeVerification } from "~/server/services/identity/verify-email";
import { acceptInvitation } from "~/server/services/invitations/accept-invitation";
import { inviteMember } from "~/server/services/invitations/invite-member";
import { listMyInvitations } from "~/server/services/invitations/list-my-invitations";
import { linkIn, startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox";

/**
 * An address belongs to whoever holds its mailbox (issue 19, class 2): opening a verification link verifies
 * nothing (a mail scanner does that too), a POST from its page does, and only for the account that asked; an
 * unverified account never blocks its address's owner from signing up; a verified owner can reset a password by mail.
 */

let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  process.env.SMTP_URL = inbox.url;
});
afterAll(async () => {
  await inbox.stop();
});

const PASSWORD = "correct-horse-battery";
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@test.example`;
let addressCounter = 0;
const uniqueAddress = () => {
  addressCounter += 1;
  return `10.${(process.pid % 200) + 20}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

async function auth(method: "GET" | "POST", path: string, body?: unknown, cookie?: string): Promise<Response> {
  const headers = new Headers({ origin: publicOrigin(), "content-type": "application/json" });
  headers.set(PEER_ADDRESS_HEADER, uniqueAddress());
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${publicOrigin()}/api/auth${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return method === "GET" ? authRoute.GET(request) : authRoute.POST(request);
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

/** Moves an account's creation `hours` into the past, as if it had waited that long unverified. */
async function ageAccount(email: string, hours: number): Promise<void> {
  const createdAt = new Date(Date.now() - hours * 60 * 60 * 1000);
  await getDb().user.updateMany({ where: { email: { equals: email, mode: "insensitive" } }, data: { createdAt } });
}

async function signUp(email: string, name: string, password = PASSWORD) {
  const response = await auth("POST", "/sign-up/email", { email, name, password });
  return { response, cookie: cookieOf(response) };
}

async function verificationToken(email: string): Promise<string> {
  const mail = await inbox.take(email);
  expect(mail.subject).toMatch(/verify/i);
  return linkIn(mail, "/verify-email?token=").searchParams.get("token") ?? "";
}

const isVerified = async (email: string) =>
  (await getDb().user.findFirst({ where: { email }, select: { emailVerified: true } }))?.emailVerified ?? null;

describe("verifying an address", () => {
  it("opening the link verifies nothing; the page names the account; its POST verifies exactly that account", async () => {
    const email = uniqueEmail("owner");
    expect((await signUp(email, "Ada Owner")).response.status).toBe(200);
    const token = await verificationToken(email);

    // What a mail scanner does: GET the link, and better-auth's own GET endpoint with the same token.
    const scanned = await auth("GET", `/verify-email?token=${encodeURIComponent(token)}`);
    expect(scanned.status).toBe(404);
    expect(await describeVerification({ token })).toMatchObject({ email, name: "Ada Owner", isVerified: false });
    expect(await isVerified(email)).toBe(false);

    const confirmed = await auth("POST", "/confirm-email", { token });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await isVerified(email)).toBe(true);
    expect((await auth("POST", "/confirm-email", { token: `${token}x` })).status).toBe(400);
  });

  it("a squatter's link, once the owner signed up, verifies neither account; the squatter never gets the invitations", async () => {
    const email = uniqueEmail("colleague");
    const squatter = await signUp(email, "Mallory Squatter", "squatters-password");
    expect(squatter.response.status).toBe(200);
    const squatterActor = await resolveActor(new Headers({ cookie: squatter.cookie }));
    const squattersToken = await verificationToken(email);
    // A day later, the squatter's link has expired unopened (EMAIL_VERIFICATION_HOURS).
    await ageAccount(email, 25);

    // The owner signs up with their own address: the unverified account does not block it, it is replaced.
    const owner = await signUp(email, "Olga Owner");
    expect(owner.response.status, await owner.response.clone().text()).toBe(200);
    const ownerActor = await resolveActor(new Headers({ cookie: owner.cookie }));
    expect(ownerActor?.userId).not.toBe(squatterActor?.userId);
    // The squatter is out: no session, no password, no way back in.
    expect(await resolveActor(new Headers({ cookie: squatter.cookie }))).toBeNull();
    expect((await auth("POST", "/sign-in/email", { email, password: "squatters-password" })).status).toBe(401);

    // The mail the squatter's sign-up caused verifies nothing now, even clicked.
    expect((await auth("POST", "/confirm-email", { token: squattersToken })).status).toBe(400);
    expect(await isVerified(email)).toBe(false);

    // The owner verifies their own account, and only then sees and accepts an invitation to the address.
    const owners = await createUser({ email: uniqueEmail("inviter"), password: PASSWORD });
    const organization = await createOrganization({
      actor: OPERATOR,
      name: `Org ${crypto.randomUUID().slice(0, 8)}`,
      ownerUserId: owners.id,
    });
    const invitation = await inviteMember({
      actor: { userId: owners.id, organizationIds: [organization.id], roles: { [organization.id]: "owner" as const }, via: "session" },
      organizationId: organization.id,
      email,
    });
    const ownersToken = await verificationToken(email);
    expect((await describeVerification({ token: ownersToken })).name).toBe("Olga Owner");
    expect((await auth("POST", "/confirm-email", { token: ownersToken })).status).toBe(200);
    const invitations = await listMyInvitations({ actor: ownerActor! });
    expect(invitations.isEmailVerified).toBe(true);
    await acceptInvitation({ actor: ownerActor!, invitationId: invitation.id });
    expect(await getDb().member.count({ where: { organizationId: organization.id, userId: ownerActor!.userId } })).toBe(1);
  });

  it("a new account whose link may still be opened is not pushed out: a stranger's sign-up with its address is refused", async () => {
    const email = uniqueEmail("newcomer");
    const newcomer = await signUp(email, "Nora Newcomer", "newcomers-password");
    expect(newcomer.response.status).toBe(200);
    const newcomerActor = await resolveActor(new Headers({ cookie: newcomer.cookie }));
    const newcomersToken = await verificationToken(email);

    const stranger = await signUp(email, "Sam Stranger", "strangers-password");
    expect(stranger.response.status).toBe(422);
    // The newcomer keeps their session, password and link; the stranger got no account.
    expect((await resolveActor(new Headers({ cookie: newcomer.cookie })))?.userId).toBe(newcomerActor?.userId);
    expect((await auth("POST", "/sign-in/email", { email, password: "newcomers-password" })).status).toBe(200);
    expect((await auth("POST", "/sign-in/email", { email, password: "strangers-password" })).status).toBe(401);
    expect((await auth("POST", "/confirm-email", { token: newcomersToken })).status).toBe(200);
    expect(await isVerified(email)).toBe(true);
  });

  it("a verified account is never replaced: signing up with its address is refused", async () => {
    const email = uniqueEmail("verified");
    await createUser({ email, password: PASSWORD });
    expect((await signUp(email, "Someone Else")).response.status).toBe(422);
    expect((await auth("POST", "/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
  });
});

describe("resetting a password by mail", () => {
  it("mails a verified account a one-time link that sets a new password and ends its sessions", async () => {
    const email = uniqueEmail("forgetful");
    await createUser({ email, password: PASSWORD });
    const session = cookieOf(await auth("POST", "/sign-in/email", { email, password: PASSWORD }));
    expect(await resolveActor(new Headers({ cookie: session }))).not.toBeNull();

    const asked = await auth("POST", "/request-password-reset", { email });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const mail = await inbox.take(email);
    expect(mail.subject).toMatch(/reset/i);
    const token = linkIn(mail, "/reset-password?token=").searchParams.get("token") ?? "";

    expect((await auth("POST", "/reset-password", { token, newPassword: "a-brand-new-password" })).status).toBe(200);
    expect(await resolveActor(new Headers({ cookie: session }))).toBeNull();
    expect((await auth("POST", "/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    expect((await auth("POST", "/sign-in/email", { email, password: "a-brand-new-password" })).status).toBe(200);
    // One-time.
    expect((await auth("POST", "/reset-password", { token, newPassword: "yet-another-password" })).status).toBe(400);
  });

  it("answers the same for an unknown or unverified address, mailing nothing, and mails one address at most a few times an hour", async () => {
    const unknown = uniqueEmail("nobody");
    const unverified = uniqueEmail("unproven");
    expect((await signUp(unverified, "Unproven")).response.status).toBe(200);
    await verificationToken(unverified);
    for (const email of [unknown, unverified]) {
      const response = await auth("POST", "/request-password-reset", { email });
      expect(response.status).toBe(200);
    }
    const verified = uniqueEmail("flooded");
    await createUser({ email: verified, password: PASSWORD });
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_HOUR + 2; i += 1) {
      expect((await auth("POST", "/request-password-reset", { email: verified })).status).toBe(200);
    }
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_HOUR; i += 1) await inbox.take(verified);
    expect(inbox.count(unknown) + inbox.count(unverified) - 1).toBe(0);
    expect(inbox.count(verified)).toBe(PASSWORD_RESET_MAILS_PER_HOUR);
  });
});
