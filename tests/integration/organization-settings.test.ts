import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { getDb } from "~/server/db/client";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { modelPath, postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The organization's settings route (`PATCH /api/organizations/{orgaId}`) for the retention period of withdrawn
 * passport versions (docs/versions.md §Retention): bounded whole years, all or nothing with the registry settings it
 * may come with, the same through tRPC, and the period is what decides how long a deleted passport's versions stay.
 */

type Organization = { passportRetentionYears: number; economicOperatorId: string | null };

let world: World;
let model: TModel;
beforeAll(async () => {
  world = await createWorld("retention");
  model = await postModel(world);
});

const orgPath = () => `/api/organizations/${world.organization.id}`;
const patch = (body: unknown) => api<Organization>("PATCH", orgPath(), { token: world.token, body });
// The /p routes are pages beside the API, outside the OpenAPI document api() checks answers against.
const versionsStatus = async (uuid: string) => (await dispatch(new Request(`http://localhost:3000/p/${uuid}/versions`))).status;
/** A member signed in (shortening the period takes a session, not a key). */
const sessionCaller = () => createCallerFactory(appRouter)({ headers: new Headers(), actor: { ...world.actor, via: "session" } });
const storedYears = async () =>
  (await getDb().organization.findUniqueOrThrow({ where: { id: world.organization.id } })).passportRetentionYears;

describe("PATCH /api/organizations/{orgaId} passportRetentionYears", () => {
  it("defaults to 10 years and sets whole years from 1 to 100, answering the organization", async () => {
    expect((await api<Organization>("GET", orgPath(), { token: world.token })).body.passportRetentionYears).toBe(10);
    for (const years of [25, 100]) {
      const answer = await patch({ passportRetentionYears: years });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.passportRetentionYears).toBe(years);
    }
    expect(
      (await sessionCaller().organizations.updateRetention({ organizationId: world.organization.id, passportRetentionYears: 1 }))
        .passportRetentionYears,
    ).toBe(1);
    expect((await patch({ passportRetentionYears: 25 })).body.passportRetentionYears).toBe(25);
    expect(await storedYears()).toBe(25);
    // A key left out is kept: a registry setting alone leaves the period.
    expect((await patch({ economicOperatorId: "DE123456789012345" })).body.passportRetentionYears).toBe(25);
  });

  it("refuses anything but a whole number of years in range with a 400 naming the key, and stores nothing", async () => {
    for (const value of [0, 101, -1, 1.5, "10", null, true, 1e300]) {
      const answer = await patch({ passportRetentionYears: value });
      expectError(answer, 400);
      expect(JSON.stringify(answer.body)).toContain("passportRetentionYears");
    }
    // All or nothing with the registry settings in the same request.
    expectError(await patch({ passportRetentionYears: 30, economicOperatorId: "x".repeat(51) }), 400);
    expectError(await patch({ passportRetentionYears: 0, economicOperatorId: "LEI5493001KJTIIGC8Y1R" }), 400);
    const organization = await getDb().organization.findUniqueOrThrow({
      where: { id: world.organization.id },
      select: { passportRetentionYears: true, registry: { select: { economicOperatorId: true } } },
    });
    expect(organization).toEqual({ passportRetentionYears: 25, registry: { economicOperatorId: "DE123456789012345" } });
  });

  it("shortening it takes a signed-in member: an API key gets 403 and nothing changes, at once or with other settings", async () => {
    const before = await storedYears();
    for (const body of [
      { passportRetentionYears: 1 },
      { passportRetentionYears: before - 1, economicOperatorId: "LEI5493001KJTIIGC8Y1R" },
    ]) {
      const refused = await patch(body);
      expectError(refused, 403);
      expect(JSON.stringify(refused.body)).toContain("Shortening the retention period needs a signed-in session");
    }
    const organization = await getDb().organization.findUniqueOrThrow({
      where: { id: world.organization.id },
      select: { passportRetentionYears: true, registry: { select: { economicOperatorId: true } } },
    });
    expect(organization).toEqual({ passportRetentionYears: before, registry: { economicOperatorId: "DE123456789012345" } });
    // Through tRPC the same rule: the key's actor is refused, the session's is not; keeping or lengthening stays open.
    const organizationId = world.organization.id;
    await expect(
      createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor }).organizations.updateRetention({
        organizationId,
        passportRetentionYears: 1,
      }),
    ).rejects.toThrow(/signed-in session/);
    expect((await patch({ passportRetentionYears: before })).status).toBe(200);
    expect(
      (await sessionCaller().organizations.updateRetention({ organizationId, passportRetentionYears: before - 1 }))
        .passportRetentionYears,
    ).toBe(before - 1);
    expect((await patch({ passportRetentionYears: before })).status).toBe(200);
  });

  it("is for members: another organization's key is refused and changes nothing", async () => {
    const other = await createWorld("retention-other");
    const answer = await api("PATCH", orgPath(), { token: other.token, body: { passportRetentionYears: 2 } });
    expect([403, 404]).toContain(answer.status);
    expect(await storedYears()).toBe(25);
  });

  it("tRPC organizations.updateRetention sets it through the same service", async () => {
    const caller = sessionCaller();
    const organizationId = world.organization.id;
    expect((await caller.organizations.updateRetention({ organizationId, passportRetentionYears: 12 })).passportRetentionYears).toBe(
      12,
    );
    await expect(caller.organizations.updateRetention({ organizationId, passportRetentionYears: 0 })).rejects.toThrow();
    expect((await caller.organizations.byId({ organizationId })).passportRetentionYears).toBe(12);
  });

  it("decides how long a deleted item's versions stay readable, counted from the withdrawal", async () => {
    const item = (await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token })).body;
    const published = await api("POST", `${modelPath(world, model.id)}/items/${item.id}/passport-versions`, { token: world.token });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const uuid = item.uniqueProductIdentifiers[0]?.uuid ?? "";
    expect((await api("DELETE", `${modelPath(world, model.id)}/items/${item.id}`, { token: world.token })).status).toBe(204);
    // Withdrawn two years ago (only this passport's versions are moved back).
    await getDb().$executeRaw`
      UPDATE "passport_version" SET "withdrawnAt" = now() - interval '2 years' WHERE "passportUuid" = ${uuid}::uuid`;
    const organizationId = world.organization.id;
    await sessionCaller().organizations.updateRetention({ organizationId, passportRetentionYears: 1 });
    expect(await versionsStatus(uuid)).toBe(404);
    expect((await patch({ passportRetentionYears: 3 })).status).toBe(200);
    expect(await versionsStatus(uuid)).toBe(200);
  });
});

