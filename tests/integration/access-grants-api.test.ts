import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TAccessGrant, TAccessGrantCreated, TAccessGrantRead, TPassport } from "~/domain/passport-schema";
import { getDb } from "~/server/db/client";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv, expectError, expectIssues } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let other: World;
let templateId: string;
let otherTemplateId: string;

/** The fixture template with the manual for legitimate interest and the item's health for authorities. */
const restrictedTemplate = () => fixtureTemplateWithAccess({ [IDS.manual]: "legitimate-interest", [IDS.health]: "authority" });

beforeAll(async () => {
  world = await createWorld("grants");
  other = await createWorld("grants-other");
  templateId = (
    await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: restrictedTemplate() })
  ).id;
  otherTemplateId = (
    await importTemplate({ organizationId: other.organization.id, createdByUserId: other.user.id, definition: restrictedTemplate() })
  ).id;
});

const grantsPath = (w: World, modelId: string) => `${modelPath(w, modelId)}/access-grants`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const uuidOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";
const tokenOf = (link: string) => decodeURIComponent(new URL(link, "http://x").searchParams.get("grant") ?? "");

async function modelWithItem(w: World, template: string): Promise<{ model: TModel; item: TItem }> {
  const model = await postModel(w, { templateId: template });
  await api("PATCH", dataValuesPath(w, model.id), {
    token: w.token,
    body: [dv(IDS.general, IDS.manual, 0, "https://example.com/m.pdf")],
  });
  const item = (await api<TItem>("POST", `${modelPath(w, model.id)}/items`, { token: w.token })).body;
  await api("PATCH", `${modelPath(w, model.id)}/items/${item.id}/data-values`, {
    token: w.token,
    body: [dv(IDS.item, IDS.health, 0, "91")],
  });
  return { model, item };
}

