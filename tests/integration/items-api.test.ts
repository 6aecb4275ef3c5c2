import { beforeAll, describe, expect, it } from "vitest";
import type { TItem, TItemBulkCreateResponse, TItemSummary } from "~/domain/item-schema";
import { importTemplate } from "~/server/services/templates/import-template";
import { createOutsider, importAlternativeTemplate, modelPath, postModel } from "./support/actors";
import { dv, expectDataValueIssues, expectError, expectIssues, valuesOf } from "./support/contract";
import { fixtureTemplate, IDS } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let other: World;

beforeAll(async () => {
  world = await createWorld("items");
  other = await createWorld("items-other");
});

const itemsPath = (modelId: string) => `${modelPath(world, modelId)}/items`;
const itemPath = (modelId: string, itemId: string) => `${itemsPath(modelId)}/${itemId}`;
const valuesPath = (modelId: string, itemId: string) => `${itemPath(modelId, itemId)}/data-values`;

async function postItem(modelId: string, body?: unknown): Promise<TItem> {
  const response = await api<TItem>("POST", itemsPath(modelId), { token: world.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The nulls an item of the fixture template starts with: its two Item-level fields outside repeaters. */
const INITIAL_ITEM_TRIPLES = [
  { dataSectionId: IDS.general, dataFieldId: IDS.serial, row: 0 },
  { dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0 },
];

describe("creating items", () => {
  it("creates an item with one fresh UUID identifier and nulls for the Item-level fields", async () => {
    const model = await postModel(world);
    const response = await api<TItem>("POST", itemsPath(model.id), { token: world.token });
    expect(response.status).toBe(201);
    const item = response.body;
    expect(response.headers.get("etag")).toBe('"1"');
    expect(item).toMatchObject({ modelId: model.id, templateId: model.templateId, version: 1 });
    expect(item.uniqueProductIdentifiers).toHaveLength(1);
    expect(item.uniqueProductIdentifiers[0]?.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.dataValues).toEqual(expect.arrayContaining(INITIAL_ITEM_TRIPLES.map((t) => ({ ...t, value: null }))));
    expect(item.dataValues).toHaveLength(2);
    // The model's own values are untouched: it still holds no Item-level field.
    expect(model.dataValues.some((v) => v.dataFieldId === IDS.serial || v.dataSectionId === IDS.item)).toBe(false);
  });

  it("takes the identifiers given; one given twice is a 400, one taken in the organization a 409", async () => {
    const model = await postModel(world);
    const serial = `SN-${crypto.randomUUID()}`;
    const item = await postItem(model.id, { uniqueProductIdentifiers: [{ value: serial }] });
    expect(item.uniqueProductIdentifiers.map((i) => i.value)).toEqual([serial]);
    const twice = await api("POST", itemsPath(model.id), {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value: "A-1" }, { value: "A-1" }] },
    });
    expectIssues(expectError(twice, 400), [{ path: "$.uniqueProductIdentifiers[1].value" }]);
    const taken = await api("POST", itemsPath(model.id), {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value: serial }] },
    });
    expectIssues(expectError(taken, 409), [{ path: "$.uniqueProductIdentifiers[0].value" }]);
    // Unique per organization: another organization may use the same value.
    const otherModel = await postModel(other);
    const elsewhere = await api("POST", `${modelPath(other, otherModel.id)}/items`, {
      token: other.token,
      body: { uniqueProductIdentifiers: [{ value: serial }] },
    });
    expect(elsewhere.status).toBe(201);
  });

  it("creates 10,000 items in one request", async () => {
    const model = await postModel(world);
    const response = await api<TItemBulkCreateResponse>("POST", `${itemsPath(model.id)}/bulk`, {
      token: world.token,
      body: { count: 10_000 },
    });
    expect(response.status).toBe(201);
    expect(response.body).toHaveLength(10_000);
    expect(new Set(response.body.map((i) => i.uniqueProductIdentifiers[0]?.value)).size).toBe(10_000);
    const page = await apiPage<TItemSummary>(`${itemsPath(model.id)}?limit=50`, { token: world.token });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(50);
    expect(page.body.nextCursor).not.toBeNull();
    const one = response.body[1234];
    const item = await api<TItem>("GET", itemPath(model.id, one?.id ?? ""), { token: world.token });
    expect(item.body.dataValues).toHaveLength(2);
  });

  it("creates items from serial numbers, all or nothing, listing every duplicate and every clash", async () => {
    const model = await postModel(world);
    const serials = Array.from({ length: 25 }, (_, i) => `BAT-${crypto.randomUUID().slice(0, 8)}-${i}`);
    const created = await api<TItemBulkCreateResponse>("POST", `${itemsPath(model.id)}/bulk`, {
      token: world.token,
      body: { identifiers: serials },
    });
    expect(created.status).toBe(201);
    expect(created.body.map((i) => i.uniqueProductIdentifiers[0]?.value)).toEqual(serials);

    const duplicates = await api("POST", `${itemsPath(model.id)}/bulk`, {
      token: world.token,
      body: { identifiers: ["X-1", "X-2", "X-1", "X-2"] },
    });
    expectIssues(expectError(duplicates, 400), [{ path: "$.identifiers[2]" }, { path: "$.identifiers[3]" }]);

    const fresh = `NEW-${crypto.randomUUID()}`;
    const clashes = await api("POST", `${itemsPath(model.id)}/bulk`, {
      token: world.token,
      body: { identifiers: [fresh, serials[3], serials[7]] },
    });
    expectIssues(expectError(clashes, 409), [{ path: "$.identifiers[1]" }, { path: "$.identifiers[2]" }]);
    const found = await apiPage<TItemSummary>(`${itemsPath(model.id)}?identifier=${fresh}`, { token: world.token });
    expect(found.body.items).toEqual([]);
  });

  it("refuses more than 10,000 items and a body that is neither a count nor a list", async () => {
    const model = await postModel(world);
    expectError(await api("POST", `${itemsPath(model.id)}/bulk`, { token: world.token, body: { count: 10_001 } }), 400);
    expectError(await api("POST", `${itemsPath(model.id)}/bulk`, { token: world.token, body: { count: 0 } }), 400);
    expectError(await api("POST", `${itemsPath(model.id)}/bulk`, { token: world.token, body: {} }), 400);
  });
});

