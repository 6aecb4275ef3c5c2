import fc from "fast-check";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { TDataValue } from "~/domain/data-value";
import { normalizeLayout } from "~/domain/layout";
import { encodeRange, rangeCellText, rangeFromCell } from "~/domain/range-value";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { planItemImport } from "~/domain/spreadsheet/item-import-plan";
import { headerRows, itemSheetsLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { type ExportedItem, itemSheetRows } from "~/domain/spreadsheet/item-sheet-rows";
import { readWorkbookFile } from "~/domain/spreadsheet/workbook-files";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

const MAIN = "5b000000-0000-4000-8000-000000000001";
const CELLS = "5b000000-0000-4000-8000-000000000002";
const TEMPERATURE = "5b000000-0000-4000-8000-000000000011";
const WARRANTY = "5b000000-0000-4000-8000-000000000012";
const GRADE = "5b000000-0000-4000-8000-000000000013";
const CAPACITY = "5b000000-0000-4000-8000-000000000021";
const layout = normalizeLayout(undefined, 1);
const field = (id: string, name: string, type: "NumericField" | "TextField", options: Record<string, string>) => ({
  id,
  name,
  type,
  options: { range: "true", ...options },
  granularityLevel: "Item" as const,
  layout,
});

const sections: TSection[] = [
  {
    id: MAIN,
    name: "Battery",
    type: "Group",
    parentId: null,
    subSections: [CELLS],
    granularityLevel: "Item",
    layout,
    dataFields: [
      field(TEMPERATURE, "Temperature", "NumericField", { decimals: "1" }),
      field(WARRANTY, "Warranty", "TextField", { format: "date" }),
      field(GRADE, "Grade", "TextField", {}),
    ],
  },
  {
    id: CELLS,
    name: "Cells",
    type: "Repeatable",
    parentId: MAIN,
    subSections: [],
    granularityLevel: "Item",
    layout,
    dataFields: [field(CAPACITY, "Capacity", "NumericField", {})],
  },
];
const index = buildTemplateIndex(sections);

const side = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const number = fc.integer({ min: -9999, max: 9999 }).map((n) => String(n / 10));
const date = fc.constantFrom("1999-12-31", "2024-02-29", "2030-01-01");
const grade = fc.constantFrom("A", "B-", "x – y", "Größe");
/** A range of sides in order (numbers, dates), or null when neither is given. */
const ordered = (arb: fc.Arbitrary<string>, compare: (a: string, b: string) => number) =>
  fc.tuple(side(arb), side(arb)).map(([a, b]) => {
    const [min, max] = a !== null && b !== null && compare(a, b) > 0 ? [b, a] : [a, b];
    return encodeRange({ min, max });
  });
const numbers = ordered(number, (a, b) => Number(a) - Number(b));
const dates = ordered(date, (a, b) => a.localeCompare(b));
const grades = fc.tuple(side(grade), side(grade)).map(([min, max]) => encodeRange({ min, max }));

const items = fc.uniqueArray(fc.stringMatching(/^[A-Z]{2}-[0-9]{3}$/), { minLength: 1, maxLength: 4 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.record({ t: numbers, w: dates, g: grades, c: fc.array(numbers, { maxLength: 3 }) }).map(({ t, w, g, c }): ExportedItem => ({
        identifiers: [id],
        values: [
          ...[
            [TEMPERATURE, t],
            [WARRANTY, w],
            [GRADE, g],
          ].map(([dataFieldId, value]) => ({ dataSectionId: MAIN, dataFieldId: dataFieldId!, row: 0, value: value ?? null })),
          ...c.map((value, row) => ({ dataSectionId: CELLS, dataFieldId: CAPACITY, row, value })),
        ],
      })),
    ),
  ),
);

function asCsvZip(exported: readonly ExportedItem[]): Uint8Array {
  const sheetLayout = itemSheetsLayout(index);
  const rows = exported.map((item) => itemSheetRows(sheetLayout, item));
  const sheets = [
    { name: "items", rows: [...headerRows(sheetLayout.items), ...rows.map((r) => r.items)] },
    ...sheetLayout.repeaters.map((sheet, i) => ({
      name: sheet.name,
      rows: [...headerRows(sheet), ...rows.flatMap((r) => r.repeaters[i] ?? [])],
    })),
  ];
  return zipSync(Object.fromEntries(sheets.map((sheet) => [`${sheet.name}.csv`, strToU8(toCsvText(sheet.rows))])));
}

const key = (v: TDataValue) => `${v.dataSectionId}|${v.dataFieldId}|${v.row}`;
const sorted = (values: readonly TDataValue[]) => [...values].sort((a, b) => key(a).localeCompare(key(b)));

describe("a range field in a spreadsheet: one cell 10 – 20", () => {
  it("round-trips the cell form of every range: stored → cell → stored", () => {
    fc.assert(
      fc.property(fc.oneof(numbers, dates, grades), (stored) => {
        if (stored === null) return;
        expect(rangeFromCell(rangeCellText(stored), (text) => text)).toBe(stored);
      }),
      { numRuns: 300 },
    );
    expect(rangeCellText(encodeRange({ min: "10", max: "20" })!)).toBe("10 – 20");
    expect(rangeCellText(encodeRange({ min: "10", max: null })!)).toBe("10 –");
    expect(rangeCellText(encodeRange({ min: null, max: "20" })!)).toBe("– 20");
  });

  it("gives back every range of an export, repeater rows included, through CSV files", async () => {
    await fc.assert(
      fc.asyncProperty(items, async (exported) => {
        const plan = planItemImport(index, await readWorkbookFile(asCsvZip(exported), "zip"));
        expect(plan.problems.kept).toEqual([]);
        plan.items.forEach((item, i) => {
          const values = [...item.values, ...[...item.repeaterRows.values()].flat()];
          expect(sorted(values)).toEqual(sorted(exported[i]?.values ?? []));
        });
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("reads each side in the file's locale and refuses min above max or a cell that is no range, naming the cell", async () => {
    const csv = "Identifier;Temperature;Warranty;Grade\r\nA-1;-10,5 – 20;01.03.2024 –;B\r\nA-2;30 – 20;;\r\n";
    const plan = planItemImport(index, await readWorkbookFile(strToU8(csv), "csv"));
    expect(plan.reading.locale).toBe("de-DE");
    expect(plan.items[0]?.values).toContainEqual({
      dataSectionId: MAIN,
      dataFieldId: TEMPERATURE,
      row: 0,
      value: '{"min":"-10.5","max":"20"}',
    });
    expect(plan.items[0]?.values).toContainEqual({
      dataSectionId: MAIN,
      dataFieldId: WARRANTY,
      row: 0,
      value: '{"min":"2024-03-01","max":null}',
    });
    expect(plan.problems.kept.map((p) => [p.row, p.column, p.message])).toEqual([
      [2, "Grade", '"Grade" must be a range {"min": …, "max": …} (either side may be null)'],
      [3, "Temperature", '"Temperature" min (30) is above max (20)'],
    ]);
  });
});
