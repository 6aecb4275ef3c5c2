import { beforeAll, describe, expect, it } from "vitest";
import type { TAnsweredDataValue } from "~/domain/list-value";
import type { TModel } from "~/domain/model-schema";
import { modelPath, postModel } from "./support/actors";
import { expectError, expectModel } from "./support/contract";
import { IDS, productNameValue as name } from "./support/fixture-template";
import { api } from "./support/http";
import { createMultilingualWorld, type World } from "./support/world";

/**
 * MultiLanguageProperty values in the AAS value import (docs/languages.md §Writes, docs/aas.md §Importing values): a
 * multilingual field gets one value per language given, canonical; a field that is not multilingual keeps one text;
 * a tag that cannot be stored is a 400 naming it, and nothing is stored.
 */

type Element = { modelType: string; idShort?: string; value?: unknown };
type Environment = { submodels?: { submodelElements?: Element[] }[] };

let world: World;
let multilingualTemplateId: string;

beforeAll(async () => {
  ({ world, templateId: multilingualTemplateId } = await createMultilingualWorld("aas-multilingual"));
});

const aasPath = (modelId: string) => `${modelPath(world, modelId)}/aas`;

/** The exported environment with the product name's element given `element`'s kind and value. */
async function environmentWithName(modelId: string, element: Omit<Element, "idShort">): Promise<Environment> {
  const environment = (await api<Environment>("GET", aasPath(modelId), { token: world.token })).body;
  const elements = environment.submodels?.flatMap((s) => s.submodelElements ?? []) ?? [];
  const name = elements.find((e) => e.idShort === "ProductName");
  if (!name) throw new Error(`no ProductName among ${elements.map((e) => e.idShort).join(", ")}`);
  delete name.value;
  Object.assign(name, element);
  return environment;
}

const nameValues = (model: TModel): TAnsweredDataValue[] => model.dataValues.filter((v) => v.dataFieldId === IDS.name);

describe("PUT …/aas with MultiLanguageProperty values", () => {
  it("writes a multilingual field once per language given, canonical, keeping the languages it does not give", async () => {
    const model = await postModel(world, { templateId: multilingualTemplateId });
    await api("POST", `${modelPath(world, model.id)}/data-values`, { token: world.token, body: [name("Batterie", "fr")] });
    const environment = await environmentWithName(model.id, {
      modelType: "MultiLanguageProperty",
      value: [
        { language: "en", text: "Battery" },
        { language: "DE-de", text: "Akku" },
      ],
    });
    const imported = await api<TModel>("PUT", aasPath(model.id), { token: world.token, body: environment });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(nameValues(imported.body)).toEqual([name("Akku", "de-DE"), name("Battery", "en"), name("Batterie", "fr")]);
    // The export writes every language back, and importing it again changes nothing but the version.
    const again = (await api<Environment>("GET", aasPath(model.id), { token: world.token })).body;
    const reimported = await api<TModel>("PUT", aasPath(model.id), { token: world.token, body: again });
    expect(nameValues(reimported.body)).toEqual(nameValues(imported.body));
  });

  it("refuses a language tag that AAS accepts and BCP 47 canonicalisation does not, and one language twice; nothing stored", async () => {
    const model = await postModel(world, { templateId: multilingualTemplateId });
    const environment = await environmentWithName(model.id, {
      modelType: "MultiLanguageProperty",
      value: [
        { language: "i-klingon", text: "x" },
        { language: "de", text: "a" },
        { language: "DE", text: "b" },
      ],
    });
    const refused = expectError(await api("PUT", aasPath(model.id), { token: world.token, body: environment }), 400);
    const paths = (refused.issues ?? []).map((issue) => issue.path);
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/\.value\[0\]$/);
    expect(paths[1]).toMatch(/\.value\[2\]$/);
    const after = expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(after.version).toBe(model.version);
    expect(nameValues(after)).toEqual([name(null, "en")]);
  });

  it("keeps one text for a field that is not multilingual: the one English text, else the JSON of the lang-strings", async () => {
    const model = await postModel(world, { templateId: world.template.id });
    const english = await environmentWithName(model.id, {
      modelType: "MultiLanguageProperty",
      value: [{ language: "en", text: "Battery" }],
    });
    const one = await api<TModel>("PUT", aasPath(model.id), { token: world.token, body: english });
    expect(nameValues(one.body)).toEqual([name("Battery")]);
    const strings = [
      { language: "en", text: "Battery" },
      { language: "de", text: "Akku" },
    ];
    const two = await environmentWithName(model.id, { modelType: "MultiLanguageProperty", value: strings });
    const both = await api<TModel>("PUT", aasPath(model.id), { token: world.token, body: two });
    expect(nameValues(both.body)).toEqual([name(JSON.stringify(strings))]);
  });
});

describe("PATCH /v1/dpps/{dppId} with a MultiLanguageProperty value", () => {
  type Created = { dppId: string; modelId: string };
  type Copy = Record<string, unknown>;
  const mergePatch = (dppId: string, body: unknown) =>
    api<Copy>("PATCH", `/api/v1/dpps/${dppId}`, {
      token: world.token,
      body,
      headers: { "content-type": "application/merge-patch+json" },
    });

  it("writes a multilingual field per language, null removes every language, and a bad tag is a 400 storing nothing", async () => {
    const created = await api<Created>("POST", "/api/v1/dpps", {
      token: world.token,
      body: { organizationId: world.organization.id, model: { name: "Pack", templateId: multilingualTemplateId } },
    });
    expect(created.status).toBe(201);
    const { dppId, modelId } = created.body;
    const copy = (await mergePatch(dppId, {})).body;
    const general = Object.keys(copy).find((key) => key.endsWith(`/submodels/${IDS.general}`)) ?? "";
    const read = async () => nameValues(expectModel(await api("GET", modelPath(world, modelId), { token: world.token }), 200));

    const written = await mergePatch(dppId, { [general]: { ProductName: [{ en: "Battery" }, { "de-de": "Akku" }] } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(await read()).toEqual([name("Akku", "de-DE"), name("Battery", "en")]);

    const refused = await mergePatch(dppId, { [general]: { ProductName: [{ "i-klingon": "x" }, { fr: "Batterie" }] } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("i-klingon");
    expect(await read()).toEqual([name("Akku", "de-DE"), name("Battery", "en")]);

    // The notes are multilingual and not required, so null may remove them in every language.
    const notes = async () =>
      expectModel(await api("GET", modelPath(world, modelId), { token: world.token }), 200)
        .dataValues.filter((v) => v.dataFieldId === IDS.notes)
        .map((v) => [v.language, v.value]);
    await mergePatch(dppId, { [general]: { Details: { Notes: [{ en: "Dry" }, { de: "Trocken" }] } } });
    expect(await notes()).toEqual([
      ["de", "Trocken"],
      ["en", "Dry"],
    ]);
    const cleared = await mergePatch(dppId, { [general]: { Details: { Notes: null } } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await notes()).toEqual([
      ["de", null],
      ["en", null],
    ]);
  });
});
