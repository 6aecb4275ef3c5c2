import { strToU8, zipSync } from "fflate";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aasShellId, aasSubmodelId, passportToAasEnvironment } from "~/domain/aas/export-environment";
import { templateIdShorts } from "~/domain/aas/id-short";
import { aasValuesFor } from "~/domain/aas/import-values";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import { valueOnlyPatchChanges } from "~/domain/aas/value-only-patch";
import {
  arbCodecPassport,
  type CodecPassport,
  CODEC_DEFAULT_LANGUAGE,
  CODEC_LANGUAGES,
  rootOf,
  setValues,
} from "~/domain/codec.fixture";
import { normalizeDataValue, type TDataValue } from "~/domain/data-value";
import { type AssembledPassport, assemblePassport, type PassportHeader, parseRowKey, passportDocument } from "~/domain/passport";
import type { TPassport } from "~/domain/passport-schema";
import { MAX_REPEATER_DEPTH, rowPathText, splitRowPath } from "~/domain/row-path";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { planItemImport } from "~/domain/spreadsheet/item-import-plan";
import { headerRows, itemSheetsLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { itemSheetRows } from "~/domain/spreadsheet/item-sheet-rows";
import { readWorkbookFile } from "~/domain/spreadsheet/workbook-files";
import { buildTemplateIndex, type OwnerLevel } from "~/domain/template-index";
import { assembledFromFrozen } from "~/domain/versions/frozen-passport";

/**
 * Each external form of a passport is one pure encode/decode pair (issue 33, item 4): encode a model's or an item's
 * values, send the text over JSON, decode it, and get the same values back — over generated template trees (Groups,
 * repeaters nested four deep with several rows inside each parent row, Groups sharing their rows, at Model and Item
 * level) with every field kind and its options, multilingual values in several languages, lists and ranges included. The AAS property tests (export-environment.test.ts,
 * value-only-patch.test.ts) cover what a form must repair on the way out; these cover what it must never lose.
 */

// More with CODEC_RUNS=2000 when changing a form.
const RUNS = Number(process.env.CODEC_RUNS ?? 150);
const BASE = "https://passports.example.com/base";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const header: PassportHeader = {
  ...{ id: id(900), modelId: id(901), templateId: id(902), name: "Pack", description: "", gtin: null, version: "1" },
  updatedAt: "2026-11-23T00:00:00.000Z",
  uniqueProductIdentifiers: [{ uuid: id(900), value: "/01/09506000134352/21/A1" }],
};

/** The passport of the model, or of its item (the model's values beside the item's), as the read path assembles it. */
function assembled(passport: CodecPassport, level: OwnerLevel): AssembledPassport {
  return assemblePassport({
    header: level === "Item" ? { ...header, itemId: id(903) } : header,
    index: buildTemplateIndex(passport.sections),
    modelValues: passport.modelValues,
    ...(level === "Item" && { itemValues: passport.itemValues }),
    defaultLanguage: CODEC_DEFAULT_LANGUAGE,
    publishedLanguages: CODEC_LANGUAGES,
  });
}

/** The owner's own values: what a write of that form may set. */
const ownValues = (passport: CodecPassport, level: OwnerLevel) => (level === "Item" ? passport.itemValues : passport.modelValues);

/** Text sent over the wire: what a client gets and sends back. */
const overJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The values an assembled passport holds (each language's of a multilingual field), rows as numbered there. */
function valuesOf(passport: AssembledPassport): TDataValue[] {
  return passport.sections.flatMap(({ section, fields }) =>
    fields.flatMap(({ field, rows, languages }) => {
      const place = { dataSectionId: section.id, dataFieldId: field.id };
      if (languages) {
        return [...languages].flatMap(([row, byLanguage]) =>
          Object.entries(byLanguage).map(([language, value]) => ({ ...place, ...splitRowPath(parseRowKey(row)), value, language })),
        );
      }
      return [...rows].map(([row, value]) => ({ ...place, ...splitRowPath(parseRowKey(row)), value }));
    }),
  );
}

const arbLevel = fc.constantFrom<OwnerLevel>("Model", "Item");

describe("encode → decode gives the same values", () => {
  it("passport JSON (passportDocument → assembledFromFrozen): the model's and the item's", () => {
    fc.assert(
      fc.property(arbCodecPassport, arbLevel, (passport, level) => {
        const source = assembled(passport, level);
        // A version is frozen per access level; the highest shows every field, as a member's read does.
        const document = overJson<TPassport>(passportDocument(source, "authority"));
        const decoded = assembledFromFrozen(document, "authority", buildTemplateIndex(passport.sections));
        const shown = level === "Item" ? [...passport.modelValues, ...passport.itemValues] : passport.modelValues;
        expect(setValues(valuesOf(decoded))).toEqual(setValues(shown));
        // And its AAS, as a published version's is rebuilt, is the working copy's.
        const rebuilt = passportToAasEnvironment({ passport: decoded, level: "authority", baseUrl: BASE });
        expect(rebuilt).toEqual(passportToAasEnvironment({ passport: source, level: "authority", baseUrl: BASE }));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("AAS environment (passportToAasEnvironment → aasValuesFor): the owner's values, rows in list order", () => {
    fc.assert(
      fc.property(arbCodecPassport, arbLevel, (passport, level) => {
        const index = buildTemplateIndex(passport.sections);
        const environment = overJson(
          passportToAasEnvironment({ passport: assembled(passport, level), level: "member", baseUrl: BASE }),
        );
        const imported = aasValuesFor(environment, index, level);
        // A model's export holds only its own fields; an item's holds the model's too, which an item cannot set.
        if (level === "Model") expect(imported.unmatched).toEqual([]);
        expect(imported.invalidLanguages).toEqual([]);
        const values = [...imported.values, ...[...imported.repeaters.values()].flatMap((r) => r.values)];
        expect(setValues(values)).toEqual(setValues(ownValues(passport, level)));
        // Each outermost repeater's rows at every level, by their whole paths.
        for (const [repeaterId, { rowPaths }] of imported.repeaters) {
          const rows = new Set(
            ownValues(passport, level)
              .filter((v) => index.sections.get(v.dataSectionId)?.repeaterPath[0] === repeaterId)
              .map(rowPathText),
          );
          expect([...rowPaths].sort()).toEqual([...rows].sort());
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("DPP content and AAS value-only (valueOnlySubmodels → valueOnlyPatchChanges): the owner's values", () => {
    fc.assert(
      fc.property(arbCodecPassport, arbLevel, (passport, level) => {
        const environment = passportToAasEnvironment({ passport: assembled(passport, level), level: "member", baseUrl: BASE });
        const content = overJson(valueOnlySubmodels(environment, "semanticId"));
        const submodelKey = submodelKeyOf(level);
        // An item's content shows the model's submodels too, which an item's patch cannot write: the client sends its own.
        const own = Object.fromEntries(
          passport.sections
            .filter((s) => s.parentId === null && passport.itemSectionIds.has(s.id) === (level === "Item"))
            .map((s) => submodelKey(s.id))
            .filter((key) => key in content)
            .map((key) => [key, content[key]]),
        );
        const { changes } = valueOnlyPatchChanges(own, {
          index: buildTemplateIndex(passport.sections),
          level,
          ids: templateIdShorts(passport.sections),
          submodelKey: (section) => submodelKey(section.id),
          current: [],
          defaultLanguage: CODEC_DEFAULT_LANGUAGE,
        });
        expect(changes.deleteRows).toEqual([]);
        expect(changes.modify).toEqual([]);
        expect(setValues(changes.add.map(normalizeDataValue))).toEqual(setValues(ownValues(passport, level)));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("spreadsheet (item sheets as a zip of CSV files → planItemImport): the items' values, every language's column", async () => {
    await fc.assert(
      fc.asyncProperty(arbCodecPassport, async (passport) => {
        const index = buildTemplateIndex(passport.sections);
        const layout = itemSheetsLayout(index, 1, CODEC_LANGUAGES);
        const rows = itemSheetRows(layout, { identifiers: ["ITEM-1"], values: passport.itemValues });
        const sheets = [
          { name: layout.items.name, rows: [...headerRows(layout.items), rows.items] },
          ...layout.repeaters.map((sheet, i) => ({ name: sheet.name, rows: [...headerRows(sheet), ...(rows.repeaters[i] ?? [])] })),
        ];
        const file = zipSync(
          Object.fromEntries(sheets.map((sheet, i) => [`${i === 0 ? "items" : sheet.name}.csv`, strToU8(toCsvText(sheet.rows))])),
        );
        const plan = planItemImport(index, await readWorkbookFile(file, "zip"), {}, CODEC_LANGUAGES, "en-US");
        expect(plan.problems.kept).toEqual([]);
        expect(plan.items.map((item) => item.identifiers)).toEqual([["ITEM-1"]]);
        const [item] = plan.items;
        const values = item ? [...item.values, ...[...item.repeaterRows.values()].flat()] : [];
        expect(setValues(values)).toEqual(setValues(passport.itemValues));
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  }, 120_000);

  it("the generated templates hold every kind, several rows and both levels", () => {
    // A guard on the generator itself: the properties above are only as strong as what it makes.
    const samples = fc.sample(arbCodecPassport, { numRuns: 300, seed: 33 });
    const fields = samples.flatMap((p) => p.sections.flatMap((s) => s.dataFields));
    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(["TextField", "NumericField", "FileField", "ProductPassportLink"]));
    expect(fields.some((f) => f.options.multilingual === "true")).toBe(true);
    expect(fields.some((f) => f.options.format === "date")).toBe(true);
    expect(samples.some((p) => p.itemValues.length > 0 && p.modelValues.length > 0)).toBe(true);
    const rowCounts = samples.flatMap((p) => p.modelValues.map((v) => v.row));
    expect(Math.max(...rowCounts)).toBeGreaterThanOrEqual(2);
    expect(samples.some((p) => p.sections.some((s) => s.parentId !== null && rootOf(p.sections, s.id) !== s.id))).toBe(true);
    expect(fields.some((f) => f.options.list === "true") && fields.some((f) => f.options.range === "true")).toBe(true);
    // Repeaters nested to the deepest level the model allows, with rows inside their parent rows.
    const depths = samples.flatMap((p) => [...buildTemplateIndex(p.sections).sections.values()].map((e) => e.repeaterPath.length));
    expect(Math.max(...depths)).toBe(MAX_REPEATER_DEPTH);
    const innerRows = samples.flatMap((p) => [...p.modelValues, ...p.itemValues].flatMap((v) => v.innerRows ?? []));
    expect(Math.max(...innerRows)).toBeGreaterThanOrEqual(1);
  });
});

/**
 * The compressed form's key of a top-level section: its submodel's semanticId, else its submodel id — the id here, as
 * the generated templates name no semanticId.
 */
function submodelKeyOf(level: OwnerLevel): (sectionId: string) => string {
  const shellId = aasShellId(BASE, header.modelId, level === "Item" ? id(903) : undefined);
  return (sectionId) => aasSubmodelId(shellId, sectionId);
}