describe("tRPC organizations.updateSigningDomain", () => {
  it("sets and clears the signing domain through the service REST's PATCH uses, with the same schema", async () => {
    const organizationId = world.organization.id;
    const domain = `passports-${organizationId.slice(0, 8)}.example.com`;
    const answer = await sessionCaller().organizations.updateSigningDomain({
      organizationId,
      didWebDomain: ` ${domain.toUpperCase()} `,
    });
    expect(answer.didWebDomain).toBe(domain);
    expect((await api<{ didWebDomain: string | null }>("GET", orgPath(), { token: world.token })).body.didWebDomain).toBe(domain);
    expect((await sessionCaller().organizations.updateSigningDomain({ organizationId, didWebDomain: null })).didWebDomain).toBeNull();
  });

  it("refuses what REST refuses: not a domain (400), an API key (403), and keeps the domain", async () => {
    const organizationId = world.organization.id;
    for (const didWebDomain of ["https://example.com", "localhost", "example", "example.com:8443", "10.0.0.1"]) {
      await expect(sessionCaller().organizations.updateSigningDomain({ organizationId, didWebDomain })).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
      expectError(await patch({ didWebDomain }), 400);
    }
    const keyCaller = createCallerFactory(appRouter)({ headers: new Headers(), actor: { ...world.actor, via: "apiKey" } });
    await expect(
      keyCaller.organizations.updateSigningDomain({ organizationId, didWebDomain: "keys.example.com" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await getDb().organization.findUniqueOrThrow({ where: { id: organizationId } })).didWebDomain).toBeNull();
  });
});
