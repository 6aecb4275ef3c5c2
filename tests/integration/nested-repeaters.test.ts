import { beforeAll, describe, expect, it } from "vitest";
import type { THistoryEntry } from "~/domain/history";
import type { TModel } from "~/domain/model-schema";
import { NESTED, nestedTemplate, valueAtPath as at } from "~/domain/nested-template.fixture";
import { tripleKey } from "~/domain/data-value";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, getModelOf, modelPath, postModel } from "./support/actors";
import { expectError, expectModel } from "./support/contract";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Repeaters inside repeaters through the REST API (docs/data-model.md §Rows): a value's `row` is its row in the
 * outermost repeater and `innerRows` its rows below; rows are made, completed, deleted, reordered and limited at every
 * level, each level inside its parent row only, and the history names the whole path.
 */

let world: World;
let templateId: string;
let limitedTemplateId: string;

beforeAll(async () => {
  world = await createWorld("nested");
  const organizationId = world.organization.id;
  templateId = (await importTemplate({ organizationId, createdByUserId: world.user.id, definition: nestedTemplate() })).id;
  limitedTemplateId = (
    await importTemplate({
      organizationId,
      createdByUserId: world.user.id,
      definition: nestedTemplate(undefined, { stagesMaxRows: "2" }),
    })
  ).id;
});

type Sent = { value: unknown; dataSectionId: string; dataFieldId: string; row: number; innerRows?: number[] };
const method = (row: number, value: string) => at(NESTED.footprints, NESTED.method, [row], value);
const stage = (path: number[], value: string) => at(NESTED.stages, NESTED.stage, path, value);
const source = (path: number[], value: string) => at(NESTED.sources, NESTED.source, path, value);

const changesPath = (modelId: string) => `${modelPath(world, modelId)}/changes`;
const post = (modelId: string, values: Sent[]) => api("POST", dataValuesPath(world, modelId), { token: world.token, body: values });
const change = (modelId: string, body: unknown) => api("POST", changesPath(modelId), { token: world.token, body });

/** Each value of a field as `path → value`, the path written `3` or `3.0.1`. */
function valuesOf(model: TModel, dataSectionId: string, dataFieldId: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const v of model.dataValues) {
    if (v.dataSectionId !== dataSectionId || v.dataFieldId !== dataFieldId) continue;
    result[tripleKey(v).split("|")[2] as string] = v.value;
  }
  return result;
}

async function filledModel(id = templateId): Promise<TModel> {
  const model = await postModel(world, { templateId: id });
  return expectModel(
    await post(model.id, [
      method(0, "PEF"),
      method(1, "ISO 14067"),
      stage([0, 0], "Raw materials"),
      stage([0, 1], "Production"),
      source([0, 1, 0], "Grid electricity"),
      source([0, 1, 1], "Transport"),
      stage([1, 0], "Recycling"),
    ]),
    201,
  );
}

describe("values in nested repeaters", () => {
  it("stores a value at every level and completes each new row, its groups' fields and the rows around it", async () => {
    const model = await filledModel();
    expect(valuesOf(model, NESTED.footprints, NESTED.method)).toEqual({ 0: "PEF", 1: "ISO 14067" });
    expect(valuesOf(model, NESTED.validity, NESTED.validUntil)).toEqual({ 0: null, 1: null });
    expect(valuesOf(model, NESTED.stages, NESTED.stage)).toEqual({ "0.0": "Raw materials", "0.1": "Production", "1.0": "Recycling" });
    expect(valuesOf(model, NESTED.stages, NESTED.share)).toEqual({ "0.0": null, "0.1": null, "1.0": null });
    expect(valuesOf(model, NESTED.sources, NESTED.source)).toEqual({ "0.1.0": "Grid electricity", "0.1.1": "Transport" });
    // A value deep inside rows that do not exist yet makes them, at every level.
    const deeper = expectModel(await post(model.id, [source([4, 2, 0], "Shipping")]), 201);
    expect(valuesOf(deeper, NESTED.footprints, NESTED.method)).toMatchObject({ 4: null });
    expect(valuesOf(deeper, NESTED.stages, NESTED.stage)).toMatchObject({ "4.2": null });
    expect(valuesOf(deeper, NESTED.sources, NESTED.source)).toMatchObject({ "4.2.0": "Shipping" });
    expect(await getModelOf(world, model.id)).toEqual(deeper);
  });

  it("modifies one inner row's value and leaves the same field in other rows alone", async () => {
    const model = await filledModel();
    const patched = expectModel(
      await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [stage([0, 1], "Manufacturing")] }),
      200,
    );
    expect(valuesOf(patched, NESTED.stages, NESTED.stage)).toEqual({
      "0.0": "Raw materials",
      "0.1": "Manufacturing",
      "1.0": "Recycling",
    });
  });

  it("refuses a value whose inner rows do not match its section's depth, naming the place", async () => {
    const model = await filledModel();
    const missing = expectError(await post(model.id, [{ ...stage([0], "x") }]), 400);
    expect(missing.issues).toEqual([
      expect.objectContaining({ path: "$[0].innerRows", message: expect.stringContaining("innerRows must name 1 row") }),
    ]);
    const extra = expectError(await post(model.id, [at(NESTED.footprints, NESTED.method, [0, 3], "x")]), 400);
    expect(extra.issues).toEqual([
      expect.objectContaining({ path: "$[0].innerRows", message: expect.stringContaining("must be left out"), innerRows: [3] }),
    ]);
    const badShape = expectError(await post(model.id, [{ ...stage([0, 0], "x"), innerRows: [-1] }]), 400);
    expect(badShape.issues?.[0]?.path).toMatch(/^\$\[0\]\.innerRows/);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("refuses adding a value that exists at the same path, and accepts the same field at another inner row", async () => {
    const model = await filledModel();
    expectError(await post(model.id, [stage([0, 1], "again")]), 409);
    const added = expectModel(await post(model.id, [stage([0, 2], "Use")]), 201);
    expect(valuesOf(added, NESTED.stages, NESTED.stage)).toMatchObject({ "0.2": "Use", "0.1": "Production" });
  });
});

