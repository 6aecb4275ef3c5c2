import { OpenDppClient } from "@open-dpp/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDataValue } from "~/domain/data-value";
import type { TAnsweredDataValue } from "~/domain/list-value";
import type { THistoryEntry } from "~/domain/history";
import type { TItem } from "~/domain/item-schema";
import type { TModelListEntry } from "~/domain/model-schema";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { expectError, expectModel } from "./support/contract";
import { IDS, productNameValue as name } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { startRouteServer } from "./support/route-server";
import { createMultilingualWorld, type World } from "./support/world";

/**
 * Values per language (issue 24, docs/languages.md): a multilingual field keeps one value per language, written
 * over REST and tRPC with `language`; without one a value is the organization's default language, so the real
 * open-dpp client works unchanged. 409, If-Match and history hold per language.
 */

let world: World;
let templateId: string;

beforeAll(async () => {
  ({ world, templateId } = await createMultilingualWorld("multilingual"));
});

function valuesOfField(values: readonly TAnsweredDataValue[], fieldId: string): TAnsweredDataValue[] {
  return values.filter((v) => v.dataFieldId === fieldId);
}

describe("multilingual values over REST", () => {
  it("starts a new model with the default language's null, writes another language, and reads both", async () => {
    const model = await postModel(world, { templateId });
    expect(valuesOfField(model.dataValues, IDS.name)).toEqual([name(null, "en")]);
    expect(valuesOfField(model.dataValues, IDS.weight)).toEqual([
      { dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0, value: null },
    ]);
    const added = expectModel(
      await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku", "DE")] }),
      201,
    );
    const modified = expectModel(
      await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Battery")] }),
      200,
    );
    expect(added.version).toBe(2);
    expect(valuesOfField(modified.dataValues, IDS.name)).toEqual([name("Akku", "de"), name("Battery", "en")]);
    const read = expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(valuesOfField(read.dataValues, IDS.name)).toEqual([name("Akku", "de"), name("Battery", "en")]);
  });

  it("answers 409 for a language that already has a value, and 400 naming a language on a field that is not multilingual", async () => {
    const model = await postModel(world, { templateId });
    await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku", "de")] });
    const taken = expectError(
      await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("Zelle", "de")] }),
      409,
    );
    expect(taken.issues?.[0]).toMatchObject({ path: "$[0]", dataFieldId: IDS.name, language: "de" });
    const defaultTaken = expectError(
      await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("x")] }),
      409,
    );
    expect(defaultTaken.issues?.[0]).toMatchObject({ path: "$[0]", language: "en" });
    const notMultilingual = expectError(
      await api("PATCH", dataValuesPath(world, model.id), {
        token: world.token,
        body: [{ dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0, value: 3, language: "de" }],
      }),
      400,
    );
    expect(notMultilingual.issues).toEqual([
      expect.objectContaining({ path: "$[0].language", dataFieldId: IDS.weight, message: expect.stringContaining("Weight") }),
    ]);
    const badTag = expectError(
      await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("x", "no such tag")] }),
      400,
    );
    expect(badTag.issues?.[0]?.path).toBe("$[0].language");
    const twice = expectError(
      await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("a"), name("b", "en")] }),
      400,
    );
    expect(twice.issues?.[0]?.path).toBe("$[1]");
  });

  it("modifies a language only where it has a value, and holds If-Match per write", async () => {
    const model = await postModel(world, { templateId });
    expectError(await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku", "de")] }), 400);
    const added = expectModel(
      await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku", "de")] }),
      201,
    );
    const stale = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [name("Batterie", "de")],
      headers: { "if-match": `"${model.version}"` },
    });
    expectError(stale, 412);
    const fresh = expectModel(
      await api("PATCH", dataValuesPath(world, model.id), {
        token: world.token,
        body: [name("Batterie", "de")],
        headers: { "if-match": `"${added.version}"` },
      }),
      200,
    );
    expect(valuesOfField(fresh.dataValues, IDS.name)).toEqual([name("Batterie", "de"), name(null, "en")]);
  });

  it("keeps a repeater row's values per language and deletes the row in every language", async () => {
    const model = await postModel(world, { templateId });
    const substance = (value: string, language?: string) => ({
      dataSectionId: IDS.substances,
      dataFieldId: IDS.substance,
      row: 0,
      value,
      ...(language !== undefined && { language }),
    });
    const added = expectModel(
      await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [substance("Lead"), substance("Blei", "de")] }),
      201,
    );
    expect(valuesOfField(added.dataValues, IDS.substance)).toEqual([substance("Blei", "de"), substance("Lead", "en")]);
    expect(valuesOfField(added.dataValues, IDS.share)).toHaveLength(1);
    const deleted = await api("DELETE", `${dataValuesPath(world, model.id)}?dataSectionId=${IDS.substances}&row=0`, {
      token: world.token,
    });
    expect(deleted.status).toBe(200);
    expect(valuesOfField((deleted.body as { dataValues: TDataValue[] }).dataValues, IDS.substance)).toEqual([]);
  });

  it("records history per language", async () => {
    const model = await postModel(world, { templateId });
    await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku", "de")] });
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Battery"), name("Batterie", "de")] });
    const page = await apiPage<THistoryEntry>(`${modelPath(world, model.id)}/history`, { token: world.token });
    const [modified, added] = page.body.items;
    expect(modified?.changes).toEqual([
      { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0, language: "de", kind: "modify", from: "Akku", to: "Batterie" },
      { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0, language: "en", kind: "modify", from: null, to: "Battery" },
    ]);
    expect(added?.changes).toEqual([
      { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0, language: "de", kind: "add", from: null, to: "Akku" },
    ]);
  });
});

