import { beforeAll, expect, it } from "vitest";
import { isFilled } from "~/domain/completeness";
import { FILLED_CASES } from "~/domain/completeness.fixture";
import type { TModelListEntry } from "~/domain/model-schema";
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
