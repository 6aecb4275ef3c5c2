import { beforeAll, describe, expect, inject, it } from "vitest";
import * as page from "~/app/p/[uuid]/route";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TAccessGrantCreated, TPassport } from "~/domain/passport-schema";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { getDb } from "~/server/db/client";
import { readPassport } from "~/server/services/passports/read-passport";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, modelsPath } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { withClient } from "./support/fresh-database";
import { createWorld, type World } from "./support/world";

/**
 * Every kind of write to what a passport shows is visible on the very next read of the JSON passport and of the page,
 * for the model and its item, with the passports read (so cached) just before (issue 20: forgetting is structural).
 * Deleting a model is the write that forgot before. The same across two app servers: several-app-servers.test.ts.
 */

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("forgetting");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: fixtureTemplateWithAccess({ [IDS.manual]: "legitimate-interest" }),
  });
  templateId = template.id;
});

const uuidOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";

type Read = { status: number; passport?: TPassport; page: string; pageStatus: number };

/** The anonymous JSON passport and the page, as a scanned code reads them. */
async function read(uuid: string, grant?: string): Promise<Read> {
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : "";
  const json = await api<TPassport>("GET", `/api/product-passports/${uuid}${query}`);
  const html = await page.GET(new Request(`http://localhost:3000/p/${uuid}${query}`, { headers: { accept: "text/html" } }), {
    params: Promise.resolve({ uuid }),
  });
  return {
    status: json.status,
    passport: json.status === 200 ? json.body : undefined,
    page: await html.text(),
    pageStatus: html.status,
  };
}

async function modelWithItem(name: string): Promise<{ model: TModel; item: TItem }> {
  const created = await api<TModel>("POST", modelsPath(world), { token: world.token, body: { name, templateId } });
  expect(created.status).toBe(201);
  const model = created.body;
  const values = await api("PATCH", dataValuesPath(world, model.id), {
    token: world.token,
    body: [dv(IDS.general, IDS.name, 0, "Before")],
  });
  expect(values.status).toBe(200);
  const item = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
  expect(item.status).toBe(201);
  return { model, item: item.body };
}

/** Reads both passports (filling the cache), runs the write, and hands the reads after it to `check`. */
async function beforeAndAfter(
  name: string,
  write: (owners: { model: TModel; item: TItem }) => Promise<void>,
  check: (after: { model: Read; item: Read }, before: { model: Read; item: Read }) => void,
): Promise<void> {
  const owners = await modelWithItem(name);
  const before = { model: await read(uuidOf(owners.model)), item: await read(uuidOf(owners.item)) };
  expect([before.model.status, before.item.status, before.model.pageStatus, before.item.pageStatus]).toEqual([200, 200, 200, 200]);
  // A hit answers the very object the cache holds: what follows tests forgetting, not a first load.
  const cached = await readPassport({ uuid: uuidOf(owners.model), actor: null });
  expect(await readPassport({ uuid: uuidOf(owners.model), actor: null })).toBe(cached);
  await write(owners);
  check({ model: await read(uuidOf(owners.model)), item: await read(uuidOf(owners.item)) }, before);
}

const generalValue = (read: Read) =>
  read.passport?.dataSections.find((section) => section.id === IDS.general)?.dataValues[0]?.[IDS.name] ?? null;

