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
