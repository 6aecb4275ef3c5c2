import { describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import { assemblePassport, type PassportHeader } from "~/domain/passport";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

const SECTION = "00000000-0000-4000-8000-000000000001";
const NAME = "00000000-0000-4000-8000-000000000011";
const header: PassportHeader = {
  id: "00000000-0000-4000-8000-000000000900",
  name: "Pack",
  description: "",
  modelId: "00000000-0000-4000-8000-000000000901",
  templateId: "00000000-0000-4000-8000-000000000902",
  updatedAt: "2026-11-27T00:00:00.000Z",
  gtin: null,
  uniqueProductIdentifiers: [{ uuid: "00000000-0000-4000-8000-000000000900", value: "A1" }],
  version: "1",
};
const section = {
  id: SECTION,
  name: "General",
  type: "Group",
  parentId: null,
  subSections: [],
  granularityLevel: "Model",
  dataFields: [{ id: NAME, name: "ProductName", type: "TextField", options: { multilingual: "true" }, granularityLevel: "Model" }],
} as unknown as TSection;
const index = buildTemplateIndex([section]);

describe("a multilingual field in the AAS export", () => {
  it("is a MultiLanguageProperty with one lang-string per language, verified, and [{de: …}, …] value-only", () => {
    const values = [
      { dataSectionId: SECTION, dataFieldId: NAME, row: 0, value: "Battery", language: "en" },
      { dataSectionId: SECTION, dataFieldId: NAME, row: 0, value: "Akku", language: "de" },
      // Italian is not published: its value is shown nowhere, the AAS export included.
      { dataSectionId: SECTION, dataFieldId: NAME, row: 0, value: "Batteria", language: "it" },
    ];
    const passport = assemblePassport({ header, index, modelValues: values, defaultLanguage: "en", publishedLanguages: ["en", "de"] });
    const environment = passportToAasEnvironment({ passport, level: "member", baseUrl: "https://passports.example.com" });
    expect(verificationErrors(environment)).toEqual([]);
    const text = JSON.stringify(environment);
    expect(text).toContain('"modelType":"MultiLanguageProperty"');
    expect(text).not.toContain("Batteria");
    expect(JSON.stringify(valueOnlySubmodels(environment))).toContain('"ProductName":[{"en":"Battery"},{"de":"Akku"}]');
  });
});