describe("listing, reading and deleting items", () => {
  it("lists newest first, pages by cursor and filters by identifier value", async () => {
    const model = await postModel(world);
    const created: TItem[] = [];
    for (let i = 0; i < 5; i++) created.push(await postItem(model.id));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = await apiPage<TItemSummary>(`${itemsPath(model.id)}${query}`, { token: world.token });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen)).toEqual(new Set(created.map((i) => i.id)));
    const target = created[2] as TItem;
    const value = target.uniqueProductIdentifiers[0]?.value ?? "";
    const found = await apiPage<TItemSummary>(`${itemsPath(model.id)}?identifier=${value}`, { token: world.token });
    expect(found.body.items.map((i) => i.id)).toEqual([target.id]);
  });

  it("answers 404 for another organization's item and for an item under another model, 403 for a non-member", async () => {
    const model = await postModel(world);
    const item = await postItem(model.id);
    const otherModel = await postModel(world);
    expectError(await api("GET", itemPath(otherModel.id, item.id), { token: world.token }), 404);
    expectError(await api("GET", itemPath(model.id, crypto.randomUUID()), { token: world.token }), 404);
    const asOther = `/api/organizations/${other.organization.id}/models/${model.id}/items/${item.id}`;
    expectError(await api("GET", asOther, { token: other.token }), 404);
    const outsider = await createOutsider(world.organization.id);
    expectError(await api("GET", itemPath(model.id, item.id), { token: outsider.token }), 403);
    expectError(await api("GET", itemPath(model.id, "not-a-uuid"), { token: world.token }), 400);
  });

  it("deletes an item with its values (If-Match checked under its lock); its identifiers are retired and never reused", async () => {
    const model = await postModel(world);
    const serial = `RET-${crypto.randomUUID()}`;
    const item = await postItem(model.id, { uniqueProductIdentifiers: [{ value: serial }] });
    const uuid = item.uniqueProductIdentifiers[0]?.uuid ?? "";
    // A stale If-Match deletes nothing; the current one deletes.
    const stale = { token: world.token, headers: { "if-match": `"${item.version + 1}"` } };
    expectError(await api("DELETE", itemPath(model.id, item.id), stale), 412);
    expect((await api("GET", itemPath(model.id, item.id), { token: world.token })).status).toBe(200);
    const current = { token: world.token, headers: { "if-match": `"${item.version}"` } };
    const deleted = await api("DELETE", itemPath(model.id, item.id), current);
    expect(deleted.status).toBe(204);
    expectError(await api("GET", itemPath(model.id, item.id), { token: world.token }), 404);
    expectError(await api("DELETE", itemPath(model.id, item.id), { token: world.token }), 404);
    const again = await api("POST", itemsPath(model.id), {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value: serial }] },
    });
    expectError(again, 409);
    const reference = `/api/organizations/${world.organization.id}/unique-product-identifiers/${uuid}/reference`;
    expectError(await api("GET", reference, { token: world.token }), 404);
  });
});

