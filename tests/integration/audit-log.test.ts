import { beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "~/domain/actor";
import type { TAuditEvent } from "~/domain/audit-events";
import { getDb } from "~/server/db/client";
import { addMember } from "~/server/services/identity/add-member";
import { changeMemberRole } from "~/server/services/identity/change-member-role";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { removeMember } from "~/server/services/identity/remove-member";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { importTemplate } from "~/server/services/templates/import-template";
import { postModel } from "./support/actors";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The organization's audit log (issue 36, point 8; docs/security.md §Audit log): the changes of members, roles, keys,
 * grants and settings are recorded with who made them, a member's reads of a restricted passport once per hour, and
 * owners and admins page through it filtered by type and time; events past the retention period are gone.
 */

let world: World;
const logPath = () => `/api/organizations/${world.organization.id}/audit-log`;
const session = () => ({ ...world.actor, via: "session" as const });

async function allEvents(query = ""): Promise<TAuditEvent[]> {
  const events: TAuditEvent[] = [];
  let cursor: string | null = null;
  do {
    const separator = query === "" ? "" : "&";
    const page: Awaited<ReturnType<typeof apiPage<TAuditEvent>>> = await apiPage<TAuditEvent>(
      `${logPath()}?limit=3${separator}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { token: world.token },
    );
    expect(page.status).toBe(200);
    events.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor !== null);
  return events;
}

beforeAll(async () => {
  world = await createWorld("audit");
});

describe("the audit log", () => {
  it("records who changed members, roles, keys, grants and settings, newest first, page by page", async () => {
    const colleague = await createUser({
      email: `audit-colleague-${crypto.randomUUID()}@test.example`,
      password: "correct-horse-battery",
    });
    const orgaId = world.organization.id;
    await addMember({ actor: OPERATOR, organizationId: orgaId, userEmailOrId: colleague.id });
    await changeMemberRole({ actor: session(), organizationId: orgaId, userId: colleague.id, role: "viewer" });
    const key = await createApiKey({ actor: session(), organizationId: orgaId, name: "ERP" });
    await revokeApiKey({ actor: session(), id: key.id });
    const model = await postModel(world, { name: "Audited" });
    const grant = await api<{ id: string }>("POST", `/api/organizations/${orgaId}/models/${model.id}/access-grants`, {
      token: world.token,
      body: { partyName: "Recycler", level: "legitimate-interest", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(grant.status).toBe(201);
    expect(
      (await api("DELETE", `/api/organizations/${orgaId}/models/${model.id}/access-grants/${grant.body.id}`, { token: world.token }))
        .status,
    ).toBe(200);
    expect(
      (await api("PATCH", `/api/organizations/${orgaId}`, { token: world.token, body: { backupBaseUrl: "https://backup.example" } }))
        .status,
    ).toBe(200);
    await removeMember({ actor: session(), organizationId: orgaId, userId: colleague.id });

    const events = await allEvents();
    expect(events.map((event) => event.type)).toEqual([
      "member.removed",
      "settings.changed",
      "accessGrant.revoked",
      "accessGrant.created",
      "apiKey.revoked",
      "apiKey.created",
      "member.roleChanged",
      "member.added",
      // The world's own key, made by the operator.
      "apiKey.created",
    ]);
    // The first of each type, newest first: this test's own, not the world's key.
    const byType = new Map(events.toReversed().map((event) => [event.type, event]));
    expect(byType.get("member.added")).toMatchObject({
      subject: colleague.id,
      actor: { kind: "operator", userId: null },
      details: { role: "editor" },
    });
    expect(byType.get("member.roleChanged")).toMatchObject({
      subject: colleague.id,
      actor: { kind: "session", userId: world.user.id, email: world.user.email },
      details: { role: "viewer" },
    });
    expect(byType.get("apiKey.created")).toMatchObject({ subject: key.id, details: { name: "ERP", scope: "write" } });
    expect(JSON.stringify(events)).not.toContain(key.token);
    expect(byType.get("settings.changed")).toMatchObject({
      actor: { kind: "apiKey", apiKeyId: world.keyId },
      details: { backupBaseUrl: "https://backup.example" },
    });
    expect(byType.get("accessGrant.created")).toMatchObject({ subject: grant.body.id, details: { partyName: "Recycler" } });

    const grants = await allEvents("type=accessGrant.created,accessGrant.revoked");
    expect(grants.map((event) => event.type)).toEqual(["accessGrant.revoked", "accessGrant.created"]);
    const at = byType.get("apiKey.revoked")?.at ?? "";
    const until = await allEvents(`to=${encodeURIComponent(at)}`);
    expect(until.every((event) => event.at < at)).toBe(true);
    expect(until.map((event) => event.type)).toContain("member.added");
    const refused = await api("GET", `${logPath()}?type=member.nope`, { token: world.token });
    expect(refused.status).toBe(400);
  });

  it("records a member's reads of a restricted passport once per hour, and no read of a public one", async () => {
    const restricted = await importTemplate({
      organizationId: world.organization.id,
      createdByUserId: world.user.id,
      definition: fixtureTemplateWithAccess({ [IDS.weight]: "authority" }),
    });
    const secret = await postModel(world, { templateId: restricted.id, name: "Restricted" });
    const open = await postModel(world, { name: "Public" });
    for (const model of [secret, secret, open]) {
      const uuid = model.uniqueProductIdentifiers[0]?.uuid ?? "";
      expect((await api("GET", `/api/product-passports/${uuid}`, { token: world.token })).status).toBe(200);
    }
    // Anonymous readers are not members: nothing of theirs is recorded.
    expect((await api("GET", `/api/product-passports/${secret.uniqueProductIdentifiers[0]?.uuid}`)).status).toBe(200);
    const reads = await allEvents("type=passport.restrictedRead");
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({
      subject: secret.uniqueProductIdentifiers[0]?.uuid,
      actor: { kind: "apiKey", userId: world.user.id },
    });
  });

  it("keeps events for the retention period: older ones are never answered and are deleted with the next event", async () => {
    const old = crypto.randomUUID();
    await getDb().$executeRaw`
      INSERT INTO "audit_event" ("id", "organizationId", "at", "type", "actorKind")
      VALUES (${old}::uuid, ${world.organization.id}, now() - interval '11 years', 'settings.changed', 'operator')`;
    expect((await allEvents()).some((event) => event.id === old)).toBe(false);
    const shortened = await api("PATCH", `/api/organizations/${world.organization.id}`, {
      token: world.token,
      body: { auditRetentionYears: 5 },
    });
    expect(shortened.status).toBe(403);
    expect(await getDb().auditEvent.count({ where: { id: old } })).toBe(1);
    const next = await api("PATCH", `/api/organizations/${world.organization.id}`, {
      token: world.token,
      body: { backupBaseUrl: null },
    });
    expect(next.status).toBe(200);
    expect(await getDb().auditEvent.count({ where: { id: old } })).toBe(0);
    const lengthened = await api<{ auditRetentionYears: number }>("PATCH", `/api/organizations/${world.organization.id}`, {
      token: world.token,
      body: { auditRetentionYears: 12 },
    });
    expect(lengthened.body.auditRetentionYears).toBe(12);
  });
});
