import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, type AppErrorCode } from "~/domain/app-error";
import { getAuth } from "~/server/auth/auth";
import { OPERATOR, type Actor } from "~/domain/actor";
import { resolveActor } from "~/server/auth/resolve-actor";
import { publicOrigin } from "~/server/config";
import { getDb } from "~/server/db/client";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { verifyEmail } from "~/server/services/identity/verify-email";
import { acceptInvitation } from "~/server/services/invitations/accept-invitation";
import { declineInvitation } from "~/server/services/invitations/decline-invitation";
import { inviteMember } from "~/server/services/invitations/invite-member";
import { listInvitations } from "~/server/services/invitations/list-invitations";
import { listMyInvitations } from "~/server/services/invitations/list-my-invitations";
import { revokeInvitation } from "~/server/services/invitations/revoke-invitation";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { linkIn, startSmtpInbox, type SmtpInbox } from "./support/smtp-inbox";

/**
 * Email addresses carry access only once proven (issue 8, class 7): members invite by email, and the invitee joins
 * only by accepting while signed in with that address, verified. Mail goes through a real SMTP server.
 */

let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  // Read by the app's config on first use, which comes after this in this file's fresh module graph.
  process.env.SMTP_URL = inbox.url;
});

afterAll(async () => {
  await inbox.stop();
});

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@test.example`;
let clientCounter = 0;

/** Signs up through better-auth's HTTP endpoint, as the sign-up page does; returns the session's actor. */
async function signUpOverHttp(email: string): Promise<Actor> {
  clientCounter += 1;
  const response = await getAuth().handler(
    new Request(`${publicOrigin()}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: publicOrigin(),
        // Each sign-up from its own client address, clear of the per-address sign-up limit.
        "x-forwarded-for": `192.0.2.${clientCounter}`,
      },
      body: JSON.stringify({ name: `Person ${clientCounter}`, email, password: "correct-horse-battery" }),
    }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const actor = await resolveActor(new Headers({ cookie }));
  if (!actor) throw new Error("sign-up left no session");
  return actor;
}

async function verifyThroughMail(email: string): Promise<void> {
  const mail = await inbox.take(email);
  expect(mail.subject).toMatch(/verify/i);
  const link = linkIn(mail, "/verify-email?token=");
  expect(link.origin + link.pathname).toBe(`${publicOrigin()}/verify-email`);
  await verifyEmail({ token: link.searchParams.get("token") ?? "" });
}

async function ownerWithOrganization() {
  const owner = await createUser({ email: uniqueEmail("owner"), password: "correct-horse-battery", name: "Olga Owner" });
  const organization = await createOrganization({
    actor: OPERATOR,
    name: `Invite org ${crypto.randomUUID().slice(0, 8)}`,
    ownerUserId: owner.id,
  });
  const actor: Actor = {
    userId: owner.id,
    organizationIds: [organization.id],
    roles: { [organization.id]: "owner" as const },
    via: "session",
  };
  return { owner, organization, actor };
}

async function expectAppError(promise: Promise<unknown>, code: AppErrorCode): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected an AppError ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

async function isMember(userId: string, organizationId: string): Promise<boolean> {
  return (await getDb().member.count({ where: { userId, organizationId } })) === 1;
}

describe("email verification", () => {
  it("mails a link on sign-up; following it verifies the address; operator-made users are verified already", async () => {
    const email = uniqueEmail("newcomer");
    const actor = await signUpOverHttp(email);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: actor.userId } })).emailVerified).toBe(false);
    await verifyThroughMail(email);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: actor.userId } })).emailVerified).toBe(true);

    await expectAppError(verifyEmail({ token: "not-a-token" }), "BAD_REQUEST");

    const made = await createUser({ email: uniqueEmail("made"), password: "correct-horse-battery" });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: made.id } })).emailVerified).toBe(true);
    expect(inbox.count(made.email)).toBe(0);
  });
});