describe("multilingual values over tRPC and on items", () => {
  it("writes model and item values per language over tRPC", async () => {
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const model = await postModel(world, { templateId });
    const target = { organizationId: world.organization.id, modelId: model.id };
    await caller.dataValues.add({ ...target, values: [name("Akku", "de")] });
    const written = await caller.dataValues.modify({ ...target, values: [name("Battery")] });
    expect(valuesOfField(written.dataValues, IDS.name)).toEqual([name("Akku", "de"), name("Battery", "en")]);
    await expect(caller.dataValues.add({ ...target, values: [name("Zelle", "de")] })).rejects.toMatchObject({ code: "CONFLICT" });

    const item = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token, body: {} });
    expect(item.status).toBe(201);
    const cell = (value: string | null, language: string) => ({
      dataSectionId: IDS.cells,
      dataFieldId: IDS.cell,
      row: 0,
      value,
      language,
    });
    const itemTarget = { ...target, itemId: item.body.id };
    const withCells = await caller.items.dataValues.add({
      ...itemTarget,
      values: [cell("Zelle A", "de"), { ...cell("Cell A", "en") }],
    });
    expect(valuesOfField(withCells.dataValues, IDS.cell)).toEqual([cell("Zelle A", "de"), cell("Cell A", "en")]);
    const overRest = await api<TItem>("PATCH", `${modelPath(world, model.id)}/items/${item.body.id}/data-values`, {
      token: world.token,
      body: [{ dataSectionId: IDS.cells, dataFieldId: IDS.cell, row: 0, value: "Cellule A", language: "de" }],
    });
    expect(overRest.status).toBe(200);
    expect(valuesOfField(overRest.body.dataValues, IDS.cell)).toEqual([cell("Cellule A", "de"), cell("Cell A", "en")]);
  });
});

describe("@open-dpp/api-client against a multilingual template", () => {
  let server: Awaited<ReturnType<typeof startRouteServer>>;
  afterAll(async () => {
    await server?.close();
  });

  it("writes without a language (the default) and reads its value back", async () => {
    server = await startRouteServer(0);
    const client = new OpenDppClient({
      dpp: { baseURL: `${server.origin}/api`, apiKey: world.token, activeOrganizationId: world.organization.id },
    });
    const created = (await client.dpp.models.create({ name: "Client multilingual", templateId })).data;
    const modified = await client.dpp.models.modifyData(created.id, [
      { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0, value: "Battery" },
    ]);
    expect(modified.status).toBe(200);
    const read = await client.dpp.models.getById(created.id);
    expect(read.data.dataValues).toContainEqual({ ...name("Battery"), language: "en" });
    const added = await client.dpp.models.addData(created.id, [
      { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0, value: "Cobalt" },
    ]);
    expect(added.status).toBe(201);
    expect(added.data.dataValues).toContainEqual({
      dataSectionId: IDS.substances,
      dataFieldId: IDS.substance,
      row: 0,
      value: "Cobalt",
      language: "en",
    });
  });
});

describe("completeness per published language", () => {
  async function completenessOf(modelId: string) {
    const list = await apiPage<TModelListEntry>(`/api/organizations/${world.organization.id}/models?limit=100`, {
      token: world.token,
    });
    return list.body.items.find((m) => m.id === modelId)?.completeness;
  }

  it("counts a required multilingual field complete only when every published language has a value, naming the missing", async () => {
    const model = await postModel(world, { templateId });
    const missing = (languages: string[]) => [{ dataSectionId: IDS.general, dataFieldId: IDS.name, languages }];
    expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 1, missingLanguages: missing(["de", "en"]) });
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Battery")] });
    expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 1, missingLanguages: missing(["de"]) });
    await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [name("  ", "de")] });
    expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 1, missingLanguages: missing(["de"]) });
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [name("Akku", "de")] });
    expect(await completenessOf(model.id)).toEqual({ filled: 1, required: 1 });
  });
});
