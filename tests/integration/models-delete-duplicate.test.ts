import { beforeAll, describe, expect, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { getDb } from "~/server/db/client";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv, expectError, expectModel, sortedValues } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;

beforeAll(async () => {
  world = await createWorld("delete-duplicate");
});

/** A model with values outside and inside the repeater, and two items with values and identifiers of their own. */
async function modelWithItems(): Promise<{ model: TModel; itemIds: string[] }> {
  const created = await postModel(world, { description: "Original description" });
  await api("PATCH", dataValuesPath(world, created.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, "Cell A")] });
  const model = expectModel(
    await api("POST", dataValuesPath(world, created.id), {
      token: world.token,
      body: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.share, 0, "2.5")],
    }),
    201,
  );
  const itemIds: string[] = [];
  for (const value of [`SN-${crypto.randomUUID()}`, `SN-${crypto.randomUUID()}`]) {
    const item = await api<{ id: string }>("POST", `${modelPath(world, model.id)}/items`, {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value }] },
    });
    expect(item.status).toBe(201);
    itemIds.push(item.body.id);
  }
  return { model, itemIds };
}

describe("DELETE /organizations/{orgaId}/models/{modelId}", () => {
  it("deletes the model, its values and its items with theirs; the identifiers stay taken, retired", async () => {
    const { model, itemIds } = await modelWithItems();
    const db = getDb();
    const identifierIds = (
      await db.uniqueProductIdentifier.findMany({ where: { OR: [{ modelId: model.id }, { itemId: { in: itemIds } }] } })
    ).map((identifier) => identifier.uuid);
    expect(identifierIds).toHaveLength(3);

    const response = await api("DELETE", modelPath(world, model.id), {
      token: world.token,
      headers: { "if-match": `"${model.version}"` },
    });
    expect(response.status).toBe(204);
    expectError(await api("GET", modelPath(world, model.id), { token: world.token }), 404);
    expect(await db.item.count({ where: { id: { in: itemIds } } })).toBe(0);
    expect(await db.itemDataValue.count({ where: { itemId: { in: itemIds } } })).toBe(0);
    expect(await db.dataValue.count({ where: { modelId: model.id } })).toBe(0);
    const retired = await db.uniqueProductIdentifier.findMany({ where: { uuid: { in: identifierIds } } });
    expect(retired).toHaveLength(3);
    for (const identifier of retired) {
      expect([identifier.modelId, identifier.itemId]).toEqual([null, null]);
      expect(identifier.retiredAt).not.toBeNull();
    }
    expectError(await api("DELETE", modelPath(world, model.id), { token: world.token }), 404);
  });

  it("answers 412 to a stale If-Match and deletes nothing", async () => {
    const { model, itemIds } = await modelWithItems();
    expectError(await api("DELETE", modelPath(world, model.id), { token: world.token, headers: { "if-match": '"1"' } }), 412);
    expect((await api("GET", modelPath(world, model.id), { token: world.token })).status).toBe(200);
    expect(await getDb().item.count({ where: { id: { in: itemIds } } })).toBe(2);
  });

  it("deletes through tRPC too", async () => {
    const model = await postModel(world);
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    await caller.models.delete({ organizationId: world.organization.id, modelId: model.id });
    expectError(await api("GET", modelPath(world, model.id), { token: world.token }), 404);
  });
});

describe("POST /organizations/{orgaId}/models/{modelId}/duplicate", () => {
  it("copies template, description and every value under a new id, name and unique product identifier; not the items", async () => {
    const { model } = await modelWithItems();
    const response = await api("POST", `${modelPath(world, model.id)}/duplicate`, { token: world.token });
    const copy = expectModel(response, 201);
    expect(copy.id).not.toBe(model.id);
    expect(copy.name).toBe(`${model.name} (copy)`);
    expect(copy.description).toBe("Original description");
    expect(copy.templateId).toBe(model.templateId);
    expect(copy.version).toBe(1);
    expect(sortedValues(copy.dataValues)).toEqual(sortedValues(model.dataValues));
    expect(copy.uniqueProductIdentifiers).toHaveLength(1);
    expect(copy.uniqueProductIdentifiers[0]?.uuid).not.toBe(model.uniqueProductIdentifiers[0]?.uuid);
    expect(copy.uniqueProductIdentifiers[0]?.value).not.toBe(model.uniqueProductIdentifiers[0]?.value);
    const items = await api<unknown[]>("GET", `${modelPath(world, copy.id)}/items`, { token: world.token });
    expect(items.body).toEqual([]);

    // The two are independent: a change to the copy leaves the original alone.
    await api("PATCH", dataValuesPath(world, copy.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, "Cell B")] });
    expect(expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200)).toEqual(model);
  });

  it("takes a name, and copies through tRPC too", async () => {
    const model = await postModel(world);
    const named = expectModel(
      await api("POST", `${modelPath(world, model.id)}/duplicate`, { token: world.token, body: { name: "  Second line  " } }),
      201,
    );
    expect(named.name).toBe("Second line");
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const copy = await caller.models.duplicate({ organizationId: world.organization.id, modelId: model.id });
    expect(copy.name).toBe(`${model.name} (copy)`);
    expect(sortedValues(copy.dataValues)).toEqual(sortedValues(model.dataValues));
  });

  it("answers 400 for a bad name and 404 for an unknown model, creating nothing", async () => {
    const model = await postModel(world);
    const count = () => getDb().model.count({ where: { organizationId: world.organization.id } });
    const before = await count();
    expectError(await api("POST", `${modelPath(world, model.id)}/duplicate`, { token: world.token, body: { name: "" } }), 400);
    expectError(await api("POST", `${modelPath(world, model.id)}/duplicate`, { token: world.token, body: { other: 1 } }), 400);
    expectError(await api("POST", `${modelPath(world, crypto.randomUUID())}/duplicate`, { token: world.token }), 404);
    expect(await count()).toBe(before);
  });
});
