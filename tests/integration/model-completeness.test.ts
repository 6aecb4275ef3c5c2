import { beforeAll, expect, it } from "vitest";
import { isFilled } from "~/domain/completeness";
import { FILLED_CASES } from "~/domain/completeness.fixture";
import type { TModelListEntry } from "~/domain/model-schema";
import { NESTED, nestedTemplate, valueAtPath as at } from "~/domain/nested-template.fixture";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectModel } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;

beforeAll(async () => {
  world = await createWorld("completeness");
});

async function completenessOf(modelId: string) {
  const list = await apiPage<TModelListEntry>(`${modelsPath(world)}?limit=100`, { token: world.token });
  return list.body.items.find((m) => m.id === modelId)?.completeness;
}

it("the models list counts required values filled, honestly: blanks are not filled", async () => {
  // The fixture template has one required Model-level field, "Product name", outside repeaters.
  const model = await postModel(world);
  expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 1 });

  expectModel(
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, "   ")] }),
    200,
  );
  expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 1 });

  expectModel(
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, "Cell")] }),
    200,
  );
  expect(await completenessOf(model.id)).toEqual({ filled: 1, required: 1 });
  // Saving incomplete data stays allowed: completeness is a count, not a rule.
  expect((await api("GET", modelPath(world, model.id), { token: world.token })).status).toBe(200);
});

it("the list's SQL and the editor's isFilled agree on what is filled: Unicode white space and invisible separators are not", async () => {
  const cases = FILLED_CASES.filter(([value]) => value !== "");
  const models = await Promise.all(cases.map(() => postModel(world)));
  for (const [i, [value]] of cases.entries()) {
    const body = [dv(IDS.general, IDS.name, 0, value)];
    expectModel(await api("PATCH", dataValuesPath(world, models[i]!.id), { token: world.token, body }), 200);
  }
  const list = await apiPage<TModelListEntry>(`${modelsPath(world)}?limit=100`, { token: world.token });
  const filledInList = cases.map((_, i) => list.body.items.find((m) => m.id === models[i]!.id)?.completeness?.filled === 1);
  expect(filledInList).toEqual(cases.map(([value]) => isFilled(value)));
  expect(filledInList).toEqual(cases.map(([, expected]) => expected));
});

/** A value at a whole row path (`[row, ...innerRows]`, docs/data-model.md §Rows). */

/** The nested fixture, its life-cycle stages asking for two rows in each footprint. */
async function nestedModel(stagesMinRows?: string) {
  const definition = nestedTemplate();
  const stages = definition.sections.find((s) => s.id === NESTED.stages);
  if (stagesMinRows !== undefined && stages) Object.assign(stages, { options: { minRows: stagesMinRows } });
  const template = await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition });
  const model = await postModel(world, { templateId: template.id });
  const values = [
    at(NESTED.footprints, NESTED.method, [0], "PEF"),
    at(NESTED.footprints, NESTED.method, [1], "ISO 14067"),
    at(NESTED.stages, NESTED.stage, [0, 0], "Raw materials"),
    at(NESTED.stages, NESTED.stage, [0, 1], "Production"),
    at(NESTED.sources, NESTED.source, [0, 1, 0], "Grid electricity"),
    at(NESTED.stages, NESTED.stage, [1, 0], "Recycling"),
  ];
  expectModel(await api("POST", dataValuesPath(world, model.id), { token: world.token, body: values }), 201);
  return model;
}

it("counts a required field once per row at every level: an empty required value in a nested row lowers the figure", async () => {
  // Required: the product name (empty), the method in 2 footprints, the stage in 3 stages (0.0, 0.1, 1.0).
  const model = await nestedModel();
  expect(await completenessOf(model.id)).toEqual({ filled: 5, required: 6 });
  const blank = [at(NESTED.stages, NESTED.stage, [0, 1], "  ")];
  expectModel(await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: blank }), 200);
  expect(await completenessOf(model.id)).toEqual({ filled: 4, required: 6 });
});

it("counts a nested repeater's minRows in each row of its parent repeater", async () => {
  // Two stages asked in each footprint: footprint 0 has both, footprint 1 one of them.
  const model = await nestedModel("2");
  expect(await completenessOf(model.id)).toEqual({ filled: 5 + 3, required: 6 + 4 });
  // A third footprint without stages misses both of its own, and its method is one more required value (filled).
  const third = [at(NESTED.footprints, NESTED.method, [2], "GHG Protocol")];
  expectModel(await api("POST", dataValuesPath(world, model.id), { token: world.token, body: third }), 201);
  expect(await completenessOf(model.id)).toEqual({ filled: 6 + 3, required: 7 + 6 });
});
