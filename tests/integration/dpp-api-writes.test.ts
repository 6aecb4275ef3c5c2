import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import { createOutsider, getModelOf, modelPath } from "./support/actors";
import { type ErrorBody, tripleKey, valuesOf } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api, type CallOptions } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The member writes of the European DPP API (docs/versions.md §DPP API writes) through the real routes: CreateDPP,
 * a JSON Merge Patch of the working copy (typed values, repeater rows as arrays, null removes, all or nothing with
 * bounded problems, If-Match), one element read and patched by its idShort path, and DeleteDPPById leaving the
 * published versions readable as withdrawn.
 */

type Created = { dppId: string; organizationId: string; modelId: string; itemId?: string; version: number };
type WorkingCopy = Record<string, unknown> & { digitalProductPassportId: string; version: number };
type Result = ErrorBody & { issues: { path: string; message: string }[]; messages: { messageType: string; code: string }[] };

let world: World;
let model: Created;
let item: Created;
/** The compressed form's content keys of the fixture's top-level sections (submodel ids: no semanticIds). */
let general: string;
let substances: string;
let cells: string;
let itemGeneral: string;

const MERGE_PATCH = { "content-type": "application/merge-patch+json" };
const dppPath = (dppId: string) => `/api/v1/dpps/${dppId}`;
const elementPath = (dppId: string, path: string) => `/api/v1/dpps/${dppId}/elements/${encodeURIComponent(path)}`;

function patch(dppId: string, body: unknown, options: CallOptions = {}) {
  return api<WorkingCopy>("PATCH", dppPath(dppId), {
    token: world.token,
    body,
    ...options,
    headers: { ...MERGE_PATCH, ...options.headers },
  });
}

function expectResult(body: unknown, status: number): Result {
  const result = body as Result;
  expect(result.statusCode).toBe(status);
  expect(result.messages[0]).toMatchObject({ messageType: "Error", code: String(status) });
  return result;
}

async function itemOf(created: Created): Promise<TItem> {
  const response = await api<TItem>("GET", `${modelPath(world, created.modelId)}/items/${created.itemId}`, { token: world.token });
  expect(response.status).toBe(200);
  return response.body;
}

const keyOf = (copy: WorkingCopy, sectionId: string) => Object.keys(copy).find((key) => key.endsWith(`/submodels/${sectionId}`)) ?? "";

beforeAll(async () => {
  world = await createWorld("dpp-writes");
  const createdModel = await api<Created>("POST", "/api/v1/dpps", {
    token: world.token,
    body: { organizationId: world.organization.id, model: { name: "Pack", templateId: world.template.id } },
  });
  expect(createdModel.status).toBe(201);
  model = createdModel.body;
  expect(createdModel.headers.get("location")).toBe(`/api/v1/dpps/${model.dppId}`);
  const createdItem = await api<Created>("POST", "/api/v1/dpps", {
    token: world.token,
    body: { organizationId: world.organization.id, modelId: model.modelId },
  });
  expect(createdItem.status).toBe(201);
  item = createdItem.body;
  const copy = (await patch(model.dppId, {})).body;
  general = keyOf(copy, IDS.general);
  substances = keyOf(copy, IDS.substances);
  const itemCopy = (await patch(item.dppId, {})).body;
  cells = keyOf(itemCopy, IDS.cells);
  itemGeneral = keyOf(itemCopy, IDS.general);
  expect([general, substances, cells, itemGeneral].every((key) => key !== "")).toBe(true);
});

