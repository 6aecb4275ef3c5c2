import { describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { aasValuesFor } from "~/domain/aas/import-values";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import type { TDataValue } from "~/domain/data-value";
import { assemblePassport, type PassportHeader } from "~/domain/passport";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

/** A list field (docs/field-options.md §Lists) through the AAS doors: export, value-only and the value import. */

const SECTION = "00000000-0000-4000-8000-000000000001";
const REPEATER = "00000000-0000-4000-8000-000000000002";
const IDS_FIELD = "00000000-0000-4000-8000-000000000011";
const MASSES = "00000000-0000-4000-8000-000000000012";
const IMAGES = "00000000-0000-4000-8000-000000000013";
const KEYWORDS = "00000000-0000-4000-8000-000000000014";
const METHODS = "00000000-0000-4000-8000-000000000021";
const header: PassportHeader = {
  id: "00000000-0000-4000-8000-000000000900",
  name: "Pack",
  description: "",
  modelId: "00000000-0000-4000-8000-000000000901",
  templateId: "00000000-0000-4000-8000-000000000902",
  updatedAt: "2026-11-29T00:00:00.000Z",
  gtin: null,
  uniqueProductIdentifiers: [{ uuid: "00000000-0000-4000-8000-000000000900", value: "A1" }],
  version: "1",
};
const field = (id: string, name: string, type: string, options: Record<string, string>) => ({
  id,
  name,
  type,
  options: { list: "true", ...options },
  granularityLevel: "Model",
});
const sections = [
  {
    id: SECTION,
    name: "Documents",
    type: "Group",
    parentId: null,
    subSections: [],
    granularityLevel: "Model",
    dataFields: [
      field(IDS_FIELD, "DocumentIds", "TextField", {
        "aas.semanticId": "urn:doc-ids",
        "aas.listElementSemanticId": "urn:doc-id",
      }),
      field(MASSES, "Masses", "NumericField", { "aas.valueType": "xs:double" }),
      field(IMAGES, "Images", "FileField", {}),
      field(KEYWORDS, "Keywords", "TextField", { multilingual: "true" }),
    ],
  },
  {
    id: REPEATER,
    name: "Footprints",
    type: "Repeatable",
    parentId: null,
    subSections: [],
    granularityLevel: "Model",
    dataFields: [field(METHODS, "Methods", "TextField", { choices: "ISO 14067|PEF" })],
  },
] as unknown as TSection[];
const index = buildTemplateIndex(sections);
const values: TDataValue[] = [
  { dataSectionId: SECTION, dataFieldId: IDS_FIELD, row: 0, value: '["DOC-1","DOC-2"]' },
  { dataSectionId: SECTION, dataFieldId: MASSES, row: 0, value: '["1.5","20"]' },
  { dataSectionId: SECTION, dataFieldId: IMAGES, row: 0, value: '["files/front.png","https://example.com/back.jpg"]' },
  { dataSectionId: SECTION, dataFieldId: KEYWORDS, row: 0, value: '["battery","spare"]', language: "en" },
  { dataSectionId: SECTION, dataFieldId: KEYWORDS, row: 0, value: '["","Ersatzteil"]', language: "de" },
  { dataSectionId: REPEATER, dataFieldId: METHODS, row: 0, value: '["ISO 14067","PEF"]' },
  { dataSectionId: REPEATER, dataFieldId: METHODS, row: 1, value: null },
];

function exported() {
  const passport = assemblePassport({ header, index, modelValues: values, defaultLanguage: "en", publishedLanguages: ["en", "de"] });
  return passportToAasEnvironment({ passport, level: "member", baseUrl: "https://example.com" });
}

function elementsOf(environment: Jsonable, submodel: number): Jsonable[] {
  return ((environment.submodels as Jsonable[])[submodel]!.submodelElements ?? []) as Jsonable[];
}

describe("a list field in the AAS export", () => {
  it("is a SubmodelElementList of data elements without idShort, ordered, typed, and verifies", () => {
    const environment = exported();
    expect(verificationErrors(environment)).toEqual([]);
    const [ids, masses, images, keywords] = elementsOf(environment, 0);
    expect(ids).toMatchObject({
      modelType: "SubmodelElementList",
      idShort: "DocumentIds",
      semanticId: { keys: [{ value: "urn:doc-ids" }] },
      orderRelevant: true,
      semanticIdListElement: { keys: [{ value: "urn:doc-id" }] },
      typeValueListElement: "Property",
      valueTypeListElement: "xs:string",
    });
    expect(ids!.value).toEqual([
      { modelType: "Property", valueType: "xs:string", value: "DOC-1", semanticId: ids!.semanticIdListElement },
      { modelType: "Property", valueType: "xs:string", value: "DOC-2", semanticId: ids!.semanticIdListElement },
    ]);
    expect(masses).toMatchObject({ typeValueListElement: "Property", valueTypeListElement: "xs:double" });
    expect(images).toMatchObject({
      typeValueListElement: "File",
      value: [
        { modelType: "File", contentType: "image/png", value: "files/front.png" },
        { modelType: "File", contentType: "image/jpeg", value: "https://example.com/back.jpg" },
      ],
    });
    expect(keywords).toMatchObject({
      typeValueListElement: "MultiLanguageProperty",
      value: [
        { modelType: "MultiLanguageProperty", value: [{ language: "en", text: "battery" }] },
        {
          modelType: "MultiLanguageProperty",
          value: [
            { language: "en", text: "spare" },
            { language: "de", text: "Ersatzteil" },
          ],
        },
      ],
    });
    for (const list of [ids, masses, images, keywords]) {
      for (const entry of list!.value as Jsonable[]) expect(entry).not.toHaveProperty("idShort");
    }
  });

  it("writes one list per repeater row, an empty list without value", () => {
    const [repeater] = elementsOf(exported(), 1);
    const [first, second] = repeater!.value as Jsonable[];
    expect((first!.value as Jsonable[])[0]).toMatchObject({
      modelType: "SubmodelElementList",
      value: [{ value: "ISO 14067" }, { value: "PEF" }],
    });
    expect((second!.value as Jsonable[])[0]).not.toHaveProperty("value");
  });

  it('answers value-only and $value as arrays of the entries: ["DOC-1", "DOC-2"]', () => {
    const content = valueOnlySubmodels(exported());
    expect(content.Documents).toMatchObject({
      DocumentIds: ["DOC-1", "DOC-2"],
      Masses: [1.5, 20],
      Keywords: [[{ en: "battery" }], [{ en: "spare" }, { de: "Ersatzteil" }]],
    });
    expect(content.Footprints).toEqual({ Footprints: [{ Methods: ["ISO 14067", "PEF"] }, { Methods: [] }] });
  });

  it("imports back the same entries, in order, per language and per row", () => {
    const imported = aasValuesFor(exported(), index, "Model");
    expect(imported.unmatched).toEqual([]);
    const flat = [...imported.values, ...[...imported.repeaters.values()].flatMap((r) => r.values)];
    const sorted = (list: readonly TDataValue[]) =>
      list.map((v) => `${v.dataFieldId}|${v.row}|${v.language ?? ""}|${v.value}`).sort((a, b) => a.localeCompare(b));
    expect(sorted(flat)).toEqual(sorted(values));
  });

  it("takes a single data element for a list field as a list of one", () => {
    const environment = exported();
    const [ids] = elementsOf(environment, 0);
    (environment.submodels as Jsonable[])[0]!.submodelElements = [
      { modelType: "Property", idShort: "DocumentIds", valueType: "xs:string", value: "DOC-9" },
    ];
    const imported = aasValuesFor(environment, index, "Model");
    expect(imported.values).toEqual([{ dataSectionId: SECTION, dataFieldId: IDS_FIELD, row: 0, value: '["DOC-9"]' }]);
    expect(ids).toBeDefined();
  });
});
