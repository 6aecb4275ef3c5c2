import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { TModel } from "~/domain/model-schema";
import { modelPath, postModel } from "./support/actors";
import { elementsWithIndices, filledEnvironment } from "./support/aas-filled";
import { fidelity, fillEveryField, IDTA_FILES, idtaSource, type Json, publishIdtaTemplate } from "./support/aas-idta";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Issue 33's "Done when" (docs/aas-import.md §Measured): each shared IDTA template imported, an environment a standard
 * client fills — two entries in every list, at every depth, and a value in every element — PUT into a new model of
 * it, and the export gives every element back at the same idShort path (list indices included) with the same
 * modelType, semanticId and value, verifying with aas-core3.0.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("aas-idta-filled");
});

type ImportAnswer = TModel & { unmatched: unknown[]; moreUnmatched: number };

async function exportOf(modelId: string): Promise<Json> {
  const exported = await api<Json>("GET", `${modelPath(world, modelId)}/aas`, { token: world.token });
  expect(exported.status).toBe(200);
  expect(verificationErrors(exported.body)).toEqual([]);
  return exported.body;
}

/**
 * docs/aas-import.md's table: of the template's elements with a semanticId, how many the export of a new model (every
 * value empty) has at the same path with it — the rest are the optional elements an empty passport leaves out.
 */
const NEW_MODEL_SEMANTIC_IDS: Record<string, number> = {
  "02006-3-digital-nameplate.json": 25,
  "02035-1-battery-nameplate.json": 14,
  "02035-2-battery-handover-documentation.json": 2,
  "02035-3-battery-carbon-footprint.json": 2,
  "02035-4-battery-technical-data.json": 43,
  "02035-5-battery-product-condition.json": 46,
  "02035-6-battery-material-composition.json": 6,
  "02035-7-battery-circularity.json": 12,
  "02099-1-dpp-metadata.json": 10,
};

describe("an IDTA template filled with two entries in every list", () => {
  it.each(IDTA_FILES)(
    "%s: PUT …/aas, then every element is back at its path with its modelType, semanticId and value",
    async (file) => {
      const template = JSON.parse(idtaSource(file)) as Json;
      const { templateId, imported } = await publishIdtaTemplate(world, file);
      await expectFilledRoundTrip(template, templateId);
      // A model filled field by field (a row at every level) keeps every semanticId of the template at its path, and
      // every modelType; a new model keeps what docs/aas-import.md's table says.
      const filled = fidelity(template, await exportOf((await fillEveryField(world, templateId, imported.templateDraft.sections)).id));
      expect(filled).toMatchObject({ missing: [], modelTypeChanged: [], cardinalityChanged: [] });
      const empty = fidelity(template, await exportOf((await postModel(world, { templateId })).id));
      expect(empty.sameSemanticId).toBe(NEW_MODEL_SEMANTIC_IDS[file]);
    },
  );

  it("a template with what the nine lack — Ranges, a reference, a list of entities, lists of values, lists four deep — does the same", async () => {
    const { templateId } = await publishIdtaTemplate(world, "kinds.json", JSON.stringify(EVERY_KIND));
    await expectFilledRoundTrip(EVERY_KIND, templateId);
  });
});

/** PUT the filled environment of the template into a new model; its export holds every element sent, and PUT back changes nothing. */
async function expectFilledRoundTrip(template: Json, templateId: string): Promise<void> {
  const model = await postModel(world, { name: "Filled", templateId });
  const environment = filledEnvironment(template);
  expect(verificationErrors(environment)).toEqual([]);
  const put = await api<ImportAnswer>("PUT", `${modelPath(world, model.id)}/aas`, { token: world.token, body: environment });
  expect(put.status, JSON.stringify(put.body).slice(0, 2000)).toBe(200);
  expect(put.body.unmatched).toEqual([]);
  const exported = await exportOf(model.id);
  const back = elementsWithIndices(exported);
  const lost = [...elementsWithIndices(environment)].filter(([path, element]) => {
    const found = back.get(path);
    return found?.modelType !== element.modelType || found.semanticId !== element.semanticId || found.value !== element.value;
  });
  expect(lost.map(([path, element]) => `${path}: ${JSON.stringify(element)} → ${JSON.stringify(back.get(path))}`)).toEqual([]);
  // Its export, PUT back unchanged, changes nothing: the rows at every depth are the stored ones.
  const again = await api<ImportAnswer>("PUT", `${modelPath(world, model.id)}/aas`, { token: world.token, body: exported });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ version: put.body.version, unmatched: [] });
}

const list = (idShort: string, element: Json, extra: Json = {}): Json => ({
  modelType: "SubmodelElementList",
  idShort,
  typeValueListElement: element.modelType,
  ...extra,
  value: [element],
});
const collection = (value: Json[]): Json => ({ modelType: "SubmodelElementCollection", value });

/** Parts (entities) > Tests > Readings > Notes: four levels of lists, with a Range, lists of values and a reference in them. */
const EVERY_KIND: Json = {
  submodels: [
    {
      modelType: "Submodel",
      id: "urn:example:every-kind",
      idShort: "EveryKind",
      kind: "Template",
      submodelElements: [
        { modelType: "Range", idShort: "Temperature", valueType: "xs:double" },
        { modelType: "ReferenceElement", idShort: "Maker" },
        list("Keywords", { modelType: "MultiLanguageProperty" }),
        list("Parts", {
          modelType: "Entity",
          entityType: "SelfManagedEntity",
          statements: [
            { modelType: "Property", idShort: "PartName", valueType: "xs:string" },
            list("Serials", { modelType: "Property", valueType: "xs:string" }, { valueTypeListElement: "xs:string" }),
            list(
              "Tests",
              collection([
                { modelType: "Range", idShort: "Voltage", valueType: "xs:int" },
                list(
                  "Readings",
                  collection([
                    { modelType: "Property", idShort: "Reading", valueType: "xs:decimal" },
                    { modelType: "File", idShort: "Report", contentType: "application/pdf" },
                    list("Notes", collection([{ modelType: "MultiLanguageProperty", idShort: "Note" }])),
                  ]),
                ),
              ]),
            ),
          ],
        }),
      ],
    },
  ],
};