describe("rows of a nested repeater", () => {
  it("deletes one inner row with the rows inside it, and nothing of the other parents' rows", async () => {
    const model = await filledModel();
    const after = expectModel(await change(model.id, { deleteRows: [{ dataSectionId: NESTED.stages, row: 0, innerRows: [1] }] }), 200);
    expect(valuesOf(after, NESTED.stages, NESTED.stage)).toEqual({ "0.0": "Raw materials", "1.0": "Recycling" });
    expect(valuesOf(after, NESTED.sources, NESTED.source)).toEqual({});
    expect(valuesOf(after, NESTED.footprints, NESTED.method)).toEqual({ 0: "PEF", 1: "ISO 14067" });
  });

  it("DELETE …/data-values deletes one inner row named by its innerRows, a malformed innerRows is a 400", async () => {
    const model = await filledModel();
    const url = (query: string) => `${dataValuesPath(world, model.id)}?dataSectionId=${NESTED.sources}&${query}`;
    const after = expectModel(await api("DELETE", url("row=0&innerRows=1,1"), { token: world.token }), 200);
    expect(valuesOf(after, NESTED.sources, NESTED.source)).toEqual({ "0.1.0": "Grid electricity" });
    expectError(await api("DELETE", url("row=0&innerRows=1,7"), { token: world.token }), 404);
    expectError(await api("DELETE", url("row=0&innerRows=1;1"), { token: world.token }), 400);
  });

  it("deletes an outer row with everything nested in it", async () => {
    const model = await filledModel();
    const after = expectModel(await change(model.id, { deleteRows: [{ dataSectionId: NESTED.footprints, row: 0 }] }), 200);
    expect(valuesOf(after, NESTED.footprints, NESTED.method)).toEqual({ 1: "ISO 14067" });
    expect(valuesOf(after, NESTED.stages, NESTED.stage)).toEqual({ "1.0": "Recycling" });
    expect(valuesOf(after, NESTED.sources, NESTED.source)).toEqual({});
  });

  it("answers a missing inner row with its whole path, and a delete without innerRows for a nested repeater with a 400", async () => {
    const model = await filledModel();
    const missing = expectError(
      await change(model.id, { deleteRows: [{ dataSectionId: NESTED.stages, row: 1, innerRows: [5] }] }),
      400,
    );
    expect(missing.issues).toEqual([
      expect.objectContaining({ path: "$.deleteRows[0].innerRows", message: "Row 1.5 of this repeater does not exist" }),
    ]);
    const unnamed = expectError(await change(model.id, { deleteRows: [{ dataSectionId: NESTED.stages, row: 1 }] }), 400);
    expect(unnamed.issues).toEqual([expect.objectContaining({ path: "$.deleteRows[0].innerRows" })]);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("reorders the rows inside one parent row, moving the rows nested in them along", async () => {
    const model = await filledModel();
    const after = expectModel(
      await change(model.id, { reorder: [{ dataSectionId: NESTED.stages, parentRows: [0], rows: [1, 0] }] }),
      200,
    );
    expect(valuesOf(after, NESTED.stages, NESTED.stage)).toEqual({ "0.0": "Production", "0.1": "Raw materials", "1.0": "Recycling" });
    expect(valuesOf(after, NESTED.sources, NESTED.source)).toEqual({ "0.0.0": "Grid electricity", "0.0.1": "Transport" });
    const incomplete = expectError(
      await change(model.id, { reorder: [{ dataSectionId: NESTED.stages, parentRows: [0], rows: [1] }] }),
      400,
    );
    expect(incomplete.issues?.[0]?.message).toMatch(/0, 1/);
  });

  it("limits a nested repeater's rows inside each parent row, not across them", async () => {
    const model = await filledModel(limitedTemplateId);
    const third = expectError(await post(model.id, [stage([0, 2], "Use")]), 400);
    expect(third.message).toMatch(/allows at most 2 rows; this save would leave it with 3/);
    expectModel(await post(model.id, [stage([1, 1], "Disposal")]), 201);
  });
});

describe("history of nested values", () => {
  it("names each changed value's whole path, and the latest change of one inner value", async () => {
    const model = await filledModel();
    await change(model.id, {
      modify: [source([0, 1, 1], "Rail transport")],
      reorder: [{ dataSectionId: NESTED.stages, parentRows: [0], rows: [1, 0] }],
    });
    const history = await apiPage<THistoryEntry>(`${modelPath(world, model.id)}/history`, { token: world.token });
    const [latest] = history.body.items;
    const modified = latest?.changes.find((c) => c.kind === "modify");
    // Recorded at the row the value has once the write is done: stage 1 became stage 0.
    expect(modified).toMatchObject({
      dataSectionId: NESTED.sources,
      row: 0,
      innerRows: [0, 1],
      from: "Transport",
      to: "Rail transport",
    });
    expect(latest?.changes.filter((c) => c.kind === "move").map((c) => c.innerRows)).toEqual(
      expect.arrayContaining([[0], [1], [0, 0]]),
    );
    const added = history.body.items.at(-1)?.changes.find((c) => c.dataSectionId === NESTED.sources && c.innerRows?.[1] === 0);
    expect(added).toMatchObject({ kind: "add", row: 0, innerRows: [1, 0], to: "Grid electricity" });
  });
});
