import { beforeAll, describe, expect, it } from "vitest";
import { tripleKey } from "~/domain/data-value";
import type { TModel } from "~/domain/model-schema";
import { NESTED, nestedTemplate, valueAtPath as at } from "~/domain/nested-template.fixture";
import type { TModelUpgradePreview } from "~/domain/template-upgrade";
import { getDb } from "~/server/db/client";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, getModelOf, modelPath, postModel } from "./support/actors";
import { expectModel } from "./support/contract";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * A template change and a model upgrade with nested repeaters (docs/data-model.md §Rows, "Template change and
 * upgrade"): a value keeps its row path while its section sits at the same repeater depth; a Group that became a
 * nested repeater (an inner list an earlier import kept as one entry per row) keeps its values as each parent row's
 * first inner row; a value whose section sits at another depth is lost, listed with its innerRows, and blocks.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("nested-template-change");
});

type Section = {
  id: string;
  type: string;
  parentId: string | null;
  subSections: string[];
  granularityLevel?: string;
  dataFields: { id: string; name: string; type: string; granularityLevel?: string; options?: Record<string, string | undefined> }[];
};
type Definition = { version: string; sections: Section[] };

/** The nested fixture as a definition the tests may reshape. */
const definitionOf = (): Definition => nestedTemplate();

/** Imports `definition` as a version of `lineageOf`'s lineage when given (as publishing a new version does). */
async function imported(definition: Definition, lineageOf?: string): Promise<string> {
  const { id } = await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition });
  if (lineageOf) {
    const { lineageId } = await getDb().template.findUniqueOrThrow({ where: { id: lineageOf }, select: { lineageId: true } });
    await getDb().template.update({ where: { id }, data: { lineageId } });
  }
  return id;
}

/** The nested fixture as an earlier import kept it: life-cycle stages a Group of each footprint, without sources. */
function flattened(): Definition {
  const definition = definitionOf();
  return {
    ...definition,
    sections: definition.sections
      .filter((s) => s.id !== NESTED.sources)
      .map((s) => (s.id === NESTED.stages ? { ...s, type: "Group", subSections: [] } : s)),
  };
}

/** Each value of a field as `path → value`. */
function valuesOf(model: TModel, dataSectionId: string, dataFieldId: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const v of model.dataValues) {
    if (v.dataSectionId === dataSectionId && v.dataFieldId === dataFieldId) result[tripleKey(v).split("|")[2] as string] = v.value;
  }
  return result;
}

async function modelWith(templateId: string, values: ReturnType<typeof at>[]): Promise<TModel> {
  const model = await postModel(world, { templateId });
  return expectModel(await api("POST", dataValuesPath(world, model.id), { token: world.token, body: values }), 201);
}

const upgrade = (modelId: string, templateId: string) =>
  api("POST", `${modelPath(world, modelId)}/upgrade`, { token: world.token, body: { templateId } });
const preview = (modelId: string, templateId: string) =>
  api<TModelUpgradePreview>("GET", `${modelPath(world, modelId)}/upgrade?templateId=${templateId}`, { token: world.token });

const NESTED_VALUES = [
  at(NESTED.footprints, NESTED.method, [0], "PEF"),
  at(NESTED.stages, NESTED.stage, [0, 0], "Raw materials"),
  at(NESTED.stages, NESTED.stage, [0, 1], "Production"),
  at(NESTED.sources, NESTED.source, [0, 1, 0], "Grid electricity"),
];

