import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "~/domain/actor";
import type { TApiKeyScope, TMemberRole } from "~/domain/roles";
import { getDb } from "~/server/db/client";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { addMember } from "~/server/services/identity/add-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { importTemplate } from "~/server/services/templates/import-template";
import { APP_ORIGIN, type AppClient, createParty, type Party, send, startAppServer } from "./support/api-actors";
import { fixtureTemplate } from "./support/fixture-template";

/**
 * Roles, API key scopes and the member lifecycle over real HTTP (docs/security.md, Roles; Members): what a member of
 * each role and a key of each scope may do, and that a removed or suspended member's session and keys stop at once.
 * The same answers on several app servers: tests/integration/several-app-servers.test.ts.
 */

let app: AppClient;
let owner: Party;
let templateId: string;

beforeAll(async () => {
  app = await startAppServer();
  owner = await createParty(app, "Owner", "lifecycle");
  const template = await importTemplate({
    organizationId: owner.organizationId,
    createdByUserId: owner.userId,
    definition: fixtureTemplate(),
  });
  templateId = template.id;
}, 60_000);

afterAll(async () => {
  await app.close();
});

const asSession = (party: Party) => ({ cookie: party.cookie, origin: APP_ORIGIN });

/** A user with an organization of their own, added to the owner's organization with `role`. */
async function joiner(role: TMemberRole, label: string = role): Promise<Party> {
  const party = await createParty(app, label, "lifecycle");
  await addMember({ actor: OPERATOR, organizationId: owner.organizationId, userEmailOrId: party.email, role });
  return party;
}

/** A key of `party` for the owner's organization, made by the operator (an editor or viewer cannot make keys). */
async function keyOf(party: Party, scope: TApiKeyScope): Promise<string> {
  return (await createApiKey({ userId: party.userId, organizationId: owner.organizationId, scope })).token;
}

const models = () => `/api/organizations/${owner.organizationId}/models`;
const member = (party: Party) => `/api/organizations/${owner.organizationId}/members/${party.userId}`;

function createModel(headers: Record<string, string>) {
  return send(app, "POST", models(), {
    headers: { ...headers, "content-type": "application/json" },
    data: { name: "By role", templateId },
  });
}

function patchRole(headers: Record<string, string>, target: Party, role: TMemberRole) {
  return send(app, "PATCH", member(target), { headers: { ...headers, "content-type": "application/json" }, data: { role } });
}

const message = (text: string) => (JSON.parse(text) as { message: string }).message;

describe("roles", () => {
  it("a viewer reads and is refused every write with 403 naming the role it needs; an editor writes models", async () => {
    const viewer = await joiner("viewer");
    const editor = await joiner("editor");
    expect((await send(app, "GET", models(), { headers: asSession(viewer) })).status).toBe(200);
    const refused = await createModel(asSession(viewer));
    expect(refused.status).toBe(403);
    expect(message(refused.text)).toMatch(/needs the editor role or above; your role in this organization is viewer/);
    expect((await createModel(asSession(editor))).status).toBe(201);
    // Settings are an admin's.
    const settings = await send(app, "PATCH", `/api/organizations/${owner.organizationId}`, {
      headers: { ...asSession(editor), "content-type": "application/json" },
      data: { economicOperatorId: "DE123456789012345" },
    });
    expect(settings.status).toBe(403);
    expect(message(settings.text)).toMatch(/needs the admin role or above/);
  });

  it("an admin manages members below owner, never gives a role above their own, and leaves owners to owners", async () => {
    const admin = await joiner("admin");
    const editor = await joiner("editor");
    const raised = await patchRole(asSession(admin), editor, "admin");
    expect(raised.status, raised.text).toBe(200);
    expect(JSON.parse(raised.text)).toMatchObject({ userId: editor.userId, role: "admin", suspendedAt: null });
    expect((await patchRole(asSession(admin), editor, "owner")).status).toBe(403);
    expect((await patchRole(asSession(admin), owner, "editor")).status).toBe(403);
    expect((await send(app, "DELETE", member(owner), { headers: asSession(admin) })).status).toBe(403);
    // Managing members needs a session: even the owner's admin key is refused.
    expect((await patchRole({ api_token: owner.token }, editor, "viewer")).status).toBe(403);
  });

  it("the last owner cannot be removed, suspended or demoted (409)", async () => {
    const solo = await createParty(app, "Solo", "lifecycle");
    const own = (path: string) => `/api/organizations/${solo.organizationId}/members/${solo.userId}${path}`;
    const removal = await send(app, "DELETE", own(""), { headers: asSession(solo) });
    expect(removal.status).toBe(409);
    expect(message(removal.text)).toMatch(/last owner/);
    expect((await send(app, "POST", own("/suspend"), { headers: asSession(solo) })).status).toBe(409);
    const demotion = await send(app, "PATCH", own(""), {
      headers: { ...asSession(solo), "content-type": "application/json" },
      data: { role: "admin" },
    });
    expect(demotion.status).toBe(409);
    expect(await getDb().member.count({ where: { organizationId: solo.organizationId, role: "owner" } })).toBe(1);
  });

  it("two owners removing each other at once: one succeeds, the other is refused, and one owner stays", async () => {
    const first = await createParty(app, "First", "lifecycle");
    const second = await createParty(app, "Second", "lifecycle");
    await addMember({ actor: OPERATOR, organizationId: first.organizationId, userEmailOrId: second.email, role: "owner" });
    const path = (party: Party) => `/api/organizations/${first.organizationId}/members/${party.userId}`;
    const statuses = await Promise.all([
      send(app, "DELETE", path(second), { headers: asSession(first) }),
      send(app, "DELETE", path(first), { headers: asSession(second) }),
    ]);
    // The loser is the last owner by then (409), or, when its request was read after the removal, its session has
    // ended (401) or it is no member (403): what matters is that never both succeed.
    const [won, lost] = statuses.map((answer) => answer.status).sort();
    expect(won).toBe(204);
    expect([401, 403, 409]).toContain(lost);
    expect(await getDb().member.count({ where: { organizationId: first.organizationId, role: "owner" } })).toBe(1);
  });
});