async function createGrant(w: World, modelId: string, body: Record<string, unknown> = {}): Promise<TAccessGrantCreated> {
  const response = await api<TAccessGrantCreated>("POST", grantsPath(w, modelId), {
    token: w.token,
    body: { level: "legitimate-interest", partyName: "Recycler GmbH", expiresAt: inDays(30), ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function read(uuid: string, token?: string): Promise<TPassport> {
  const response = await api<TPassport>("GET", `/api/product-passports/${uuid}${token ? `?grant=${encodeURIComponent(token)}` : ""}`);
  expect(response.status).toBe(200);
  return response.body;
}

const hasManual = (p: TPassport) => p.dataSections.some((s) => s.dataFields.some((f) => f.id === IDS.manual));
const hasHealth = (p: TPassport) => p.dataSections.some((s) => s.dataFields.some((f) => f.id === IDS.health));

describe("access grants", () => {
  it("creates a grant whose link opens the model's passport, and the same token every item's, up to its level", async () => {
    const { model, item } = await modelWithItem(world, templateId);
    const grant = await createGrant(world, model.id);
    expect(grant).toMatchObject({
      level: "legitimate-interest",
      partyName: "Recycler GmbH",
      isActive: true,
      readCount: 0,
      passportUuid: null,
    });
    expect(grant.link).toBe(`/p/${uuidOf(model)}?grant=${encodeURIComponent(grant.token)}`);
    // Only the hash is stored.
    const stored = await getDb().accessGrant.findUniqueOrThrow({ where: { id: grant.id } });
    expect(stored.tokenHash).not.toBe(grant.token);
    expect(hasManual(await read(uuidOf(model)))).toBe(false);
    const opened = await read(uuidOf(model), tokenOf(grant.link));
    expect(opened.readerLevel).toBe("legitimate-interest");
    expect(hasManual(opened)).toBe(true);
    const openedItem = await read(uuidOf(item), grant.token);
    expect(hasManual(openedItem)).toBe(true);
    // Health is for authorities: a legitimate-interest grant does not show it.
    expect(hasHealth(openedItem)).toBe(false);
    const authority = await createGrant(world, model.id, { level: "authority", partyName: "Market surveillance" });
    expect(hasHealth(await read(uuidOf(item), authority.token))).toBe(true);
  });

  it("records every read through a grant and lists them beside it", async () => {
    const { model, item } = await modelWithItem(world, templateId);
    const grant = await createGrant(world, model.id);
    await read(uuidOf(model), grant.token);
    await read(uuidOf(item), grant.token);
    await read(uuidOf(model));
    const list = await api<TAccessGrant[]>("GET", grantsPath(world, model.id), { token: world.token });
    expect(list.status).toBe(200);
    expect(list.body.find((g) => g.id === grant.id)).toMatchObject({ readCount: 2, lastReadAt: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toContain(grant.token);
    const reads = await api<TAccessGrantRead[]>("GET", `${grantsPath(world, model.id)}/${grant.id}/reads`, { token: world.token });
    expect(reads.body.map((r) => r.passportUuid).sort()).toEqual([uuidOf(model), uuidOf(item)].sort());
    // Each read names its passport: the model's name, and an item's identifier after it.
    const nameOf = (uuid: string) => reads.body.find((r) => r.passportUuid === uuid)?.passportName;
    expect(nameOf(uuidOf(model))).toBe(model.name);
    expect(nameOf(uuidOf(item))).toBe(`${model.name} · ${item.uniqueProductIdentifiers[0]?.value}`);
  });

  it("closes at once when revoked, and when expired, leaving the reader anonymous without an error", async () => {
    const { model } = await modelWithItem(world, templateId);
    const grant = await createGrant(world, model.id);
    expect(hasManual(await read(uuidOf(model), grant.token))).toBe(true);
    const revoked = await api<TAccessGrant>("DELETE", `${grantsPath(world, model.id)}/${grant.id}`, { token: world.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ isActive: false, revokedAt: expect.any(String) });
    const after = await read(uuidOf(model), grant.token);
    expect(after.readerLevel).toBe("public");
    expect(hasManual(after)).toBe(false);
    // The holder of the link is told why it shows only the public passport.
    expect(after.grantRefused).toBe("revoked");

    const expiring = await createGrant(world, model.id);
    await getDb().accessGrant.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await read(uuidOf(model), expiring.token);
    expect(expired.readerLevel).toBe("public");
    expect(expired.grantRefused).toBe("expired");
    const madeUp = await read(uuidOf(model), "made-up-token");
    expect(madeUp.readerLevel).toBe("public");
    expect(madeUp.grantRefused).toBe("not-valid");
    // Without ?grant= nothing is said.
    expect((await read(uuidOf(model))).grantRefused).toBeUndefined();
  });

  it("opens one passport only when made for one, and never another organization's passports", async () => {
    const { model, item } = await modelWithItem(world, templateId);
    const single = await createGrant(world, model.id, { passportUuid: uuidOf(item) });
    expect(single.link).toContain(`/p/${uuidOf(item)}?grant=`);
    expect((await read(uuidOf(item), single.token)).readerLevel).toBe("legitimate-interest");
    expect((await read(uuidOf(model), single.token)).readerLevel).toBe("public");

    const theirs = await modelWithItem(other, otherTemplateId);
    const ours = await createGrant(world, model.id, { level: "authority" });
    for (const uuid of [uuidOf(theirs.model), uuidOf(theirs.item)]) {
      const passport = await read(uuid, ours.token);
      expect(passport.readerLevel).toBe("public");
      expect(hasManual(passport) || hasHealth(passport)).toBe(false);
    }
    // Another model of the same organization is not opened either.
    const sibling = await modelWithItem(world, templateId);
    expect((await read(uuidOf(sibling.model), ours.token)).readerLevel).toBe("public");
  });

  it("refuses bad grants with the issues named, and another organization's grants are not found", async () => {
    const { model } = await modelWithItem(world, templateId);
    const bad = await api("POST", grantsPath(world, model.id), {
      token: world.token,
      body: { level: "public", partyName: " ", expiresAt: "tomorrow" },
    });
    expectIssues(expectError(bad, 400), [{ path: "$.level" }, { path: "$.partyName" }, { path: "$.expiresAt" }]);
    const past = await api("POST", grantsPath(world, model.id), {
      token: world.token,
      body: { level: "authority", partyName: "X", expiresAt: inDays(-1) },
    });
    expectIssues(expectError(past, 400), [{ path: "$.expiresAt" }]);
    const foreignPassport = await modelWithItem(other, otherTemplateId);
    const wrongPassport = await api("POST", grantsPath(world, model.id), {
      token: world.token,
      body: { level: "authority", partyName: "X", expiresAt: inDays(1), passportUuid: uuidOf(foreignPassport.model) },
    });
    expectIssues(expectError(wrongPassport, 400), [{ path: "$.passportUuid" }]);
    const grant = await createGrant(world, model.id);
    expectError(await api("DELETE", `${grantsPath(world, model.id)}/${grant.id}`, { token: other.token }), 403);
    const elsewhere = await postModel(world, { templateId });
    expectError(await api("DELETE", `${grantsPath(world, elsewhere.id)}/${grant.id}`, { token: world.token }), 404);
    expectError(await api("GET", `${grantsPath(world, elsewhere.id)}/${grant.id}/reads`, { token: world.token }), 404);
  });
});