describe("upgrading a model with nested values", () => {
  it("keeps every value at the same row path when its section sits at the same depth", async () => {
    const v1 = await imported(definitionOf());
    const next = definitionOf();
    next.version = "2.0.0";
    const sources = next.sections.find((s) => s.id === NESTED.sources);
    sources?.dataFields.push({ id: crypto.randomUUID(), name: "Supplier", type: "TextField", options: { required: "false" } });
    const v2 = await imported(next, v1);
    const model = await modelWith(v1, NESTED_VALUES);
    const upgraded = expectModel(await upgrade(model.id, v2), 200);
    expect(upgraded.templateId).toBe(v2);
    expect(valuesOf(upgraded, NESTED.stages, NESTED.stage)).toEqual({ "0.0": "Raw materials", "0.1": "Production" });
    expect(valuesOf(upgraded, NESTED.sources, NESTED.source)).toEqual({ "0.1.0": "Grid electricity" });
    // The new field of a kept nested row is completed with null there.
    const supplier = sources?.dataFields.at(-1)?.id ?? "";
    expect(valuesOf(upgraded, NESTED.sources, supplier)).toEqual({ "0.1.0": null });
  });

  it("keeps a flattened inner list's entry as its parent row's first row when the Group became a nested repeater", async () => {
    const v1 = await imported(flattened());
    const next = definitionOf();
    next.version = "2.0.0";
    const v2 = await imported(next, v1);
    const model = await modelWith(v1, [
      at(NESTED.footprints, NESTED.method, [0], "PEF"),
      at(NESTED.footprints, NESTED.method, [1], "ISO 14067"),
      at(NESTED.stages, NESTED.stage, [0], "Raw materials"),
      at(NESTED.stages, NESTED.stage, [1], "Recycling"),
    ]);
    expect((await preview(model.id, v2)).body).toMatchObject({ canUpgrade: true, lostValues: [] });
    const upgraded = expectModel(await upgrade(model.id, v2), 200);
    expect(valuesOf(upgraded, NESTED.stages, NESTED.stage)).toEqual({ "1.0": "Recycling", "0.0": "Raw materials" });
    expect(valuesOf(upgraded, NESTED.stages, NESTED.share)).toEqual({ "0.0": null, "1.0": null });
    expect(valuesOf(upgraded, NESTED.footprints, NESTED.method)).toEqual({ 0: "PEF", 1: "ISO 14067" });
    // Read back as stored: the moved values are where the new version holds them.
    expect(valuesOf(await getModelOf(world, model.id), NESTED.stages, NESTED.stage)).toEqual({
      "0.0": "Raw materials",
      "1.0": "Recycling",
    });
  });

  it("loses a value whose section now sits at another depth: listed with its innerRows, the upgrade refused", async () => {
    const v1 = await imported(definitionOf());
    const next = definitionOf();
    next.version = "2.0.0";
    // Sources move out of the stages to the top level: one repeater deep instead of three.
    next.sections = next.sections.map((s) =>
      s.id === NESTED.stages ? { ...s, subSections: [] } : s.id === NESTED.sources ? { ...s, parentId: null } : s,
    );
    const v2 = await imported(next, v1);
    const model = await modelWith(v1, NESTED_VALUES);
    const shown = await preview(model.id, v2);
    expect(shown.body).toMatchObject({
      canUpgrade: false,
      lostValues: [{ dataSectionId: NESTED.sources, row: 0, innerRows: [1, 0], value: "Grid electricity", reason: "removed" }],
    });
    const refused = await upgrade(model.id, v2);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("row 0.1.0");
    expect((await getModelOf(world, model.id)).templateId).toBe(v1);
  });
});

describe("upgrading a model whose items hold nested values", () => {
  it("moves the items' values by the same rule", async () => {
    // The footprints and everything in them Item-level: each item holds its own.
    const itemLevel = (definition: Definition): Definition => ({
      ...definition,
      sections: definition.sections.map((s) =>
        s.id === NESTED.general
          ? s
          : { ...s, granularityLevel: "Item", dataFields: s.dataFields.map((f) => ({ ...f, granularityLevel: "Item" })) },
      ),
    });
    const v1 = await imported(itemLevel(flattened()));
    const next = itemLevel(definitionOf());
    next.version = "2.0.0";
    const v2 = await imported(next, v1);
    const model = await postModel(world, { templateId: v1 });
    const items = `${modelPath(world, model.id)}/items`;
    const item = await api<{ id: string }>("POST", items, { token: world.token, body: {} });
    expect(item.status).toBe(201);
    const values = [at(NESTED.footprints, NESTED.method, [0], "PEF"), at(NESTED.stages, NESTED.stage, [0], "Raw materials")];
    const written = await api("POST", `${items}/${item.body.id}/data-values`, { token: world.token, body: values });
    expect(written.status).toBe(201);
    expectModel(await upgrade(model.id, v2), 200);
    const read = await api<TModel>("GET", `${items}/${item.body.id}`, { token: world.token });
    expect(valuesOf(read.body, NESTED.stages, NESTED.stage)).toEqual({ "0.0": "Raw materials" });
    expect(valuesOf(read.body, NESTED.footprints, NESTED.method)).toEqual({ 0: "PEF" });
  });
});

describe("changing a model's template", () => {
  it("moves nested values by the same rule as an upgrade", async () => {
    const flat = await imported(flattened());
    const deep = await imported(definitionOf());
    const model = await modelWith(flat, [
      at(NESTED.footprints, NESTED.method, [0], "PEF"),
      at(NESTED.stages, NESTED.stage, [0], "Raw materials"),
    ]);
    const changed = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: deep } }),
      200,
    );
    expect(valuesOf(changed, NESTED.stages, NESTED.stage)).toEqual({ "0.0": "Raw materials" });
    // And back: a nested repeater is not a Group, its values have no place at the flattened depth.
    const back = await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: flat } });
    expect(back.status).toBe(409);
    expect(JSON.stringify(back.body)).toContain('"innerRows":[0]');
  });
});
