import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/app/p/[uuid]/route";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { TModel, TModelListEntry } from "~/domain/model-schema";
import type { TPassport } from "~/domain/passport-schema";
import { importTemplate } from "~/server/services/templates/import-template";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { dataValuesPath, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectDataValueIssues, expectError, expectModel } from "./support/contract";
import { fixtureTemplate } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

const SECTION = "31000000-0000-4000-8000-000000000001";
const ROWS = "31000000-0000-4000-8000-000000000002";
const TEMPERATURE = "31000000-0000-4000-8000-000000000011";
const WARRANTY = "31000000-0000-4000-8000-000000000012";
const NAME = "31000000-0000-4000-8000-000000000013";
const GRADE = "31000000-0000-4000-8000-000000000014";
const CAPACITY = "31000000-0000-4000-8000-000000000021";

/** The fixture template (one required field, "Product name") with range fields: a required number range, a date range, a text range, and one in a repeater. */
function templateWithRanges() {
  const template = fixtureTemplate();
  return {
    ...template,
    sections: [
      ...template.sections,
      {
        id: SECTION,
        name: "Ranges",
        type: "Group",
        parentId: null,
        subSections: [],
        dataFields: [
          {
            id: TEMPERATURE,
            name: "Operating temperature",
            type: "NumericField",
            options: { range: "true", min: "-40", max: "80", decimals: "1", unit: "°C", required: "true" },
          },
          { id: WARRANTY, name: "Warranty", type: "TextField", options: { range: "true", format: "date" } },
          { id: GRADE, name: "Grade", type: "TextField", options: { range: "true" } },
          { id: NAME, name: "Name", type: "TextField", options: {} },
        ],
      },
      {
        id: ROWS,
        name: "Cells",
        type: "Repeatable",
        parentId: null,
        subSections: [],
        dataFields: [{ id: CAPACITY, name: "Capacity", type: "NumericField", options: { range: "true", unit: "Ah" } }],
      },
    ],
  };
}

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("ranges");
  templateId = (
    await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: templateWithRanges() })
  ).id;
});

const patch = (modelId: string, body: unknown) => api("PATCH", dataValuesPath(world, modelId), { token: world.token, body });
const valueAt = (values: { dataFieldId: string; row: number; value: unknown }[], field: string, row = 0) =>
  values.find((v) => v.dataFieldId === field && v.row === row)?.value;

async function completenessOf(modelId: string) {
  const list = await apiPage<TModelListEntry>(`${modelsPath(world)}?limit=100`, { token: world.token });
  return list.body.items.find((m) => m.id === modelId)?.completeness;
}

