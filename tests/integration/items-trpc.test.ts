import { TRPCError } from "@trpc/server";
import { beforeAll, expect, it } from "vitest";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { postModel } from "./support/actors";
import { IDS } from "./support/fixture-template";
import { createWorld, type World } from "./support/world";

/** The items procedures the browser's Items tab will use: the same services as REST, tRPC's list shape. */

let world: World;
beforeAll(async () => {
  world = await createWorld("items-trpc");
});

it("creates, lists, fills and deletes items through tRPC", async () => {
  const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
  const model = await postModel(world);
  const target = { organizationId: world.organization.id, modelId: model.id };
  const item = await caller.items.create(target);
  const bulk = await caller.items.bulkCreate({ ...target, request: { identifiers: ["T-1", "T-2"] } });
  expect(bulk.map((i) => i.uniqueProductIdentifiers[0]?.value)).toEqual(["T-1", "T-2"]);
  const page = await caller.items.list({ ...target, query: { limit: 2 } });
  expect(page.items).toHaveLength(2);
  expect(page.nextCursor).toEqual(expect.any(String));
  const filled = await caller.items.dataValues.modify({
    ...target,
    itemId: item.id,
    ifMatch: 1,
    values: [{ dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, value: 70 }],
  });
  expect(filled.version).toBe(2);
  expect((await caller.items.byId({ ...target, itemId: item.id })).dataValues).toContainEqual({
    dataSectionId: IDS.item,
    dataFieldId: IDS.health,
    row: 0,
    value: "70",
  });
  await caller.items.delete({ ...target, itemId: item.id });
  await expect(caller.items.byId({ ...target, itemId: item.id })).rejects.toSatisfy(
    (error) => error instanceof TRPCError && error.code === "NOT_FOUND",
  );
});

it("adds a GS1 identifier to an existing item, in any form it is written; a taken one is a conflict naming it", async () => {
  const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
  const model = await postModel(world);
  const target = { organizationId: world.organization.id, modelId: model.id };
  const [item, other] = await caller.items.bulkCreate({ ...target, request: { count: 2 } });
  if (!item || !other) throw new Error("Two items were made");
  const gtin = "09506000134352";
  const added = await caller.items.addIdentifier({ ...target, itemId: item.id, value: `(01)${gtin}(21)GS1-${model.id.slice(0, 8)}` });
  // Stored in its Digital Link path form, after the generated identifier; the item's data version is unchanged.
  expect(added.uniqueProductIdentifiers.map((identifier) => identifier.value)).toEqual([
    item.uniqueProductIdentifiers[0]?.value,
    `/01/${gtin}/21/GS1-${model.id.slice(0, 8)}`,
  ]);
  expect(added.version).toBe(1);
  // The same key in another form, on another item: taken.
  await expect(
    caller.items.addIdentifier({ ...target, itemId: other.id, value: `https://id.example/01/${gtin}/21/GS1-${model.id.slice(0, 8)}` }),
  ).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === "CONFLICT" && /already taken/.test(error.message));
  // A malformed key (check digit) is refused before anything is read; an item of another model is not found.
  await expect(caller.items.addIdentifier({ ...target, itemId: other.id, value: "(01)09506000134353(21)X" })).rejects.toSatisfy(
    (error) => error instanceof TRPCError && error.code === "BAD_REQUEST",
  );
  const elsewhere = await postModel(world);
  await expect(
    caller.items.addIdentifier({ organizationId: world.organization.id, modelId: elsewhere.id, itemId: other.id, value: "SN-x" }),
  ).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === "NOT_FOUND");
  expect((await caller.items.byId({ ...target, itemId: other.id })).uniqueProductIdentifiers).toHaveLength(1);
});
