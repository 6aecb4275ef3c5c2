import ExcelJS from "exceljs";
import fc from "fast-check";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import { NESTED, valueAtPath as v } from "~/domain/nested-template.fixture";
import { MAX_REPEATER_DEPTH } from "~/domain/row-path";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { planItemImport } from "~/domain/spreadsheet/item-import-plan";
import { columnCellType, headerRows, type ItemSheetsLayout, itemSheetsLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { type ExportedItem, itemSheetRows } from "~/domain/spreadsheet/item-sheet-rows";
import { nestedItemSections } from "~/domain/spreadsheet/nested-item-template.fixture";
import type { Sheet } from "~/domain/spreadsheet/sheet-mapping";
import { readWorkbookFile } from "~/domain/spreadsheet/workbook-files";
import { addXlsxRow } from "~/domain/spreadsheet/xlsx-cell";
import { buildTemplateIndex, type TemplateIndex } from "~/domain/template-index";
import type { TDataFieldType } from "~/domain/template-schema";
import { arbTreeSpecs, buildTree, type Tree } from "~/domain/template-tree.fixture";

/**
 * The item sheets of repeaters inside repeaters (docs/spreadsheets.md, nested repeaters): a sheet per repeater at every
 * depth, the rows of the repeaters around it as columns, and the one codec pair (`itemSheetRows` / `planItemImport`)
 * giving back every value at its whole row path through XLSX and a zip of CSV files.
 */

const nestedIndex = buildTemplateIndex(nestedItemSections());

function exportSheets(exported: readonly ExportedItem[], layout: ItemSheetsLayout): Sheet[] {
  const rows = exported.map((item) => itemSheetRows(layout, item));
  return [
    { name: layout.items.name, rows: [...headerRows(layout.items), ...rows.map((r) => r.items)] },
    ...layout.repeaters.map((sheet, i) => ({
      name: sheet.name,
      rows: [...headerRows(sheet), ...rows.flatMap((r) => r.repeaters[i] ?? [])],
    })),
  ];
}

async function asXlsx(sheets: readonly Sheet[], layout: ItemSheetsLayout): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const layouts = [layout.items, ...layout.repeaters];
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    const types = layouts.find((l) => l.name === sheet.name)?.columns.map(columnCellType) ?? [];
    sheet.rows.forEach((row, r) => addXlsxRow(ws, row, r < 2 ? [] : types));
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function asCsvZip(sheets: readonly Sheet[], layout: ItemSheetsLayout): Uint8Array {
  const files = [layout.items, ...layout.repeaters].map((l) => l.fileName);
  return zipSync(Object.fromEntries(sheets.map((sheet, i) => [`${files[i]}.csv`, strToU8(toCsvText(sheet.rows))])));
}

/** Every value a plan reads, by its one key (the row part its whole path). */
function plannedValues(plan: ReturnType<typeof planItemImport>): Map<string, string | null>[] {
  return plan.items.map(
    (item) => new Map([...item.values, ...[...item.repeaterRows.values()].flat()].map((v) => [tripleKey(v), v.value])),
  );
}

const byKey = (values: readonly TDataValue[]) => new Map(values.map((v) => [tripleKey(v), v.value]));

/** Two footprints; the first has stages 1 and 3 (stored 0 and 2), the second of which has two sources. */
const footprintItem: ExportedItem = {
  identifiers: ["PACK-1"],
  values: [
    v(NESTED.general, NESTED.name, [0], "Pack"),
    v(NESTED.footprints, NESTED.method, [0], "PEF"),
    v(NESTED.footprints, NESTED.amount, [0], "12.5"),
    v(NESTED.validity, NESTED.validUntil, [0], "2030-01-31"),
    v(NESTED.footprints, NESTED.method, [1], "ISO 14067"),
    v(NESTED.footprints, NESTED.amount, [1], null),
    v(NESTED.validity, NESTED.validUntil, [1], null),
    v(NESTED.stages, NESTED.stage, [0, 0], "Raw materials"),
    v(NESTED.stages, NESTED.share, [0, 0], "40"),
    v(NESTED.stages, NESTED.stage, [0, 2], "Production"),
    v(NESTED.stages, NESTED.share, [0, 2], null),
    v(NESTED.sources, NESTED.source, [0, 2, 0], "Grid electricity"),
    v(NESTED.sources, NESTED.source, [0, 2, 1], "Transport"),
  ],
};

describe("the sheets of nested repeaters", () => {
  const layout = itemSheetsLayout(nestedIndex);

  it("has a sheet per repeater at every depth, the enclosing repeaters' rows as columns before its own", () => {
    expect(layout.repeaters.map((sheet) => sheet.repeaterId)).toEqual([NESTED.footprints, NESTED.stages, NESTED.sources]);
    // Excel allows 31 characters: a long path keeps its last sections, which tell the sheets apart.
    expect(layout.repeaters.map((sheet) => sheet.name)).toEqual([
      "Carbon footprints",
      "… › Life-cycle stages",
      "… › Life-cycle stages › Sources",
    ]);
    const [footprints, stages, sources] = layout.repeaters.map(headerRows);
    expect(footprints?.[0]).toEqual([
      "Identifier",
      "Row",
      "Carbon footprints › Calculation method",
      "Carbon footprints › Footprint",
      "Carbon footprints › Validity › Valid until",
    ]);
    expect(stages?.[0]?.slice(0, 3)).toEqual(["Identifier", "Carbon footprints row", "Row"]);
    expect(sources).toEqual([
      [
        "Identifier",
        "Carbon footprints row",
        "Life-cycle stages row",
        "Row",
        "Carbon footprints › Life-cycle stages › Sources › Source",
      ],
      ["identifier", `row:${NESTED.footprints}`, `row:${NESTED.stages}`, "row", `${NESTED.sources}/${NESTED.source}`],
    ]);
    expect(layout.repeaters[2]?.columns.map(columnCellType).slice(1, 4)).toEqual(["number", "number", "number"]);
  });

  it("writes each row with its whole path counted from 1, in row order level by level", () => {
    const rows = itemSheetRows(layout, footprintItem);
    expect(rows.repeaters[1]).toEqual([
      ["PACK-1", "1", "1", "Raw materials", "40"],
      ["PACK-1", "1", "3", "Production", ""],
    ]);
    expect(rows.repeaters[2]).toEqual([
      ["PACK-1", "1", "3", "1", "Grid electricity"],
      ["PACK-1", "1", "3", "2", "Transport"],
    ]);
  });

  it("reads the sheets back to the same values, each at its row and inner rows", async () => {
    const sheets = exportSheets([footprintItem], layout);
    for (const [bytes, kind] of [
      [await asXlsx(sheets, layout), "xlsx"],
      [asCsvZip(sheets, layout), "zip"],
    ] as const) {
      const plan = planItemImport(nestedIndex, await readWorkbookFile(bytes, kind));
      expect(plan.problems.kept).toEqual([]);
      expect(new Set(plan.repeaterIds)).toEqual(new Set([NESTED.footprints, NESTED.stages, NESTED.sources]));
      expect(plannedValues(plan)).toEqual([byKey(footprintItem.values)]);
      expect(plan.items[0]?.repeaterRows.get(NESTED.sources)).toContainEqual(v(NESTED.sources, NESTED.source, [0, 2, 1], "Transport"));
    }
  });

  /** The exported sheets with one sheet's data rows replaced (its header rows kept) and, optionally, a column removed. */
  function withRows(sheetIndex: number, rows: string[][], dropColumn?: number): Sheet[] {
    const sheets = exportSheets([footprintItem], layout);
    const sheet = sheets[sheetIndex] as Sheet;
    const drop = (row: string[]) => (dropColumn === undefined ? row : row.filter((_, c) => c !== dropColumn));
    sheets[sheetIndex] = { ...sheet, rows: [...sheet.rows.slice(0, 2), ...rows].map(drop) };
    return sheets;
  }

  it("refuses a nested sheet without the row column of a repeater around it, once for the sheet", () => {
    const plan = planItemImport(nestedIndex, withRows(3, [["PACK-1", "1", "3", "1", "Grid"]], 1));
    expect(plan.problems.kept).toEqual([
      expect.objectContaining({
        sheet: layout.repeaters[2]?.name,
        row: null,
        rule: "file",
        message: expect.stringContaining('"Carbon footprints row"'),
      }),
    ]);
  });

  it("names the parent row cell that is no whole number, and a row the item has twice at the same path", () => {
    const plan = planItemImport(
      nestedIndex,
      withRows(2, [
        ["PACK-1", "first", "1", "Raw materials", ""],
        ["PACK-1", "1", "1", "Raw materials", ""],
        ["PACK-1", "1", "1", "Again", ""],
        ["PACK-1", "2", "1", "Recycling", ""],
      ]),
    );
    expect(plan.problems.kept).toEqual([
      expect.objectContaining({
        row: 3,
        column: "Carbon footprints row",
        rule: "row",
        message: "Carbon footprints row must be a whole number from 1 to 1000001",
      }),
      expect.objectContaining({ row: 5, column: "Row", rule: "row", message: "This item has this row twice" }),
      // Stage 2.1 sits in footprint 2, which the footprints sheet has; stage 1.3 (kept by the sources sheet) is gone.
      expect.objectContaining({ sheet: layout.repeaters[2]?.name, row: 3, column: "Life-cycle stages row", rule: "row" }),
      expect.objectContaining({ sheet: layout.repeaters[2]?.name, row: 4, column: "Life-cycle stages row", rule: "row" }),
    ]);
    expect(plan.problems.kept[2]?.message).toBe(`Row 1.3 of "${layout.repeaters[1]?.name}" is no row of this item there`);
  });

  it("refuses a nested row whose parent row is not in the parent's sheet, and takes it when the parent has no sheet", () => {
    const orphan = withRows(2, [...(itemSheetRows(layout, footprintItem).repeaters[1] ?? []), ["PACK-1", "5", "1", "Use", ""]]);
    expect(planItemImport(nestedIndex, orphan).problems.kept).toEqual([
      expect.objectContaining({
        row: 5,
        column: "Carbon footprints row",
        rule: "row",
        message: `Row 5 of "${layout.repeaters[0]?.name}" is no row of this item there`,
      }),
    ]);
    // Without the footprints sheet the import leaves the footprints' rows alone, and a new one is made by the write.
    const plan = planItemImport(
      nestedIndex,
      orphan.filter((_, i) => i !== 1),
    );
    expect(plan.problems.kept).toEqual([]);
    expect(plan.items[0]?.repeaterRows.get(NESTED.stages)).toContainEqual(v(NESTED.stages, NESTED.stage, [4, 0], "Use"));
  });

  it("counts a nested repeater's maxRows inside each parent row", () => {
    const limited = buildTemplateIndex(nestedItemSections({ stagesMaxRows: "1" }));
    const limitedLayout = itemSheetsLayout(limited);
    const plan = planItemImport(limited, exportSheets([footprintItem], limitedLayout));
    expect(plan.problems.kept).toEqual([
      expect.objectContaining({
        sheet: limitedLayout.repeaters[1]?.name,
        rule: "range",
        message: 'The item of row 3 of the items sheet has 2 rows here inside row 1 around it; "Life-cycle stages" allows at most 1',
      }),
    ]);
  });
});

// Generated templates: the one tree generator (template-tree.fixture.ts), Item-level, repeaters up to the four levels
// allowed with rows numbered with gaps, fields of the kinds a sheet must escape; one or two items.

const LANGUAGES = ["en", "de"] as const;
type Kind = "text" | "number" | "date" | "multilingual";
const KINDS: readonly Kind[] = ["text", "number", "date", "multilingual"];
const SHAPES: Record<Kind, { type: TDataFieldType; options: Record<string, string> }> = {
  text: { type: "TextField", options: {} },
  number: { type: "NumericField", options: {} },
  date: { type: "TextField", options: { format: "date" } },
  multilingual: { type: "TextField", options: { multilingual: "true" } },
};
const WORDS = ["Zelle", "a, b", 'say "hi"', "=1+2", "Größe", "line\nbreak", "-5", "'quoted", "x;y", "😀"];

function arbKindValue(kind: Kind): fc.Arbitrary<string | null> {
  const some =
    kind === "number"
      ? fc.integer({ min: -500, max: 1500 }).map((n) => String(n / 100))
      : kind === "date"
        ? fc
            .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2089-12-31T00:00:00Z"), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10))
        : fc.constantFrom(...WORDS);
  return fc.option(some, { nil: null, freq: 4 });
}

type Generated = { index: TemplateIndex; items: ExportedItem[] };

/** One item's values: every field at every row of the tree (each language of a multilingual one). */
function arbItemValues(tree: Tree<Kind>): fc.Arbitrary<TDataValue[]> {
  const cells = tree.slots.flatMap((slot) =>
    (slot.spec === "multilingual" ? LANGUAGES : [undefined]).map((language) =>
      arbKindValue(slot.spec).map((value): TDataValue => ({
        dataSectionId: slot.sectionId,
        dataFieldId: slot.fieldId,
        ...slot.at,
        value,
        ...(language && { language }),
      })),
    ),
  );
  return fc.tuple(...cells);
}

const arbGenerated: fc.Arbitrary<Generated> = arbTreeSpecs<Kind>({
  field: fc.constantFrom(...KINDS),
  name: fc.constantFrom("List", "Details", "Stages"),
  rows: { min: 1, max: 2 },
  gaps: true,
})
  .map((specs) =>
    buildTree(
      specs.map((spec) => ({ ...spec, isItem: true })),
      (kind, fieldId) => ({ id: fieldId, name: `Field ${fieldId.slice(-3)}`, ...SHAPES[kind] }),
    ),
  )
  .chain((tree) =>
    fc.array(arbItemValues(tree), { minLength: 1, maxLength: 2 }).map((items) => ({
      index: buildTemplateIndex(tree.sections),
      items: items.map((values, i) => ({ identifiers: [`ITEM-${i + 1}`], values })),
    })),
  );

describe("nested item sheets: encode → decode gives the same values (generated templates, depth ≥ 3)", () => {
  for (const kind of ["xlsx", "zip"] as const) {
    it(`through ${kind === "xlsx" ? "XLSX" : "a zip of CSV files"}`, async () => {
      await fc.assert(
        fc.asyncProperty(arbGenerated, async ({ index, items }) => {
          const layout = itemSheetsLayout(index, 1, LANGUAGES);
          const sheets = exportSheets(items, layout);
          const bytes = kind === "xlsx" ? await asXlsx(sheets, layout) : asCsvZip(sheets, layout);
          const plan = planItemImport(index, await readWorkbookFile(bytes, kind), {}, LANGUAGES, "en-US");
          expect(plan.problems.kept).toEqual([]);
          expect(plan.items.map((item) => item.identifiers)).toEqual(items.map((item) => item.identifiers));
          expect(plannedValues(plan)).toEqual(items.map((item) => byKey(item.values)));
        }),
        { numRuns: kind === "xlsx" ? 15 : 40 },
      );
    }, 120_000);
  }

  it("generates repeaters four deep, with gaps in their rows", () => {
    const samples = fc.sample(arbGenerated, { numRuns: 100, seed: 33 });
    const depths = samples.flatMap(({ index }) => [...index.sections.values()].map((entry) => entry.repeaterPath.length));
    expect(Math.max(...depths)).toBe(MAX_REPEATER_DEPTH);
    expect(
      samples.filter(({ index }) => [...index.sections.values()].some((entry) => entry.repeaterPath.length >= 3)).length,
    ).toBeGreaterThan(10);
    expect(samples.some(({ items }) => items.some((item) => item.values.some((value) => value.innerRows?.includes(2))))).toBe(true);
  });
});