describe("invitations", () => {
  it("someone who signed up with a colleague's address first, unverified, gets nothing from an invitation to it", async () => {
    const { organization, actor: owner } = await ownerWithOrganization();
    const colleagueEmail = uniqueEmail("colleague");
    const squatter = await signUpOverHttp(colleagueEmail);

    // Through tRPC, as the members page does it.
    const asOwner = createCallerFactory(appRouter)({ headers: new Headers(), actor: owner });
    await asOwner.invitations.create({ organizationId: organization.id, email: colleagueEmail });

    expect(await isMember(squatter.userId, organization.id)).toBe(false);
    // The squatter does not even learn that the organization invited the address.
    expect(await listMyInvitations({ actor: squatter })).toEqual({ email: colleagueEmail, isEmailVerified: false, invitations: [] });
    const [invitation] = await listInvitations({ actor: owner, organizationId: organization.id });
    expect(invitation?.email).toBe(colleagueEmail);
    const refused = await expectAppError(acceptInvitation({ actor: squatter, invitationId: invitation!.id }), "FORBIDDEN");
    expect(refused.message).toMatch(/verify/i);
    expect(refused.message).not.toContain(organization.name);
    await expectAppError(declineInvitation({ actor: squatter, invitationId: invitation!.id }), "FORBIDDEN");
    expect(await isMember(squatter.userId, organization.id)).toBe(false);
    expect((await listInvitations({ actor: owner, organizationId: organization.id })).map((i) => i.id)).toEqual([invitation!.id]);
  });

  it("mails the invitation; another verified user cannot accept it; the verified invitee accepts and becomes a member", async () => {
    const { organization, actor: owner } = await ownerWithOrganization();
    const inviteeEmail = uniqueEmail("invitee");
    const invitee = await signUpOverHttp(inviteeEmail);
    await verifyThroughMail(inviteeEmail);

    const invitation = await inviteMember({ actor: owner, organizationId: organization.id, email: inviteeEmail.toUpperCase() });
    expect(invitation).toMatchObject({ email: inviteeEmail, organizationId: organization.id, invitedBy: { name: "Olga Owner" } });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await inbox.take(inviteeEmail);
    expect(mail.subject).toContain(organization.name);
    const link = linkIn(mail, "/invitations/");
    expect(link.href).toBe(`${publicOrigin()}/invitations/${invitation.id}`);
    expect(await isMember(invitee.userId, organization.id)).toBe(false);

    const other = await createUser({ email: uniqueEmail("other"), password: "correct-horse-battery" });
    const otherActor: Actor = { userId: other.id, organizationIds: [], roles: {}, via: "session" };
    await expectAppError(acceptInvitation({ actor: otherActor, invitationId: invitation.id }), "FORBIDDEN");
    expect(await isMember(other.id, organization.id)).toBe(false);
    await expectAppError(acceptInvitation({ actor: otherActor, invitationId: crypto.randomUUID() }), "NOT_FOUND");

    const mine = await listMyInvitations({ actor: invitee });
    expect(mine.invitations.map((i) => [i.id, i.organizationName])).toEqual([[invitation.id, organization.name]]);
    expect(await acceptInvitation({ actor: invitee, invitationId: invitation.id })).toEqual({
      organizationId: organization.id,
      organizationName: organization.name,
    });
    expect(await isMember(invitee.userId, organization.id)).toBe(true);
    await expectAppError(acceptInvitation({ actor: invitee, invitationId: invitation.id }), "CONFLICT");
    expect(await listInvitations({ actor: owner, organizationId: organization.id })).toEqual([]);

    // A member now, so inviting the address again is a conflict.
    await expectAppError(inviteMember({ actor: owner, organizationId: organization.id, email: inviteeEmail }), "CONFLICT");
  });

  it("revoked, declined and expired invitations cannot be accepted; only members see, make and revoke them", async () => {
    const { organization, actor: owner } = await ownerWithOrganization();
    const inviteeEmail = uniqueEmail("invitee");
    const invitee = await signUpOverHttp(inviteeEmail);
    await verifyThroughMail(inviteeEmail);
    const outsider: Actor = { userId: invitee.userId, organizationIds: [], roles: {}, via: "session" };

    const revoked = await inviteMember({ actor: owner, organizationId: organization.id, email: inviteeEmail });
    // A non-member is refused as everywhere else (assertMemberOf: 403), over REST and tRPC alike.
    await expectAppError(
      revokeInvitation({ actor: outsider, organizationId: organization.id, invitationId: revoked.id }),
      "FORBIDDEN",
    );
    await expectAppError(listInvitations({ actor: outsider, organizationId: organization.id }), "FORBIDDEN");
    await expectAppError(inviteMember({ actor: outsider, organizationId: organization.id, email: uniqueEmail("x") }), "FORBIDDEN");
    expect(await revokeInvitation({ actor: owner, organizationId: organization.id, invitationId: revoked.id })).toEqual({
      id: revoked.id,
      status: "canceled",
    });
    await expectAppError(revokeInvitation({ actor: owner, organizationId: organization.id, invitationId: revoked.id }), "NOT_FOUND");
    expect((await expectAppError(acceptInvitation({ actor: invitee, invitationId: revoked.id }), "CONFLICT")).message).toMatch(
      /revoked/,
    );

    const declined = await inviteMember({ actor: owner, organizationId: organization.id, email: inviteeEmail });
    expect(declined.id).not.toBe(revoked.id);
    // Inviting again while it is open renews the same invitation (and mails it again).
    const before = inbox.count(inviteeEmail);
    expect((await inviteMember({ actor: owner, organizationId: organization.id, email: inviteeEmail })).id).toBe(declined.id);
    expect(inbox.count(inviteeEmail)).toBe(before + 1);
    await declineInvitation({ actor: invitee, invitationId: declined.id });
    await expectAppError(acceptInvitation({ actor: invitee, invitationId: declined.id }), "CONFLICT");

    const expired = await inviteMember({ actor: owner, organizationId: organization.id, email: inviteeEmail });
    await getDb().invitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await expectAppError(acceptInvitation({ actor: invitee, invitationId: expired.id }), "CONFLICT")).message).toMatch(
      /expired/,
    );
    expect((await listMyInvitations({ actor: invitee })).invitations).toEqual([]);
    expect(await listInvitations({ actor: owner, organizationId: organization.id })).toEqual([]);
    expect(await isMember(invitee.userId, organization.id)).toBe(false);

    // The operator's list (CLI invite:list) spans organizations and carries each link.
    const open = await inviteMember({ actor: owner, organizationId: organization.id, email: uniqueEmail("later") });
    const listed = await listInvitations({ actor: OPERATOR });
    expect(listed.find((i) => i.id === open.id)?.link).toBe(`${publicOrigin()}/invitations/${open.id}`);
  });
});