describe("API key scopes", () => {
  it("a key acts with the lower of its scope and its user's role; an out-of-scope call is 403 naming the scope", async () => {
    const cases: [TApiKeyScope, number][] = [
      ["read", 403],
      ["readings", 403],
      ["write", 201],
      ["admin", 201],
    ];
    for (const [scope, status] of cases) {
      const answer = await createModel({ api_token: await keyOf(owner, scope) });
      expect(answer.status, `${scope}: ${answer.text}`).toBe(status);
      if (status === 403)
        expect(message(answer.text)).toMatch(new RegExp(`needs an API key with the write scope; this key's scope is ${scope}`));
    }
    // Reading is every scope's.
    expect((await send(app, "GET", models(), { headers: { api_token: await keyOf(owner, "readings") } })).status).toBe(200);
    // An admin key of a viewer is a viewer.
    const viewer = await joiner("viewer", "Capped");
    const capped = await createModel({ api_token: await keyOf(viewer, "admin") });
    expect(capped.status).toBe(403);
    expect(message(capped.text)).toMatch(/your role in this organization is viewer/);
  });
});

describe("removal and suspension", () => {
  it("a removed member's session and key answer 401 on the next request; the account, its name in the history and its grants stay", async () => {
    const leaver = await joiner("admin", "Leaver");
    const token = await keyOf(leaver, "admin");
    const created = await createModel({ api_token: token });
    expect(created.status).toBe(201);
    const modelId = (JSON.parse(created.text) as { id: string }).id;
    const renamed = await send(app, "PATCH", `${models()}/${modelId}`, {
      headers: { api_token: token, "content-type": "application/json" },
      data: { name: "Renamed by the leaver" },
    });
    expect(renamed.status).toBe(200);
    const grant = await send(app, "POST", `${models()}/${modelId}/access-grants`, {
      headers: { api_token: token, "content-type": "application/json" },
      data: { level: "authority", partyName: "Leaver's authority", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(grant.status, grant.text).toBe(201);
    // Both were just used, so the key is in this server's cache.
    expect((await send(app, "GET", models(), { headers: asSession(leaver) })).status).toBe(200);

    expect((await send(app, "DELETE", member(leaver), { headers: asSession(owner) })).status).toBe(204);
    expect((await send(app, "GET", models(), { headers: { api_token: token } })).status).toBe(401);
    expect((await send(app, "GET", "/api/organizations", { headers: asSession(leaver) })).status).toBe(401);
    expect(await getDb().user.count({ where: { id: leaver.userId } })).toBe(1);
    const history = await send(app, "GET", `${models()}/${modelId}/history`, { headers: asSession(owner) });
    expect(history.status).toBe(200);
    expect(history.text).toContain(leaver.userId);
    expect(history.text).toContain(`Leaver lifecycle`);
    // The grant belongs to the organization: it stays active until someone revokes it.
    const grants = await send(app, "GET", `${models()}/${modelId}/access-grants`, { headers: asSession(owner) });
    expect((JSON.parse(grants.text) as { id: string; isActive: boolean }[]).map((g) => [g.id, g.isActive])).toEqual([
      [(JSON.parse(grant.text) as { id: string }).id, true],
    ]);
    // The key the leaver had for their own organization is theirs still.
    expect((await send(app, "GET", "/api/organizations", { headers: { api_token: leaver.token } })).status).toBe(200);
  });

  it("a suspended member's session and key answer 401; listed still, and signed in again, they act on nothing (403)", async () => {
    const paused = await joiner("editor", "Paused");
    const token = await keyOf(paused, "write");
    const suspended = await send(app, "POST", `${member(paused)}/suspend`, { headers: asSession(owner) });
    expect(suspended.status, suspended.text).toBe(200);
    expect(JSON.parse(suspended.text)).toMatchObject({ userId: paused.userId, role: "editor", suspendedAt: expect.any(String) });
    expect((await send(app, "GET", models(), { headers: { api_token: token } })).status).toBe(401);
    expect((await send(app, "GET", models(), { headers: asSession(paused) })).status).toBe(401);
    const signIn = await send(app, "POST", "/api/auth/sign-in/email", {
      headers: { origin: APP_ORIGIN, "content-type": "application/json", [PEER_ADDRESS_HEADER]: "198.51.100.7" },
      data: { email: paused.email, password: "correct-horse-battery" },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
    expect((await send(app, "GET", models(), { headers: { cookie } })).status).toBe(403);
    const listed = await send(app, "GET", `/api/organizations/${owner.organizationId}/members`, { headers: asSession(owner) });
    expect(
      (JSON.parse(listed.text) as { userId: string; suspendedAt: string | null }[]).find((m) => m.userId === paused.userId)
        ?.suspendedAt,
    ).not.toBeNull();
  });
});