describe("item data values", () => {
  it("follow the model's rules: 409 on an existing triple, If-Match, version and ETag", async () => {
    const model = await postModel(world);
    const item = await postItem(model.id);
    const patched = await api<TItem>("PATCH", valuesPath(model.id, item.id), {
      token: world.token,
      body: [dv(IDS.item, IDS.health, 0, 97.5), dv(IDS.general, IDS.serial, 0, "SN-1")],
      headers: { "if-match": '"1"' },
    });
    expect(patched.status).toBe(200);
    expect(patched.headers.get("etag")).toBe('"2"');
    expect(valuesOf(patched.body).get(`${IDS.item}|${IDS.health}|0`)).toBe("97.5");
    const stale = await api("PATCH", valuesPath(model.id, item.id), {
      token: world.token,
      body: [dv(IDS.item, IDS.health, 0, "90")],
      headers: { "if-match": '"1"' },
    });
    expectError(stale, 412);
    const existing = await api("POST", valuesPath(model.id, item.id), {
      token: world.token,
      body: [dv(IDS.item, IDS.health, 0, "90")],
    });
    expectDataValueIssues(expectError(existing, 409), [{ path: "$[0]", dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0 }]);
    // The model's values are not the item's.
    const modelAfter = await api<{ version: number }>("GET", modelPath(world, model.id), { token: world.token });
    expect(modelAfter.body.version).toBe(model.version);
  });

  it("refuses a Model-level value on an item and an Item-level value on a model, naming the triple", async () => {
    const model = await postModel(world);
    const item = await postItem(model.id);
    const onItem = await api("PATCH", valuesPath(model.id, item.id), {
      token: world.token,
      body: [dv(IDS.general, IDS.weight, 0, "12")],
    });
    const body = expectError(onItem, 400);
    expectDataValueIssues(body, [{ path: "$[0].dataFieldId", dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 }]);
    expect(body.issues?.[0]?.message).toMatch(/Model-level; an item holds Item-level values only/);
    const onModel = await api("POST", `${modelPath(world, model.id)}/data-values`, {
      token: world.token,
      body: [dv(IDS.item, IDS.health, 0, "80")],
    });
    expectDataValueIssues(expectError(onModel, 400), [
      { path: "$[0].dataSectionId", dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0 },
    ]);
  });

  it("completes and deletes rows of an Item-level repeater per item", async () => {
    const definition = fixtureTemplate();
    const cells = crypto.randomUUID();
    const [cellId, voltage] = [crypto.randomUUID(), crypto.randomUUID()];
    definition.sections.push({
      id: cells,
      name: "Cells",
      type: "Repeatable",
      granularityLevel: "Item",
      dataFields: [
        { id: cellId, name: "Cell id", type: "TextField", granularityLevel: "Item" },
        { id: voltage, name: "Voltage", type: "NumericField", granularityLevel: "Item" },
      ],
    } as (typeof definition.sections)[number]);
    const template = await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition });
    const model = await postModel(world, { templateId: template.id });
    const [first, second] = [await postItem(model.id), await postItem(model.id)];
    const added = await api<TItem>("POST", valuesPath(model.id, first.id), {
      token: world.token,
      body: [dv(cells, cellId, 0, "C-1"), dv(cells, cellId, 1, "C-2")],
    });
    expect(added.status).toBe(201);
    const values = valuesOf(added.body);
    expect(values.get(`${cells}|${voltage}|0`)).toBeNull();
    expect(values.get(`${cells}|${voltage}|1`)).toBeNull();
    const untouched = await api<TItem>("GET", itemPath(model.id, second.id), { token: world.token });
    expect(untouched.body.dataValues.some((v) => v.dataSectionId === cells)).toBe(false);
    const removed = await api<TItem>("DELETE", `${valuesPath(model.id, first.id)}?dataSectionId=${cells}&row=0`, {
      token: world.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.dataValues.filter((v) => v.dataSectionId === cells).map((v) => v.row)).toEqual([1, 1]);
  });

  it("serialises parallel writers on one item: none is lost", async () => {
    const model = await postModel(world);
    const item = await postItem(model.id);
    const writes = Array.from({ length: 6 }, (_, i) =>
      api("PATCH", valuesPath(model.id, item.id), { token: world.token, body: [dv(IDS.general, IDS.serial, 0, `W-${i}`)] }),
    );
    const responses = await Promise.all(writes);
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    const after = await api<TItem>("GET", itemPath(model.id, item.id), { token: world.token });
    expect(after.body.version).toBe(7);
  });
});

