import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbPassport, verificationErrors } from "~/domain/aas/aas.fixture";
import { aasShellId, fileUri, passportToAasEnvironment } from "~/domain/aas/export-environment";
import { xmlSafe } from "~/domain/aas/export-metadata";
import { fullWidthRow } from "~/domain/aas/import-template";
import { aasValuesFor } from "~/domain/aas/import-values";
import { assemblePassport, type PassportHeader } from "~/domain/passport";
import { ZReaderLevel } from "~/domain/passport-schema";
import { compareRowPaths, rowPathOf } from "~/domain/row-path";
import { buildTemplateIndex } from "~/domain/template-index";

// More with AAS_RUNS=5000 when changing the mapping.
const RUNS = Number(process.env.AAS_RUNS ?? 200);
const BASE = "https://passports.example.com/base";
const header: PassportHeader = {
  id: "00000000-0000-4000-8000-000000000900",
  name: "2nd-life Pack Größe 1",
  description: "A pack\u0001 with a description",
  modelId: "00000000-0000-4000-8000-000000000901",
  templateId: "00000000-0000-4000-8000-000000000902",
  updatedAt: "2026-11-23T00:00:00.000Z",
  gtin: null,
  uniqueProductIdentifiers: [{ uuid: "00000000-0000-4000-8000-000000000900", value: "/01/09506000134352/21/A1" }],
  version: "1",
};