describe("EN 18222 member writes", () => {
  it("CreateDPP makes a model or an item of a model, each with its own dppId", async () => {
    expect(model).toMatchObject({ organizationId: world.organization.id, version: 1 });
    expect(model.itemId).toBeUndefined();
    expect(item).toMatchObject({ modelId: model.modelId, itemId: expect.any(String) as string });
    expect((await itemOf(item)).uniqueProductIdentifiers[0]?.uuid).toBe(item.dppId);
    const bad = await api("POST", "/api/v1/dpps", { token: world.token, body: { organizationId: world.organization.id } });
    expect(bad.status).toBe(400);
    expectResult(bad.body, 400);
  });

  it("a merge patch writes typed values, repeater rows as arrays and collections key by key", async () => {
    const response = await patch(model.dppId, {
      [general]: { ProductName: "Cell pack", Weight: 42.5, Details: { Notes: "Keep dry" } },
      [substances]: {
        HazardousSubstances: [
          {
            Substance: "Lead",
            Share: 0.1,
            Evidence: { Certificate: { contentType: "application/pdf", value: "https://example.com/c.pdf" } },
          },
          { Substance: "Cadmium" },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe(`"${response.body.version}"`);
    expect(response.body[general]).toMatchObject({ ProductName: "Cell pack", Weight: 42.5, Details: { Notes: "Keep dry" } });
    expect(response.body[substances]).toMatchObject({
      HazardousSubstances: [
        { Substance: "Lead", Share: 0.1 },
        { Substance: "Cadmium", Share: null },
      ],
    });
    const values = valuesOf(await getModelOf(world, model.modelId));
    expect(values.get(tripleKey({ dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 }))).toBe("42.5");
    expect(values.get(tripleKey({ dataSectionId: IDS.evidence, dataFieldId: IDS.certificate, row: 0 }))).toBe(
      "https://example.com/c.pdf",
    );
    expect(values.get(tripleKey({ dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 1 }))).toBe("Cadmium");
  });

  it("null removes a value (RFC 7396)", async () => {
    const response = await patch(model.dppId, { [general]: { Details: { Notes: null } } });
    expect(response.status).toBe(200);
    const values = valuesOf(await getModelOf(world, model.modelId));
    expect(values.get(tripleKey({ dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 0 }))).toBeNull();
    expect(values.get(tripleKey({ dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0 }))).toBe("Cell pack");
  });

  it("an invalid patch is a 400 listing each problem by its path in the patch, and nothing is stored", async () => {
    const before = await getModelOf(world, model.modelId);
    const response = await patch(model.dppId, {
      digitalProductPassportId: "other",
      [general]: { Nope: 1, ProductName: ["not", "text"] },
      [substances]: "not rows",
      unknown: {},
    });
    expect(response.status).toBe(400);
    const paths = expectResult(response.body, 400).issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["$.digitalProductPassportId", "$.unknown", `$[${JSON.stringify(general)}].Nope`]));
    expect(paths.length).toBe(5);
    // A value the write refuses (over the field's maximum) is named by its patch path too, with nothing stored.
    const tooHeavy = await patch(model.dppId, { [general]: { ProductName: "Changed", Weight: 5000 } });
    expect(tooHeavy.status).toBe(400);
    expect(expectResult(tooHeavy.body, 400).issues.map((issue) => issue.path)).toEqual([`$[${JSON.stringify(general)}].Weight`]);
    const after = await getModelOf(world, model.modelId);
    expect(after.version).toBe(before.version);
    expect(valuesOf(after)).toEqual(valuesOf(before));
  });

  it("problems are bounded however large the patch", async () => {
    const huge = Object.fromEntries(Array.from({ length: 500 }, (_, k) => [`Unknown${k}`, k]));
    const response = await patch(model.dppId, { [general]: huge });
    expect(response.status).toBe(400);
    const body = expectResult(response.body, 400);
    expect(body.issues.length).toBe(100);
    expect(body.message).toContain("400 more issues");
  });

  it("If-Match: a stale version is 412 and nothing is stored", async () => {
    const current = await getModelOf(world, model.modelId);
    const stale = await patch(
      model.dppId,
      { [general]: { ProductName: "Stale" } },
      { headers: { "if-match": `"${current.version - 1}"` } },
    );
    expect(stale.status).toBe(412);
    expectResult(stale.body, 412);
    const fresh = await patch(
      model.dppId,
      { [general]: { ProductName: "Fresh" } },
      { headers: { "if-match": `"${current.version}"` } },
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.version).toBe(current.version + 1);
  });

  it("an item's patch writes its own fields; the model's are named as the model's", async () => {
    const response = await patch(item.dppId, { [cells]: { Cells: [{ Cell: "C1", Voltage: 3.7 }, { Cell: "C2" }] } });
    expect(response.status).toBe(200);
    expect(response.body[cells]).toEqual({
      Cells: [
        { Cell: "C1", Voltage: 3.7 },
        { Cell: "C2", Voltage: null },
      ],
    });
    const refused = await patch(item.dppId, { [itemGeneral]: { ProductName: "Not mine", SerialNumber: "S-1" } });
    expect(refused.status).toBe(400);
    expect(expectResult(refused.body, 400).issues[0]?.message).toContain("belongs to the model");
    const values = valuesOf(await itemOf(item));
    expect(values.get(tripleKey({ dataSectionId: IDS.cells, dataFieldId: IDS.voltage, row: 0 }))).toBe("3.7");
    expect((await patch(item.dppId, { [itemGeneral]: { SerialNumber: "S-1" } })).body[itemGeneral]).toMatchObject({
      SerialNumber: "S-1",
    });
    // A repeater's null removes all its rows.
    expect((await patch(item.dppId, { [cells]: { Cells: null } })).body[cells]).toEqual({ Cells: [] });
    expect((await itemOf(item)).dataValues.filter((v) => v.dataSectionId === IDS.cells)).toEqual([]);
  });

  it("one element is read and patched by its idShort path; a write shows on the next member read", async () => {
    const read = await api("GET", elementPath(model.dppId, "General.ProductName"), { token: world.token });
    expect(read.status).toBe(200);
    expect(read.body).toBe("Fresh");
    const written = await api<{ value: unknown; version: number }>("PATCH", elementPath(model.dppId, "General.Weight"), {
      token: world.token,
      body: 50,
      headers: MERGE_PATCH,
    });
    expect(written.status).toBe(200);
    expect(written.body.value).toBe(50);
    const row = await api("PATCH", elementPath(model.dppId, "HazardousSubstances.HazardousSubstances[1].Substance"), {
      token: world.token,
      body: "Mercury",
      headers: MERGE_PATCH,
    });
    expect(row.status).toBe(200);
    const rows = await api("GET", elementPath(model.dppId, "HazardousSubstances.HazardousSubstances"), { token: world.token });
    expect(rows.body).toMatchObject([{ Substance: "Lead" }, { Substance: "Mercury" }]);
    expect((await api("GET", elementPath(model.dppId, "General.Weight"), { token: world.token })).body).toBe(50);
    const missing = await api("GET", elementPath(model.dppId, "General.Nothing"), { token: world.token });
    expect(missing.status).toBe(404);
    expectResult(missing.body, 404);
    expect((await api("GET", elementPath(model.dppId, "not a path!"), { token: world.token })).status).toBe(400);
  });

  it("anyone else reads an element of the published version; writes need a member", async () => {
    expect((await api("GET", elementPath(model.dppId, "General.ProductName"))).status).toBe(404);
    const published = await api("POST", `${modelPath(world, model.modelId)}/passport-versions`, { token: world.token });
    expect(published.status).toBe(201);
    await patch(model.dppId, { [general]: { ProductName: "Draft name" } });
    expect((await api("GET", elementPath(model.dppId, "General.ProductName"))).body).toBe("Fresh");
    expect((await api("GET", elementPath(model.dppId, "General.ProductName"), { token: world.token })).body).toBe("Draft name");
    const outsider = await createOutsider();
    const forbidden = await patch(model.dppId, { [general]: { ProductName: "Theirs" } }, { token: outsider.token });
    expect(forbidden.status).toBe(403);
    expectResult(forbidden.body, 403);
    expect((await api("GET", elementPath(model.dppId, "General.ProductName"), { token: outsider.token })).body).toBe("Fresh");
    expect((await api("DELETE", dppPath(model.dppId), { token: outsider.token })).status).toBe(403);
    expect((await patch(crypto.randomUUID(), {})).status).toBe(404);
    expect((await api("PATCH", dppPath(model.dppId), { body: {}, headers: MERGE_PATCH })).status).toBe(401);
  });

  it("DeleteDPPById deletes the item; its published version stays readable, withdrawn", async () => {
    const published = await api("POST", `${modelPath(world, item.modelId)}/items/${item.itemId}/passport-versions`, {
      token: world.token,
    });
    expect(published.status).toBe(201);
    const deleted = await api("DELETE", dppPath(item.dppId), { token: world.token });
    expect(deleted.status).toBe(204);
    const read = await api<{ dppStatus: string }>("GET", dppPath(item.dppId));
    expect(read.status).toBe(200);
    expect(read.body.dppStatus).toBe("Inactive");
    expect((await patch(item.dppId, {})).status).toBe(404);
    expect((await api("DELETE", dppPath(item.dppId), { token: world.token })).status).toBe(404);
  });
});