describe("range fields through REST and the passport", () => {
  it("stores {min, max} (a number side as a JSON number, either side absent) and answers the object", async () => {
    const model = await postModel(world, { templateId });
    expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 2 });
    const saved = expectModel(
      await patch(model.id, [
        dv(SECTION, TEMPERATURE, 0, { min: -20, max: "60.5" }),
        dv(SECTION, WARRANTY, 0, { max: "2030-12-31" }),
        dv(SECTION, GRADE, 0, { min: "C", max: "A" }),
      ]),
      200,
    );
    expect(valueAt(saved.dataValues, TEMPERATURE)).toEqual({ min: "-20", max: "60.5" });
    expect(valueAt(saved.dataValues, WARRANTY)).toEqual({ min: null, max: "2030-12-31" });
    expect(valueAt(saved.dataValues, GRADE)).toEqual({ min: "C", max: "A" });
    const read = expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(valueAt(read.dataValues, TEMPERATURE)).toEqual({ min: "-20", max: "60.5" });
    // tRPC (the app's own pages) answers the same object: one conversion of stored values for every adapter.
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const viaTrpc = await caller.models.byId({ organizationId: world.organization.id, modelId: model.id });
    expect(valueAt(viaTrpc.dataValues, TEMPERATURE)).toEqual({ min: "-20", max: "60.5" });
    // One side filled is filled.
    expectModel(await patch(model.id, [dv(SECTION, TEMPERATURE, 0, { min: null, max: 10 })]), 200);
    expect(await completenessOf(model.id)).toEqual({ filled: 1, required: 2 });
    // Neither side is no value.
    const cleared = expectModel(await patch(model.id, [dv(SECTION, TEMPERATURE, 0, { min: null })]), 200);
    expect(valueAt(cleared.dataValues, TEMPERATURE) ?? null).toBeNull();
    expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 2 });

    const added = await api("POST", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(ROWS, CAPACITY, 0, { min: 1, max: 42 }), dv(ROWS, CAPACITY, 1, { max: 42 })],
    });
    expect(added.status).toBe(201);
    const rows = expectModel(added, 201).dataValues;
    expect([valueAt(rows, CAPACITY, 0), valueAt(rows, CAPACITY, 1)]).toEqual([
      { min: "1", max: "42" },
      { min: null, max: "42" },
    ]);
  });

  it("refuses, naming the value, a side outside the field's rules, min above max, and an object for a field that is no range", async () => {
    const model = await postModel(world, { templateId });
    for (const [field, value] of [
      [TEMPERATURE, { min: 20, max: 10 }],
      [TEMPERATURE, { min: -50 }],
      [TEMPERATURE, { max: "1.25" }],
      [TEMPERATURE, "10"],
      [WARRANTY, { min: "2025-01-01", max: "2024-12-31" }],
      [WARRANTY, { min: "31.12.2024" }],
      [NAME, { min: "a", max: "b" }],
    ] as const) {
      const body = expectError(await patch(model.id, [dv(SECTION, field, 0, value)]), 400);
      expectDataValueIssues(body, [{ path: "$[0].value", dataSectionId: SECTION, dataFieldId: field, row: 0 }]);
    }
    const body = expectError(await patch(model.id, [dv(SECTION, TEMPERATURE, 0, { min: 20, max: 10 })]), 400);
    expect(JSON.stringify(body)).toContain("min (20) is above max (10)");
    const read = expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(read.dataValues.filter((v) => v.dataSectionId === SECTION && v.value !== null)).toEqual([]);
  });

  it("shows the range in the passport JSON as {min, max} and on the page as 10 – 20 °C or one side in words", async () => {
    const model = await postModel(world, { templateId });
    expectModel(
      await patch(model.id, [dv(SECTION, TEMPERATURE, 0, { min: -20, max: 60 }), dv(SECTION, WARRANTY, 0, { min: "2024-01-01" })]),
      200,
    );
    const uuid = model.uniqueProductIdentifiers[0]!.uuid;
    const passport = await api<TPassport>("GET", `/api/product-passports/${uuid}`);
    expect(passport.status).toBe(200);
    const row = passport.body.dataSections.find((s) => s.id === SECTION)!.dataValues[0]!;
    expect(row[TEMPERATURE]).toEqual({ min: "-20", max: "60" });
    expect(row[WARRANTY]).toEqual({ min: "2024-01-01", max: null });
    const page = await fetchPage(uuid);
    expect(page).toContain("-20 – 60");
    // A date side in the page's language's medium style, as a date field's value (docs/languages.md).
    expect(page).toContain("from Jan 1, 2024");
  });
});

describe("range fields through the AAS doors", () => {
  it("exports one verified Range per value and a PUT of it (top level and repeater rows) stores the same ranges", async () => {
    const source = await postModel(world, { templateId });
    expectModel(
      await patch(source.id, [dv(SECTION, TEMPERATURE, 0, { min: -20, max: 60 }), dv(SECTION, WARRANTY, 0, { max: "2030-12-31" })]),
      200,
    );
    const added = await api("POST", dataValuesPath(world, source.id), {
      token: world.token,
      body: [dv(ROWS, CAPACITY, 0, { min: 1, max: 42 }), dv(ROWS, CAPACITY, 1, { max: 42 })],
    });
    expect(added.status).toBe(201);
    const exported = await api<{ submodels: Record<string, unknown>[] }>("GET", `${modelPath(world, source.id)}/aas`, {
      token: world.token,
    });
    expect(verificationErrors(exported.body)).toEqual([]);
    const ranges = JSON.stringify(exported.body);
    expect(ranges).toContain('"modelType":"Range","valueType":"xs:decimal","min":"-20","max":"60"');
    expect(ranges).toContain('"modelType":"Range","valueType":"xs:decimal","min":"1","max":"42"');
    expect(ranges).toContain('"modelType":"Range","valueType":"xs:date","max":"2030-12-31"');

    const target = await postModel(world, { templateId });
    const put = await api<TModel>("PUT", `${modelPath(world, target.id)}/aas`, { token: world.token, body: exported.body });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const rangesOf = (model: TModel) =>
      model.dataValues
        .filter((v) => v.value !== null && [TEMPERATURE, WARRANTY, CAPACITY].includes(v.dataFieldId))
        .map((v) => [v.dataFieldId, v.row, v.value])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const stored = expectModel(await api("GET", modelPath(world, source.id), { token: world.token }), 200);
    expect(rangesOf(put.body)).toEqual(rangesOf(stored));
    expect(rangesOf(put.body)).toContainEqual([CAPACITY, 1, { min: null, max: "42" }]);
  });
});

async function fetchPage(uuid: string): Promise<string> {
  const request = new Request(`http://localhost:3000/p/${uuid}`);
  const response = await page.GET(request, { params: Promise.resolve({ uuid }) });
  expect(response.status).toBe(200);
  return response.text();
}