describe("changing the model's template", () => {
  it("is refused with 409 while an item holds a value the new template has no place for", async () => {
    const alternative = await importAlternativeTemplate(world);
    const model = await postModel(world);
    const item = await postItem(model.id);
    // The alternative template drops nothing Item-level, so a switch with item values in place succeeds.
    const patched = await api<TItem>("PATCH", valuesPath(model.id, item.id), {
      token: world.token,
      body: [dv(IDS.item, IDS.health, 0, "88")],
    });
    expect(patched.status).toBe(200);
    const switched = await api("PATCH", modelPath(world, model.id), {
      token: world.token,
      body: { templateId: alternative.id },
    });
    expect(switched.status).toBe(200);
    const moved = await api<TItem>("GET", itemPath(model.id, item.id), { token: world.token });
    expect(moved.body).toMatchObject({ templateId: alternative.id, version: 3 });
    expect(valuesOf(moved.body).get(`${IDS.item}|${IDS.health}|0`)).toBe("88");

    // A template without the Item section would lose the value: 409 naming it, nothing changes.
    const definition = fixtureTemplate();
    definition.sections = definition.sections.filter((s) => s.id !== IDS.item);
    const withoutItems = await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition });
    const refused = await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: withoutItems.id } });
    expectDataValueIssues(expectError(refused, 409), [
      { path: "$.templateId", dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0 },
    ]);
    const still = await api<TItem>("GET", itemPath(model.id, item.id), { token: world.token });
    expect(still.body).toEqual(moved.body);
  });
});

describe("unique product identifiers", () => {
  it("name their model or item, by reference, by value and publicly by metadata", async () => {
    const model = await postModel(world);
    const item = await postItem(model.id, { uniqueProductIdentifiers: [{ value: `UPI-${crypto.randomUUID()}` }] });
    const [itemId] = item.uniqueProductIdentifiers;
    const [modelId] = model.uniqueProductIdentifiers;
    const base = `/api/organizations/${world.organization.id}/unique-product-identifiers`;
    const ofItem = await api("GET", `${base}/${itemId?.uuid}/reference`, { token: world.token });
    expect(ofItem).toMatchObject({
      status: 200,
      body: { id: item.id, organizationId: world.organization.id, modelId: model.id, granularityLevel: "Item" },
    });
    const ofModel = await api("GET", `${base}/${modelId?.uuid}/reference`, { token: world.token });
    expect(ofModel.body).toEqual({ id: model.id, organizationId: world.organization.id, granularityLevel: "Model" });
    const byValue = await api("GET", `${base}?value=${encodeURIComponent(itemId?.value ?? "")}`, { token: world.token });
    expect(byValue.body).toEqual([{ uuid: itemId?.uuid, value: itemId?.value, reference: ofItem.body }]);
    const none = await api("GET", `${base}?value=nothing-${crypto.randomUUID()}`, { token: world.token });
    expect(none.body).toEqual([]);
    // Another organization does not see it; the public metadata needs no key.
    const otherBase = `/api/organizations/${other.organization.id}/unique-product-identifiers`;
    expectError(await api("GET", `${otherBase}/${itemId?.uuid}/reference`, { token: other.token }), 404);
    const metadata = await api("GET", `/api/unique-product-identifiers/${itemId?.uuid}/metadata`);
    expect(metadata).toMatchObject({ status: 200, body: { organizationId: world.organization.id } });
    expectError(await api("GET", `/api/unique-product-identifiers/${crypto.randomUUID()}/metadata`), 404);
  });
});
