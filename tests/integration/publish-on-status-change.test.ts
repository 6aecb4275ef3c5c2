import { beforeAll, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TPassport } from "~/domain/passport-schema";
import type { TReadingsWritten } from "~/domain/reading";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { importTemplate } from "~/server/services/templates/import-template";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { modelPath, postModel } from "./support/actors";
import { fixtureTemplateWithStatus, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The model setting `publishOnStatusChange` (docs/readings.md §Status snapshots): with it on, a change of an item's
 * status publishes the item's next version whoever writes it — the REST value write, tRPC, a readings request without
 * `?publish=true` (even by a key scoped to readings) — and the snapshot names that version; with it off, none does.
 */

let world: World;
let templateId: string;
const status = crypto.randomUUID();

beforeAll(async () => {
  world = await createWorld("publish-on-status");
  const definition = fixtureTemplateWithStatus(status);
  templateId = (await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition })).id;
});

type Snapshot = { status: string | null; passportVersion: number | null };

it("publishes a version at each status change, by every sender, while the model's setting is on", async () => {
  const model = await postModel(world, { templateId, name: "Publishing battery" });
  expect(model.publishOnStatusChange).toBe(false);
  const setting = await api<TModel>("PATCH", modelPath(world, model.id), {
    token: world.token,
    body: { publishOnStatusChange: true },
  });
  expect(setting.status).toBe(200);
  expect(setting.body).toMatchObject({ publishOnStatusChange: true, version: model.version + 1 });

  const item = (await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token })).body;
  const itemPath = `${modelPath(world, model.id)}/items/${item.id}`;
  const snapshots = async () => (await api<Snapshot[]>("GET", `${itemPath}/status-snapshots`, { token: world.token })).body;
  const statusValue = (value: string) => [{ dataSectionId: IDS.item, dataFieldId: status, row: 0, value }];

  // REST: the value write.
  expect((await api("PATCH", `${itemPath}/data-values`, { token: world.token, body: statusValue("original") })).status).toBe(200);
  expect((await snapshots())[0]).toEqual(expect.objectContaining({ status: "original", passportVersion: 1 }));

  // tRPC: the editor's write.
  const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
  const ids = { organizationId: world.organization.id, modelId: model.id, itemId: item.id };
  await caller.items.dataValues.modify({ ...ids, values: statusValue("re-used") });
  expect((await snapshots())[0]).toEqual(expect.objectContaining({ status: "re-used", passportVersion: 2 }));

  // Readings without ?publish=true, by the battery management system's key: the model's setting decides.
  const bms = (await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: "bms", scope: "readings" }))
    .token;
  const reading = [{ dataSectionId: IDS.item, dataFieldId: status, at: new Date(Date.now() - 60_000).toISOString(), value: "waste" }];
  const written = await api<TReadingsWritten>("POST", `${itemPath}/readings`, { token: bms, body: reading });
  expect(written.body).toEqual({ received: 1, stored: 1, statusSnapshots: [{ itemId: item.id, passportVersion: 3 }] });

  // A write that leaves the status as it is publishes nothing.
  const health = [{ dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, value: "90" }];
  expect((await api("PATCH", `${itemPath}/data-values`, { token: world.token, body: health })).status).toBe(200);
  const uuid = item.uniqueProductIdentifiers[0]?.uuid ?? "";
  const passport = await api<TPassport>("GET", `/api/product-passports/${uuid}`);
  expect(passport.body.publication).toMatchObject({ state: "published", version: 3 });

  // The setting is a model property in its history.
  const history = await api<{ properties: { name: string; from: string; to: string }[] }[]>(
    "GET",
    `${modelPath(world, model.id)}/history`,
    { token: world.token },
  );
  expect(history.body.flatMap((e) => e.properties)).toContainEqual({
    name: "publishOnStatusChange",
    from: "false",
    to: "true",
  });
});

it("publishes nothing on a status change while the setting is off", async () => {
  const model = await postModel(world, { templateId, name: "Quiet battery" });
  const item = (await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token })).body;
  const itemPath = `${modelPath(world, model.id)}/items/${item.id}`;
  const body = [{ dataSectionId: IDS.item, dataFieldId: status, row: 0, value: "original" }];
  expect((await api("PATCH", `${itemPath}/data-values`, { token: world.token, body })).status).toBe(200);
  const snapshots = (await api<Snapshot[]>("GET", `${itemPath}/status-snapshots`, { token: world.token })).body;
  expect(snapshots).toEqual([expect.objectContaining({ status: "original", passportVersion: null })]);
});
