import { describe, expect, it } from "vitest";
import { AppError, type AppErrorCode } from "~/domain/app-error";
import { API_KEY_PREFIX } from "~/server/auth/api-key-token";
import { OPERATOR } from "~/domain/actor";
import { resolveActor } from "~/server/auth/resolve-actor";
import { getDb } from "~/server/db/client";
import { addMember } from "~/server/services/identity/add-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { listApiKeys } from "~/server/services/identity/list-api-keys";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { api } from "./support/http";

/** Users, organizations, memberships and API keys (docs/security.md) through the identity services. */

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@test.example`;

async function expectAppError(promise: Promise<unknown>, code: AppErrorCode): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected an AppError ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

describe("users", () => {
  it("creates a user with a hashed password, and refuses the same email again in any case", async () => {
    const email = uniqueEmail("User");
    const user = await createUser({ email, password: "correct-horse-battery", name: "Ada" });
    // Emails are kept in lower case, so "Ada@…" and "ada@…" are one user.
    expect(user).toEqual({ id: expect.any(String), email: email.toLowerCase() });

    const stored = await getDb().user.findUniqueOrThrow({ where: { id: user.id }, include: { accounts: true } });
    expect(stored.name).toBe("Ada");
    expect(stored.accounts).toHaveLength(1);
    expect(stored.accounts[0]?.password).toEqual(expect.any(String));
    expect(stored.accounts[0]?.password).not.toContain("correct-horse-battery");

    await expectAppError(createUser({ email, password: "another-password" }), "CONFLICT");
    await expectAppError(createUser({ email: email.toUpperCase(), password: "another-password" }), "CONFLICT");
    expect(await getDb().user.count({ where: { email: { equals: email, mode: "insensitive" } } })).toBe(1);
    await expectAppError(createUser({ email: email.toLowerCase(), password: "another-password" }), "CONFLICT");
  });
});

describe("organizations and members", () => {
  it("makes the creator the owner, in the same step as the organization", async () => {
    const owner = await createUser({ email: uniqueEmail("owner"), password: "correct-horse-battery" });
    const organization = await createOrganization({ actor: OPERATOR, name: "Acme Batteries", ownerUserId: owner.id });
    expect(organization).toEqual({ id: expect.any(String), name: "Acme Batteries" });
    const members = await getDb().member.findMany({ where: { organizationId: organization.id } });
    expect(members.map(({ userId, role }) => ({ userId, role }))).toEqual([{ userId: owner.id, role: "owner" }]);

    // Same name again: a second organization (slugs stay unique), not a conflict.
    const twin = await createOrganization({ actor: OPERATOR, name: "Acme Batteries", ownerUserId: owner.id });
    expect(twin.id).not.toBe(organization.id);

    // An owner that does not exist leaves no organization behind.
    const before = await getDb().organization.count({ where: { name: "Orphan org " + owner.id } });
    await expect(
      createOrganization({ actor: OPERATOR, name: "Orphan org " + owner.id, ownerUserId: crypto.randomUUID() }),
    ).rejects.toThrow();
    expect(await getDb().organization.count({ where: { name: "Orphan org " + owner.id } })).toBe(before);
  });

  it("lets the operator add an existing user by email or id once; a second time is a conflict, unknown users and orgs are not found", async () => {
    const owner = await createUser({ email: uniqueEmail("owner"), password: "correct-horse-battery" });
    const joinerEmail = uniqueEmail("joiner");
    const joiner = await createUser({ email: joinerEmail, password: "correct-horse-battery" });
    const organization = await createOrganization({ actor: OPERATOR, name: "Members org", ownerUserId: owner.id });

    expect(await addMember({ actor: OPERATOR, organizationId: organization.id, userEmailOrId: joinerEmail.toUpperCase() })).toEqual({
      organizationId: organization.id,
      userId: joiner.id,
      role: "editor",
    });
    const membership = await getDb().member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: organization.id, userId: joiner.id } },
    });
    // Without a role, an editor (docs/security.md, Roles).
    expect(membership.role).toBe("editor");

    const add = (organizationId: string, userEmailOrId: string) => addMember({ actor: OPERATOR, organizationId, userEmailOrId });
    await expectAppError(add(organization.id, joiner.id), "CONFLICT");
    await expectAppError(add(organization.id, owner.id), "CONFLICT");
    await expectAppError(add(organization.id, uniqueEmail("nobody")), "NOT_FOUND");
    await expectAppError(add(organization.id, crypto.randomUUID()), "NOT_FOUND");
    await expectAppError(add(crypto.randomUUID(), joiner.id), "NOT_FOUND");
    expect(await getDb().member.count({ where: { organizationId: organization.id } })).toBe(2);
  });
});

describe("API keys", () => {
  it("stores only a hash, never lists the key, resolves from api_token and Bearer, and stops working once revoked", async () => {
    const user = await createUser({ email: uniqueEmail("keys"), password: "correct-horse-battery" });
    const first = await createOrganization({ actor: OPERATOR, name: "Key org 1", ownerUserId: user.id });
    const second = await createOrganization({ actor: OPERATOR, name: "Key org 2", ownerUserId: user.id });
    const session = {
      userId: user.id,
      organizationIds: [first.id, second.id],
      roles: { [first.id]: "owner" as const, [second.id]: "owner" as const },
      via: "session" as const,
    };
    const key = await createApiKey({ actor: session, organizationId: first.id, name: "CI" });
    expect(key.token.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key.token.length).toBeGreaterThanOrEqual(32);

    const row = await getDb().apikey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.referenceId).toBe(user.id);
    expect(row.organizationId).toBe(first.id);
    expect(row.key).not.toBe(key.token);
    // No column holds the whole token (`start` keeps only the first characters, for the list).
    for (const value of Object.values(row)) {
      if (typeof value === "string") expect(value).not.toContain(key.token);
    }

    const listed = await listApiKeys({ actor: session });
    expect(listed).toEqual([
      {
        id: key.id,
        name: "CI",
        prefix: expect.any(String),
        organization: { id: first.id, name: "Key org 1" },
        // Unless chosen, what every key could do before scopes.
        scope: "write",
        createdAt: expect.any(String),
        expiresAt: null,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(key.token.startsWith(listed[0]?.prefix ?? "<none>")).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(row.key);
    expect(JSON.stringify(listed)).not.toContain(key.token);

    // The key acts on its own organization only, though its user belongs to two.
    const expected = {
      userId: user.id,
      organizationIds: [first.id],
      roles: { [first.id]: "owner" as const },
      via: "apiKey",
      scope: "write",
      apiKeyId: key.id,
    };
    const presentations: Record<string, string>[] = [
      { api_token: key.token },
      { authorization: `Bearer ${key.token}` },
      { authorization: `bearer ${key.token}` },
    ];
    for (const headers of presentations) {
      const actor = await resolveActor(new Headers(headers));
      expect(actor, JSON.stringify(Object.keys(headers))).toEqual(expected);
    }
    expect(await resolveActor(new Headers())).toBeNull();
    await expectAppError(resolveActor(new Headers({ api_token: `${API_KEY_PREFIX}not-a-real-key` })), "UNAUTHORIZED");
    await expectAppError(resolveActor(new Headers({ authorization: `Bearer ${key.token}x` })), "UNAUTHORIZED");

    // Through the REST API with the Bearer header, too.
    const viaBearer = await api("GET", `/api/organizations/${first.id}/templates`, {
      headers: { authorization: `Bearer ${key.token}` },
    });
    expect(viaBearer.status).toBe(200);

    // Only the key's owner can revoke it (others are told it does not exist).
    const other = await createUser({ email: uniqueEmail("other"), password: "correct-horse-battery" });
    const otherSession = { userId: other.id, organizationIds: [], roles: {}, via: "session" as const };
    await expectAppError(revokeApiKey({ actor: otherSession, id: key.id }), "NOT_FOUND");
    await expectAppError(revokeApiKey({ actor: OPERATOR, id: crypto.randomUUID() }), "NOT_FOUND");

    const revoked = await revokeApiKey({ actor: session, id: key.id });
    expect(revoked).toEqual({ id: key.id, revokedAt: expect.any(String) });
    // Revoking again answers with the original time.
    expect(await revokeApiKey({ actor: OPERATOR, id: key.id })).toEqual(revoked);
    expect((await listApiKeys({ actor: session }))[0]?.revokedAt).toBe(revoked.revokedAt);

    await expectAppError(resolveActor(new Headers({ api_token: key.token })), "UNAUTHORIZED");
    await expectAppError(resolveActor(new Headers({ authorization: `Bearer ${key.token}` })), "UNAUTHORIZED");
    const afterRevoke = await api("GET", `/api/organizations/${first.id}/templates`, {
      headers: { authorization: `Bearer ${key.token}` },
    });
    expect(afterRevoke.status).toBe(401);

    // A second key of the same user is unaffected.
    const spare = await createApiKey({ userId: user.id, organizationId: first.id });
    expect(await resolveActor(new Headers({ api_token: spare.token }))).toEqual({ ...expected, apiKeyId: spare.id });
    expect((await listApiKeys({ actor: session })).map((k) => k.id).sort()).toEqual([key.id, spare.id].sort());
  });
});