describe("passportToAasEnvironment", () => {
  it("verifies with zero errors for every generated template, value, reader level, model and item", () => {
    fc.assert(
      fc.property(arbPassport, ZReaderLevelArb(), fc.boolean(), ({ sections, values, itemValues }, level, isItem) => {
        const index = buildTemplateIndex(sections);
        const passport = assemblePassport({
          defaultLanguage: "en",
          header: isItem ? { ...header, itemId: "00000000-0000-4000-8000-000000000903" } : header,
          index,
          modelValues: values,
          ...(isItem && { itemValues }),
        });
        const environment = passportToAasEnvironment({ passport, level, baseUrl: BASE });
        expect(verificationErrors(environment)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("round-trips a model's values through the import (rows in list order)", () => {
    fc.assert(
      fc.property(arbPassport, ({ sections, values }) => {
        const index = buildTemplateIndex(sections);
        const passport = assemblePassport({ header, index, modelValues: values, defaultLanguage: "en" });
        const environment = passportToAasEnvironment({ passport, level: "member", baseUrl: BASE });
        const imported = aasValuesFor(environment, index, "Model");
        expect(imported.unmatched).toEqual([]);
        const flat = [...imported.values, ...[...imported.repeaters.values()].flatMap((r) => r.values)];
        // File references leave as URIs (docs/aas.md §Value forms): a space comes back as %20; control characters,
        // which AAS cannot carry, are dropped.
        const asUris = values.map((v) =>
          // A list's generated entries are already in their exported form (aas.fixture.ts, arbListValue).
          v.value === null || isListValue(index, v)
            ? v
            : { ...v, value: isFileValue(index, v) ? (fileUri(v.value) ?? xmlSafe(v.value)) : xmlSafe(v.value) },
        );
        expect(byPlace(flat)).toEqual(byPlace(asUris, index));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("generates templates with repeaters nested two and three deep, several rows at each level", () => {
    const depths = fc.sample(arbPassport, { numRuns: 200, seed: 33 }).flatMap(({ sections, values }) => {
      const index = buildTemplateIndex(sections);
      return values.map((v) => index.sections.get(v.dataSectionId)?.repeaterPath.length ?? 0);
    });
    expect(new Set(depths)).toEqual(new Set([0, 1, 2, 3]));
  });

  it("gives a model a Type shell and an item an Instance shell derived from it, with the Digital Link as asset id", () => {
    const index = buildTemplateIndex([]);
    const model = passportToAasEnvironment({
      passport: assemblePassport({ header, index, modelValues: [], defaultLanguage: "en" }),
      level: "public",
      baseUrl: BASE,
    });
    const itemHeader = { ...header, itemId: "00000000-0000-4000-8000-000000000903" };
    const item = passportToAasEnvironment({
      passport: assemblePassport({ header: itemHeader, index, modelValues: [], itemValues: [], defaultLanguage: "en" }),
      level: "public",
      baseUrl: BASE,
    });
    expect(model.assetAdministrationShells).toMatchObject([
      {
        id: aasShellId(BASE, header.modelId),
        idShort: "N2ndLifePackGroesse1",
        assetInformation: { assetKind: "Type", globalAssetId: `${BASE}/01/09506000134352/21/A1` },
      },
    ]);
    expect(item.assetAdministrationShells).toMatchObject([
      { assetInformation: { assetKind: "Instance" }, derivedFrom: { keys: [{ value: aasShellId(BASE, header.modelId) }] } },
    ]);
    expect(verificationErrors(item)).toEqual([]);
  });
});

function isFileValue(index: ReturnType<typeof buildTemplateIndex>, v: { dataSectionId: string; dataFieldId: string }) {
  const field = index.sections.get(v.dataSectionId)?.fields.get(v.dataFieldId);
  return field?.type === "FileField" || field?.options["aas.modelType"] === "File";
}

function isListValue(index: ReturnType<typeof buildTemplateIndex>, v: { dataSectionId: string; dataFieldId: string }) {
  return index.sections.get(v.dataSectionId)?.fields.get(v.dataFieldId)?.options.list === "true";
}

function ZReaderLevelArb() {
  return fc.constantFrom(...ZReaderLevel.options);
}

/** Values per section and field, in row order: what an import reproduces (row numbers are not part of AAS). */
/** Each field's values by row path (nested repeaters' inner rows included), in row order. */
function byPlace(
  values: readonly { dataSectionId: string; dataFieldId: string; row: number; innerRows?: number[]; value: string | null }[],
  index?: ReturnType<typeof buildTemplateIndex>,
) {
  const places = new Map<string, { path: number[]; value: string | null }[]>();
  for (const v of values) {
    if (index && !index.sections.has(v.dataSectionId)) continue;
    const key = `${v.dataSectionId}/${v.dataFieldId}`;
    places.set(key, [...(places.get(key) ?? []), { path: rowPathOf(v), value: v.value }]);
  }
  return Object.fromEntries(
    [...places.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, rows]) => [key, rows.sort((a, b) => compareRowPaths(a.path, b.path)).map((r) => [r.path.join("."), r.value])]),
  );
}

describe("passportToAasEnvironment: template translations (docs/languages.md §Template translations)", () => {
  const tags = fc.constantFrom("en", "de", "fr", "de-CH-1996", "zh-Hant-TW", "sr-Latn", "es-419");
  const texts = fc.string({ maxLength: 300 });
  const translations = fc.dictionary(tags, fc.record({ name: texts, description: texts }, { requiredKeys: [] }));

  it("writes every language once in displayName and description, and verifies", () => {
    fc.assert(
      fc.property(arbPassport, translations, fc.constantFrom("en", "de", "fr-BE"), ({ sections, values }, tr, defaultLanguage) => {
        const translated = sections.map((s) => ({
          ...s,
          translations: tr,
          dataFields: s.dataFields.map((f) => ({ ...f, translations: tr })),
        }));
        const passport = assemblePassport({ header, index: buildTemplateIndex(translated), modelValues: values, defaultLanguage });
        const environment = passportToAasEnvironment({ passport, level: "member", baseUrl: BASE });
        expect(verificationErrors(environment)).toEqual([]);
        for (const set of langStringSets(environment)) {
          const languages = set.map((s) => s.language.toLowerCase());
          expect(new Set(languages).size).toBe(languages.length);
        }
      }),
      { numRuns: Math.min(RUNS, 100) },
    );
  }, 120_000);

  it("names a field in the default language and in each translation", () => {
    const sections = [
      {
        id: "00000000-0000-4000-8000-000000000001",
        name: "General",
        type: "Group" as const,
        parentId: null,
        subSections: [],
        granularityLevel: "Model" as const,
        layout: fullWidthRow(1, 1),
        translations: { de: { name: "Allgemein", description: "Allgemeine Angaben" } },
        dataFields: [
          {
            id: "00000000-0000-4000-8000-000000000101",
            name: "Weight",
            type: "NumericField" as const,
            options: {},
            granularityLevel: "Model" as const,
            layout: fullWidthRow(1, 1),
            translations: { de: { name: "Gewicht" }, fr: { name: "Poids" } },
          },
        ],
      },
    ];
    const passport = assemblePassport({ header, index: buildTemplateIndex(sections), modelValues: [], defaultLanguage: "en" });
    const environment = passportToAasEnvironment({ passport, level: "member", baseUrl: BASE });
    expect(verificationErrors(environment)).toEqual([]);
    const submodel = (environment.submodels as Record<string, unknown>[])[0]!;
    expect(submodel.displayName).toEqual([
      { language: "en", text: "General" },
      { language: "de", text: "Allgemein" },
    ]);
    expect(submodel.description).toEqual([{ language: "de", text: "Allgemeine Angaben" }]);
    const element = (submodel.submodelElements as Record<string, unknown>[])[0]!;
    expect(element.displayName).toEqual([
      { language: "en", text: "Weight" },
      { language: "de", text: "Gewicht" },
      { language: "fr", text: "Poids" },
    ]);
  });
});

function langStringSets(value: unknown, into: { language: string }[][] = []): { language: string }[][] {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === "object" && v !== null && "language" in v))
      into.push(value as { language: string }[]);
    for (const item of value) langStringSets(item, into);
  } else if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) langStringSets(item, into);
  }
  return into;
}