describe("a passport read just before a write shows it on the next read", () => {
  it("model values", async () => {
    await beforeAndAfter(
      "Values",
      async ({ model }) => {
        const response = await api("PATCH", dataValuesPath(world, model.id), {
          token: world.token,
          body: [dv(IDS.general, IDS.name, 0, "After")],
        });
        expect(response.status).toBe(200);
      },
      (after) => {
        for (const read of [after.model, after.item]) {
          expect(generalValue(read)).toBe("After");
          expect(read.page).toContain("After");
        }
      },
    );
  });

  it("item values", async () => {
    await beforeAndAfter(
      "Item values",
      async ({ model, item }) => {
        const response = await api("PATCH", `${modelPath(world, model.id)}/items/${item.id}/data-values`, {
          token: world.token,
          body: [dv(IDS.general, IDS.serial, 0, "SN-AFTER")],
        });
        expect(response.status).toBe(200);
      },
      (after) => {
        expect(JSON.stringify(after.item.passport)).toContain("SN-AFTER");
        expect(after.item.page).toContain("SN-AFTER");
        expect(JSON.stringify(after.model.passport)).not.toContain("SN-AFTER");
      },
    );
  });

  it("name, description and GTIN", async () => {
    await beforeAndAfter(
      "Old name",
      async ({ model }) => {
        const body = { name: "New name", description: "New description", gtin: "09506000134352" };
        expect((await api("PATCH", modelPath(world, model.id), { token: world.token, body })).status).toBe(200);
      },
      (after) => {
        for (const read of [after.model, after.item]) {
          expect(read.passport).toMatchObject({ name: "New name", description: "New description", gtin: "09506000134352" });
          expect(read.page).toContain("New name");
        }
      },
    );
  });

  it("a template upgrade", async () => {
    const drafts = `/api/organizations/${world.organization.id}/template-drafts`;
    const draft = await api<TTemplateDraft>("POST", drafts, { token: world.token, body: { name: "Upgraded" } });
    expect(draft.status).toBe(201);
    const section = await api<TTemplateDraft>("POST", `${drafts}/${draft.body.id}/sections`, {
      token: world.token,
      body: { name: "General", type: "Group" },
    });
    const sectionId = section.body.sections[0]?.id ?? "";
    const publish = async () =>
      (
        await api<{ published: { templateId: string } }>("POST", `${drafts}/${draft.body.id}/publish`, {
          token: world.token,
          body: {},
        })
      ).body.published.templateId;
    const v1 = await publish();
    await api("POST", `${drafts}/${draft.body.id}/sections/${sectionId}/data-fields`, {
      token: world.token,
      body: { name: "Colour", type: "TextField", granularityLevel: "Model" },
    });
    await api("PATCH", `${drafts}/${draft.body.id}`, { token: world.token, body: { version: "1.1.0" } });
    const v2 = await publish();
    const created = await api<TModel>("POST", modelsPath(world), { token: world.token, body: { name: "On v1", templateId: v1 } });
    const item = await api<TItem>("POST", `${modelPath(world, created.body.id)}/items`, { token: world.token });
    const uuids = [uuidOf(created.body), uuidOf(item.body)];
    for (const uuid of uuids) expect((await read(uuid)).passport?.templateId).toBe(v1);
    const upgraded = await api("POST", `${modelPath(world, created.body.id)}/upgrade`, {
      token: world.token,
      body: { templateId: v2 },
    });
    expect(upgraded.status).toBe(200);
    for (const uuid of uuids) {
      const after = await read(uuid);
      expect(after.passport?.templateId).toBe(v2);
      expect(after.page).toContain("Colour");
    }
  });

  it("identifiers, whatever statement changes them (here the SQL the operator's normaliser runs)", async () => {
    await beforeAndAfter(
      "Identifiers",
      async ({ item }) => {
        await getDb().$executeRaw`
          UPDATE "unique_product_identifier" SET "value" = 'RENAMED-SERIAL' WHERE "uuid" = ${uuidOf(item)}::uuid`;
      },
      (after, before) => {
        expect(after.item.passport?.uniqueProductIdentifiers.map((identifier) => identifier.value)).toEqual(["RENAMED-SERIAL"]);
        expect(after.item.page).toContain("RENAMED-SERIAL");
        expect(after.model.passport).toEqual(before.model.passport);
      },
    );
  });

  it("a grant's revocation, for the grant holder", async () => {
    const { model } = await modelWithItem("Granted");
    const grant = await api<TAccessGrantCreated>("POST", `${modelPath(world, model.id)}/access-grants`, {
      token: world.token,
      body: { level: "legitimate-interest", partyName: "Recycler", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(grant.status).toBe(201);
    const opened = await read(uuidOf(model), grant.body.token);
    expect([opened.passport?.readerLevel, opened.page.includes("legitimate")]).toEqual(["legitimate-interest", true]);
    expect((await api("DELETE", `${modelPath(world, model.id)}/access-grants/${grant.body.id}`, { token: world.token })).status).toBe(
      200,
    );
    const closed = await read(uuidOf(model), grant.body.token);
    expect(closed.passport?.readerLevel).toBe("public");
  });

  it("deleting an item: its passport is gone, the model's stays", async () => {
    await beforeAndAfter(
      "Item deleted",
      async ({ model, item }) => {
        expect((await api("DELETE", `${modelPath(world, model.id)}/items/${item.id}`, { token: world.token })).status).toBe(204);
      },
      (after) => {
        expect([after.item.status, after.item.pageStatus]).toEqual([404, 404]);
        expect([after.model.status, after.model.pageStatus]).toEqual([200, 200]);
      },
    );
  });

  it("deleting a model: its passport and its items' are gone", async () => {
    await beforeAndAfter(
      "Model deleted",
      async ({ model }) => {
        expect((await api("DELETE", modelPath(world, model.id), { token: world.token })).status).toBe(204);
      },
      (after) => {
        expect([after.model.status, after.model.pageStatus, after.item.status, after.item.pageStatus]).toEqual([404, 404, 404, 404]);
      },
    );
  });
});

/** Tables that reference a model or an item but hold nothing a passport shows. */
// A reading series only names an item's field; its readings, which a passport shows, carry the trigger (docs/readings.md).
// Status snapshots are read by members only (GET …/status-snapshots); a partner grant decides who writes, not what shows.
const NOT_SHOWN = [
  "passport_change",
  "access_grant",
  "reading_series",
  "item_status_snapshot",
  "partner_grant",
  // The export's identifier column count (docs/spreadsheets.md §Export): no passport shows it.
  "model_item_identifier_columns",
];

describe("the passport epoch triggers", () => {
  it("sit on every table that references a model or an item, unless it is listed as not shown in passports", async () => {
    const { rows } = await withClient(inject("databaseUrl"), (client) =>
      client.query<{ table: string; hasTrigger: boolean }>(`
        SELECT DISTINCT c.conrelid::regclass::text AS "table",
          EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.conrelid AND t.tgname LIKE '%passport_epoch%') AS "hasTrigger"
        FROM pg_constraint c
        WHERE c.contype = 'f' AND c.confrelid IN ('"model"'::regclass, '"item"'::regclass)`),
    );
    const missing = rows.filter((row) => !row.hasTrigger && !NOT_SHOWN.includes(row.table.replaceAll('"', "")));
    expect(missing).toEqual([]);
    expect(rows.map((row) => row.table.replaceAll('"', "")).sort()).toEqual(
      [
        "access_grant",
        "data_value",
        "item",
        "item_data_value",
        "item_status_snapshot",
        "model_item_identifier_columns",
        "model_registry",
        "partner_grant",
        "passport_change",
        "reading_series",
        "unique_product_identifier",
      ].sort(),
    );
  });
});
