import { beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "~/app/api/trpc/[trpc]/route";
import { getAuth } from "~/server/auth/auth";
import { hashApiKey } from "~/server/auth/api-key-token";
import { flushApiKeyUses } from "~/server/auth/api-key-usage";
import { getDb } from "~/server/db/client";
import { OPERATOR } from "~/domain/actor";
import { addMember } from "~/server/services/identity/add-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { expectError } from "./support/contract";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * API keys (issues 8 and 15): a key acts on one organization, may expire, stays revoked, cannot manage keys, members
 * or organizations, is rate limited per call (a tRPC batch of n calls is n), and a read with it writes nothing.
 */

type TrpcAnswer = { status: number; headers: Headers; body: unknown };

/** Calls the real tRPC route handler; several procedures make one batch (`/api/trpc/a,b?batch=1`). */
async function trpc(
  kind: "query" | "mutation",
  procedures: string[],
  options: { token: string; input?: unknown },
): Promise<TrpcAnswer> {
  const isBatch = procedures.length > 1;
  const url = new URL(`/api/trpc/${procedures.join(",")}`, "http://localhost:3000");
  if (isBatch) url.searchParams.set("batch", "1");
  const inputs = isBatch ? Object.fromEntries(procedures.map((_, i) => [i, options.input ?? null])) : options.input;
  const headers = new Headers({ api_token: options.token });
  let request: Request;
  if (kind === "query") {
    if (inputs !== undefined) url.searchParams.set("input", JSON.stringify(inputs));
    request = new Request(url, { headers });
  } else {
    headers.set("content-type", "application/json");
    request = new Request(url, { method: "POST", headers, body: JSON.stringify(inputs ?? null) });
  }
  const response = await trpcRoute.POST(request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

function errorMessageOf(answer: TrpcAnswer): string {
  const body = answer.body as { error?: { message?: string } } | { error?: { message?: string } }[];
  return (Array.isArray(body) ? body[0]?.error?.message : body.error?.message) ?? "";
}

let world: World;
/** A second organization of the world's user: the world's key is scoped to the first. */
let second: { id: string; name: string };

beforeAll(async () => {
  world = await createWorld("keys");
  second = await createOrganization({ actor: OPERATOR, name: `Second ${world.user.email}`, ownerUserId: world.user.id });
});

describe("a key acts on its own organization only", () => {
  it("answers 403 on another organization of the same user, exactly as for a non-member", async () => {
    const own = await api("GET", `/api/organizations/${world.organization.id}/models`, { token: world.token });
    expect(own.status).toBe(200);
    const other = expectError(await api("GET", `/api/organizations/${second.id}/models`, { token: world.token }), 403);
    const stranger = await createWorld("stranger");
    const nonMember = expectError(await api("GET", `/api/organizations/${second.id}/models`, { token: stranger.token }), 403);
    expect(other).toEqual(nonMember);
    const listed = await trpc("query", ["organizations.list"], { token: world.token });
    expect(listed.body).toMatchObject({ result: { data: [{ id: world.organization.id }] } });
  });

  it("acts only while its user is a member of the organization: membership is read at use, not at creation", async () => {
    const user = await createUser({ email: `leaver-${crypto.randomUUID()}@test.example`, password: "correct-horse-battery" });
    const key = await createApiKey({ userId: user.id, organizationId: world.organization.id });
    const path = `/api/organizations/${world.organization.id}/templates`;
    expectError(await api("GET", path, { token: key.token }), 403);
    // Adding the member through this process takes effect on the very next request, cached key or not.
    await addMember({ actor: OPERATOR, organizationId: world.organization.id, userEmailOrId: user.id });
    expect((await api("GET", path, { token: key.token })).status).toBe(200);
    // Removed behind the app's back, the membership is gone for a key resolved afterwards (at most 1 s later).
    await getDb().member.deleteMany({ where: { organizationId: world.organization.id, userId: user.id } });
    const another = await createApiKey({ userId: user.id, organizationId: world.organization.id });
    expectError(await api("GET", path, { token: another.token }), 403);
  });

  it("keeps a key made before keys were scoped (by better-auth, no organization) working on all the user's organizations", async () => {
    const legacy = await getAuth().api.createApiKey({ body: { userId: world.user.id, name: "legacy" } });
    const row = await getDb().apikey.findUniqueOrThrow({ where: { id: legacy.id } });
    // Our hash is better-auth's: keys it made verify with ours.
    expect(row.key).toBe(hashApiKey(legacy.key));
    expect(row.organizationId).toBeNull();
    for (const organizationId of [world.organization.id, second.id]) {
      const response = await api("GET", `/api/organizations/${organizationId}/models`, { token: legacy.key });
      expect(response.status, organizationId).toBe(200);
    }
  });
});

describe("expiry and revocation", () => {
  it("refuses an expired key with 401 saying it expired, and accepts one that has not expired yet", async () => {
    const path = `/api/organizations/${world.organization.id}/templates`;
    const expired = await createApiKey({
      userId: world.user.id,
      organizationId: world.organization.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const body = expectError(await api("GET", path, { token: expired.token }), 401);
    expect(body.message).toMatch(/expired/);
    const later = await createApiKey({
      userId: world.user.id,
      organizationId: world.organization.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await api("GET", path, { token: later.token })).status).toBe(200);
  });

  it("keeps a revoked key revoked even if `enabled` is set back to true in the table, from the very next request", async () => {
    const key = await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: "to revoke" });
    const path = `/api/organizations/${world.organization.id}/templates`;
    expect((await api("GET", path, { token: key.token })).status).toBe(200);
    await revokeApiKey({ actor: OPERATOR, id: key.id });
    expectError(await api("GET", path, { token: key.token }), 401);
    await getDb().apikey.update({ where: { id: key.id }, data: { enabled: true } });
    expectError(await api("GET", path, { token: key.token }), 401);
    expect((await trpc("query", ["organizations.list"], { token: key.token })).status).toBe(401);
  });

  it("lets a viewer revoke the keys they hold, as the keys page offers (docs/security.md, API keys), and no one else's", async () => {
    // Made while an admin, then made a viewer: the key acts as a viewer now, and its holder may still end it.
    const user = await createUser({ email: `demoted-${crypto.randomUUID()}@test.example`, password: "correct-horse-battery" });
    await addMember({ actor: OPERATOR, organizationId: world.organization.id, userEmailOrId: user.id, role: "admin" });
    const key = await createApiKey({ userId: user.id, organizationId: world.organization.id, name: "held by a viewer" });
    await getDb().member.updateMany({ where: { organizationId: world.organization.id, userId: user.id }, data: { role: "viewer" } });
    const viewer = {
      userId: user.id,
      organizationIds: [world.organization.id],
      roles: { [world.organization.id]: "viewer" as const },
      via: "session" as const,
    };
    const path = `/api/organizations/${world.organization.id}/templates`;
    expect((await api("GET", path, { token: key.token })).status).toBe(200);
    await expect(revokeApiKey({ actor: viewer, id: world.keyId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await revokeApiKey({ actor: viewer, id: key.id })).revokedAt).toEqual(expect.any(String));
    expectError(await api("GET", path, { token: key.token }), 401);
    expect((await api("GET", path, { token: world.token })).status).toBe(200);
  });
});

describe("what a key may not do", () => {
  it("cannot create, list or revoke keys, add members or create organizations (403), and nothing changes", async () => {
    const db = getDb();
    const before = {
      keys: await db.apikey.count({ where: { referenceId: world.user.id } }),
      members: await db.member.count({ where: { organizationId: world.organization.id } }),
      organizations: await db.member.count({ where: { userId: world.user.id } }),
    };
    const joiner = await createUser({ email: `joiner-${crypto.randomUUID()}@test.example`, password: "correct-horse-battery" });
    const calls: [kind: "query" | "mutation", procedure: string, input?: unknown][] = [
      ["mutation", "apiKeys.create", { name: "Minted by a key", organizationId: world.organization.id }],
      ["query", "apiKeys.list"],
      ["mutation", "apiKeys.revoke", { id: world.keyId }],
      ["mutation", "invitations.create", { organizationId: world.organization.id, email: joiner.email }],
      ["query", "invitations.mine"],
      ["mutation", "organizations.create", { name: "Made by a key" }],
    ];
    for (const [kind, procedure, input] of calls) {
      const answer = await trpc(kind, [procedure], { token: world.token, input });
      expect(answer.status, `${procedure}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(errorMessageOf(answer), procedure).toMatch(/signed-in session/);
    }
    expect({
      keys: await db.apikey.count({ where: { referenceId: world.user.id } }),
      members: await db.member.count({ where: { organizationId: world.organization.id } }),
      organizations: await db.member.count({ where: { userId: world.user.id } }),
    }).toEqual(before);
    // The key still works: it was refused, not revoked.
    expect((await api("GET", `/api/organizations/${world.organization.id}/templates`, { token: world.token })).status).toBe(200);
  });
});

describe("rate limit and writes", () => {
  it("charges each call of a tRPC batch against the key's limit, and says when to retry", async () => {
    const key = await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: "limited" });
    await getDb().apikey.update({
      where: { id: key.id },
      data: { rateLimitEnabled: true, rateLimitMax: 5, rateLimitTimeWindow: 60_000 },
    });
    const list = "organizations.list";
    expect((await trpc("query", [list, list, list], { token: key.token })).status).toBe(200);
    // 3 + 3 > 5: the whole batch is refused, and not counted.
    const refused = await trpc("query", [list, list, list], { token: key.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await trpc("query", [list, list], { token: key.token })).status).toBe(200);
    expect((await trpc("query", [list], { token: key.token })).status).toBe(429);
    const rest = await api("GET", `/api/organizations/${world.organization.id}/templates`, { token: key.token });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("writes nothing to the key's row on reads: the last use is recorded once a minute, after the answer", async () => {
    const key = await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: "reader" });
    const path = `/api/organizations/${world.organization.id}/models`;
    expect((await api("GET", path, { token: key.token })).status).toBe(200);
    await flushApiKeyUses();
    const first = await getDb().apikey.findUniqueOrThrow({ where: { id: key.id } });
    expect(first.lastRequest).not.toBeNull();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => api("GET", path, { token: key.token }).then((r) => r.status)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    await flushApiKeyUses();
    expect(await getDb().apikey.findUniqueOrThrow({ where: { id: key.id } })).toEqual(first);
  });
});
