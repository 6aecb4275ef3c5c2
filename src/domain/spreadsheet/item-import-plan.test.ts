import ExcelJS from "exceljs";
import fc from "fast-check";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { TDataValue } from "~/domain/data-value";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { planItemImport } from "~/domain/spreadsheet/item-import-plan";
import { columnCellType, headerRows, itemSheetsLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { type ExportedItem, itemSheetRows } from "~/domain/spreadsheet/item-sheet-rows";
import { CHOICES, SHEET_IDS, spreadsheetSections } from "~/domain/spreadsheet/spreadsheet-template.fixture";
import type { Sheet } from "~/domain/spreadsheet/sheet-mapping";
import { readWorkbookFile } from "~/domain/spreadsheet/workbook-files";
import { addXlsxRow } from "~/domain/spreadsheet/xlsx-cell";
import { buildTemplateIndex } from "~/domain/template-index";

const index = buildTemplateIndex(spreadsheetSections());

const TEXT_CHARS = [..."aZ09 ,;\"'\t\r\n=+-@€ä😀|/\\()<>&_"];
const text = fc.array(fc.constantFrom(...TEXT_CHARS), { minLength: 1, maxLength: 12 }).map((c) => c.join(""));
const date = fc
  .date({ min: new Date("1900-01-01"), max: new Date("2200-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const decimal = fc
  .integer({ min: 0, max: 100_000 })
  .map((n) => (n % 3 === 0 ? String(n / 100) : (n / 100).toFixed(2).replace(/\.?0+$/, "")));
const voltage = fc.integer({ min: -99_999, max: 99_999 }).map((n) => String(n / 1000));
const link = fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom("https://example.com/p/1", "http://x.example/?a=1&b=2"));
const file = fc.oneof(fc.constantFrom("files/manual.pdf", "docs/a b.pdf"), fc.constant("https://example.com/m.pdf"));
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

/** Values of one item, every field type, valid by the fixture's options (required always filled). */
const itemValues = fc
  .record({
    text: nullable(text),
    choice: nullable(fc.constantFrom(...CHOICES)),
    date: nullable(date),
    short: nullable(text.filter((t) => t.length <= 8)),
    required: text,
    number: nullable(decimal),
    link: nullable(link),
    file: nullable(file),
    cells: fc
      .uniqueArray(fc.integer({ min: 0, max: 20 }), { maxLength: 5 })
      .chain((rows) =>
        fc.tuple(...rows.map((row) => fc.record({ row: fc.constant(row), label: nullable(text), voltage: nullable(voltage) }))),
      ),
  })
  .map((r): TDataValue[] => [
    ...(["text", "choice", "date", "short", "required", "number", "link", "file"] as const).map((key) => ({
      dataSectionId: SHEET_IDS.main,
      dataFieldId: SHEET_IDS[key],
      row: 0,
      value: r[key],
    })),
    ...r.cells.flatMap((cell) => [
      { dataSectionId: SHEET_IDS.cells, dataFieldId: SHEET_IDS.cellLabel, row: cell.row, value: cell.label },
      { dataSectionId: SHEET_IDS.cells, dataFieldId: SHEET_IDS.cellVoltage, row: cell.row, value: cell.voltage },
    ]),
  ]);

const identifier = fc.oneof(
  fc.uuid({ version: 4 }),
  fc.integer({ min: 1, max: 99_999 }).map((n) => `/01/09506000134352/21/${n}`),
  fc.stringMatching(/^[A-Z]{2}-[0-9]{3,6}$/),
);

const items = fc
  .uniqueArray(identifier, { minLength: 1, maxLength: 8 })
  .chain((ids) => fc.tuple(...ids.map((id) => itemValues.map((values): ExportedItem => ({ identifiers: [id], values })))));

function exportSheets(exported: readonly ExportedItem[]): Sheet[] {
  const layout = itemSheetsLayout(index);
  const rows = exported.map((item) => itemSheetRows(layout, item));
  return [
    { name: layout.items.name, rows: [...headerRows(layout.items), ...rows.map((r) => r.items)] },
    ...layout.repeaters.map((sheet, i) => ({
      name: sheet.name,
      rows: [...headerRows(sheet), ...rows.flatMap((r) => r.repeaters[i] ?? [])],
    })),
  ];
}

/** The sheets as the export writes XLSX: numbers and dates as typed cells below the two header rows. */
async function asXlsx(sheets: Sheet[], layout = itemSheetsLayout(index)): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const layouts = [layout.items, ...layout.repeaters];
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    const types = layouts.find((l) => l.name === sheet.name)?.columns.map(columnCellType) ?? [];
    sheet.rows.forEach((row, r) => addXlsxRow(ws, row, r < 2 ? [] : types));
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function asCsvZip(sheets: Sheet[]): Uint8Array {
  return zipSync(
    Object.fromEntries(sheets.map((sheet, i) => [`${i === 0 ? "items" : sheet.name}.csv`, strToU8(toCsvText(sheet.rows))])),
  );
}

const sorted = (values: readonly TDataValue[]) =>
  [...values].sort((a, b) => `${a.dataSectionId}${a.dataFieldId}${a.row}`.localeCompare(`${b.dataSectionId}${b.dataFieldId}${b.row}`));

async function expectRoundTrip(exported: readonly ExportedItem[], bytes: Uint8Array, kind: "xlsx" | "zip"): Promise<void> {
  const plan = planItemImport(index, await readWorkbookFile(bytes, kind));
  expect(plan.problems.kept).toEqual([]);
  expect(plan.items.map((item) => item.identifiers)).toEqual(exported.map((item) => item.identifiers));
  plan.items.forEach((item, i) => {
    const values = [...item.values, ...[...item.repeaterRows.values()].flat()];
    expect(sorted(values)).toEqual(sorted(exported[i]?.values ?? []));
  });
}

describe("items export → import", () => {
  it("gives back every value of every field type, repeater rows included, through XLSX", async () => {
    await fc.assert(
      fc.asyncProperty(items, async (exported) => expectRoundTrip(exported, await asXlsx(exportSheets(exported)), "xlsx")),
      {
        numRuns: 10,
      },
    );
  }, 60_000);

  it("gives back every value through a zip of CSV files", async () => {
    await fc.assert(
      fc.asyncProperty(items, async (exported) => expectRoundTrip(exported, asCsvZip(exportSheets(exported)), "zip")),
      {
        numRuns: 60,
      },
    );
  }, 60_000);
});

describe("planItemImport", () => {
  const header = ["Identifier", "Battery › Serial", "Battery › Capacity", "Chemistry", "Made on", "Batch", "Unknown"];

  it("maps columns by title or bare field name and lists each problem by sheet, row, column and rule", () => {
    const plan = planItemImport(index, [
      {
        name: "Items",
        rows: [
          header,
          ["A-1", "s1", "12.5", "LFP", "2024-02-29", "B1", "x"],
          ["A-2", "", "abc", "Lead", "2023-02-29", "123456789", ""],
          ["(01)09506000134353(21)7", "s3", "1001", "NMC", "", "", ""],
          ["A-1", "s4", "1.234", "", "", "", ""],
        ],
      },
    ]);
    expect(plan.mapping[0]?.columns.map((c) => c.key)).toEqual([
      "identifier",
      `${SHEET_IDS.main}/${SHEET_IDS.required}`,
      `${SHEET_IDS.main}/${SHEET_IDS.number}`,
      `${SHEET_IDS.main}/${SHEET_IDS.choice}`,
      `${SHEET_IDS.main}/${SHEET_IDS.date}`,
      `${SHEET_IDS.main}/${SHEET_IDS.short}`,
      null,
    ]);
    expect(plan.problems.kept.map((p) => [p.row, p.column, p.rule])).toEqual([
      [3, "Battery › Capacity", "type"],
      [3, "Chemistry", "choice"],
      [3, "Made on", "type"],
      [3, "Batch", "range"],
      [4, "Identifier", "identifier-format"],
      [4, "Battery › Capacity", "range"],
      [5, "Identifier", "duplicate-identifier"],
      [5, "Battery › Capacity", "range"],
    ]);
    expect(plan.problems.kept.every((p) => p.sheet === "Items")).toBe(true);
  });

  it("keeps 100 problems and counts the rest", () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`X-${i}`, "s", "not a number"]);
    const plan = planItemImport(index, [{ name: "Items", rows: [header.slice(0, 3), ...rows] }]);
    expect(plan.problems.kept).toHaveLength(100);
    expect(plan.problems.moreProblems).toBe(9_900);
  });

  it("applies the caller's mapping over the automatic one", () => {
    const plan = planItemImport(
      index,
      [
        {
          name: "Items",
          rows: [
            ["Id", "S/N"],
            ["A-1", "x"],
          ],
        },
      ],
      {
        Items: { "0": "identifier", "1": `${SHEET_IDS.main}/${SHEET_IDS.required}` },
      },
    );
    expect(plan.items[0]?.identifiers).toEqual(["A-1"]);
    expect(plan.items[0]?.values).toEqual([{ dataSectionId: SHEET_IDS.main, dataFieldId: SHEET_IDS.required, row: 0, value: "x" }]);
  });

  it("refuses repeater rows of unknown items, bad or repeated row numbers, and more rows than maxRows", () => {
    const cells = [
      ["Identifier", "Row", "Label"],
      ...Array.from({ length: 6 }, (_, i) => ["A-1", String(i + 1), "l"]),
      ["B-9", "1", ""],
      ["A-1", "0", ""],
      ["A-1", "1", ""],
    ];
    const plan = planItemImport(index, [
      {
        name: "Items",
        rows: [
          ["Identifier", "Serial"],
          ["A-1", "s"],
        ],
      },
      { name: "Battery › Cells", rows: cells },
    ]);
    expect(plan.problems.kept.map((p) => [p.sheet, p.row, p.rule])).toEqual([
      ["Battery › Cells", 8, "unknown-item"],
      ["Battery › Cells", 9, "row"],
      ["Battery › Cells", 10, "row"],
      ["Battery › Cells", null, "range"],
    ]);
  });

  it("reads back a formula-like value the export escaped, and unescapes nothing else", async () => {
    const values = (v: string): TDataValue[] => [{ dataSectionId: SHEET_IDS.main, dataFieldId: SHEET_IDS.required, row: 0, value: v }];
    const exported = ['=HYPERLINK("https://evil.example")', "'=1+1", "+1", "-x", "@SUM(A1)"].map((v, i) => ({
      identifiers: [`F-${i}`],
      values: values(v),
    }));
    const sheets = exportSheets(exported);
    const csv = toCsvText(sheets[0]?.rows ?? []);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(csv).toContain(`"''=1+1"`);
    const plan = planItemImport(index, await readWorkbookFile(asCsvZip(sheets), "zip"));
    expect(plan.items.map((item) => item.values.find((v) => v.dataFieldId === SHEET_IDS.required)?.value)).toEqual(
      exported.map((item) => item.values[0]?.value),
    );
  });
});

describe("multilingual fields (docs/languages.md)", () => {
  const languages = ["en", "de", "fr"];
  const multilingual = new Set<string>([SHEET_IDS.text, SHEET_IDS.cellLabel]);
  const mlIndex = buildTemplateIndex(
    spreadsheetSections().map((section) => ({
      ...section,
      dataFields: section.dataFields.map((f) =>
        multilingual.has(f.id) ? { ...f, options: { ...f.options, multilingual: "true" } } : f,
      ),
    })),
  );
  const inAll = (dataSectionId: string, dataFieldId: string, row: number, text: string): TDataValue[] =>
    languages.map((language) => ({ dataSectionId, dataFieldId, row, value: `${text} ${language}`, language }));
  const exported: ExportedItem = {
    identifiers: ["SN-0001"],
    values: [
      ...inAll(SHEET_IDS.main, SHEET_IDS.text, 0, "=notes"),
      { dataSectionId: SHEET_IDS.main, dataFieldId: SHEET_IDS.required, row: 0, value: "S1" },
      ...inAll(SHEET_IDS.cells, SHEET_IDS.cellLabel, 2, "cell"),
      { dataSectionId: SHEET_IDS.cells, dataFieldId: SHEET_IDS.cellVoltage, row: 2, value: "3.2" },
    ],
  };
  const bySort = (values: readonly TDataValue[]) =>
    [...values].sort((a, b) =>
      `${a.dataFieldId}${a.row}${a.language ?? ""}`.localeCompare(`${b.dataFieldId}${b.row}${b.language ?? ""}`),
    );

  it("has a column per published language, default first, and gives back each language's value", async () => {
    const layout = itemSheetsLayout(mlIndex, 1, languages);
    const notes = layout.items.columns.filter((c) => c.kind === "field" && c.fieldId === SHEET_IDS.text);
    expect(notes.map((c) => [c.title, c.key])).toEqual(
      languages.map((l) => [`Battery › Notes [${l}]`, `${SHEET_IDS.main}/${SHEET_IDS.text}@${l}`]),
    );
    const rows = itemSheetRows(layout, exported);
    const sheets: Sheet[] = [
      { name: layout.items.name, rows: [...headerRows(layout.items), rows.items] },
      ...layout.repeaters.map((sheet, i) => ({ name: sheet.name, rows: [...headerRows(sheet), ...(rows.repeaters[i] ?? [])] })),
    ];
    const plan = planItemImport(mlIndex, await readWorkbookFile(await asXlsx(sheets, layout), "xlsx"), {}, languages);
    expect(plan.problems.kept).toEqual([]);
    const item = plan.items[0];
    const values = [...(item?.values ?? []), ...[...(item?.repeaterRows.values() ?? [])].flat()];
    const filled = values.filter((v) => v.value !== null);
    expect(bySort(filled)).toEqual(bySort(exported.values));
  });

  it("fills the default language from a file made for one language: the field's plain title, name or key", () => {
    const plainKey = `${SHEET_IDS.main}/${SHEET_IDS.text}`;
    const files: string[][][] = [
      [
        ["Identifier", "Serial", "Battery › Notes"],
        ["SN-1", "S", "Hello"],
      ],
      [
        ["Identifier", "Serial", "Notes"],
        ["SN-1", "S", "Hello"],
      ],
      [
        ["Identifier", "Serial", "Remarks"],
        ["identifier", `${SHEET_IDS.main}/${SHEET_IDS.required}`, plainKey],
        ["SN-1", "S", "Hello"],
      ],
    ];
    for (const rows of files) {
      const plan = planItemImport(mlIndex, [{ name: "Items", rows }], {}, languages);
      expect(plan.problems.kept).toEqual([]);
      expect(plan.items[0]?.values).toContainEqual({
        dataSectionId: SHEET_IDS.main,
        dataFieldId: SHEET_IDS.text,
        row: 0,
        value: "Hello",
        language: "en",
      });
    }
  });

  it("maps a language's column by its title, and leaves a field that is not multilingual as it was", () => {
    const plan = planItemImport(
      mlIndex,
      [
        {
          name: "Items",
          rows: [
            ["Identifier", "Serial", "Battery › Notes [de]", "Batch"],
            ["SN-1", "S", "Hallo", "B7"],
          ],
        },
      ],
      {},
      languages,
    );
    expect(plan.items[0]?.values).toContainEqual({
      dataSectionId: SHEET_IDS.main,
      dataFieldId: SHEET_IDS.text,
      row: 0,
      value: "Hallo",
      language: "de",
    });
    expect(plan.items[0]?.values).toContainEqual({ dataSectionId: SHEET_IDS.main, dataFieldId: SHEET_IDS.short, row: 0, value: "B7" });
  });
});

describe("files as people's programs write them", () => {
  const value = (dataFieldId: string, v: string | null): TDataValue => ({
    dataSectionId: SHEET_IDS.main,
    dataFieldId,
    row: 0,
    value: v,
  });
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("reads a CSV Excel saved in German: BOM, semicolons, CRLF, decimal comma, dd.mm.yyyy, and says so", async () => {
    const csv = "\uFEFFIdentifier;Serial;Capacity;Made on\r\nA-1;S1;97,5;29.02.2024\r\nA-2;S2;1.000;01.03.2024\r\n";
    const sheets = await readWorkbookFile(bytes(csv), "csv");
    const plan = planItemImport(index, sheets);
    expect(plan.problems.kept).toEqual([]);
    expect(plan.reading).toEqual({ delimiter: ";", locale: "de-DE", isLocaleDetected: true });
    expect(plan.items[0]?.values).toEqual([
      value(SHEET_IDS.required, "S1"),
      value(SHEET_IDS.number, "97.5"),
      value(SHEET_IDS.date, "2024-02-29"),
    ]);
    expect(plan.items[1]?.values).toContainEqual(value(SHEET_IDS.number, "1000"));
  });

  it("reads dates with times as Excel writes them in the file's locale, yes/no cells as it writes TRUE and FALSE, and this app's export", async () => {
    const MEASURED = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const REMOVABLE = "1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const sections = spreadsheetSections().map((section) =>
      section.id === SHEET_IDS.main
        ? {
            ...section,
            dataFields: [
              ...section.dataFields,
              { ...section.dataFields[0]!, id: MEASURED, name: "Measured at", options: { format: "dateTime" } },
              { ...section.dataFields[0]!, id: REMOVABLE, name: "Removable", options: { choices: "true|false" } },
            ],
          }
        : section,
    );
    const csv =
      "Identifier;Capacity;Measured at;Removable\r\n" +
      "A-1;97,5;31.03.2025 14:05;WAHR\r\n" +
      "A-2;1;2025-03-31T12:05:00Z;false\r\n" +
      "A-3;2;31.03.2025 25:00;Nein\r\n" +
      "A-4;3;;vielleicht\r\n";
    const plan = planItemImport(buildTemplateIndex(sections), await readWorkbookFile(bytes(csv), "csv"));
    expect(plan.reading.locale).toBe("de-DE");
    expect(plan.items[0]?.values).toEqual(expect.arrayContaining([value(MEASURED, "2025-03-31T14:05:00"), value(REMOVABLE, "true")]));
    expect(plan.items[1]?.values).toEqual(
      expect.arrayContaining([value(MEASURED, "2025-03-31T12:05:00Z"), value(REMOVABLE, "false")]),
    );
    expect(plan.problems.kept).toEqual([
      expect.objectContaining({
        column: "Measured at",
        message: expect.stringContaining("must be a date and time written yyyy-mm-ddThh:mm:ss"),
      }),
      expect.objectContaining({ column: "Removable", message: expect.stringContaining("must be one of: true, false") }),
    ]);
  });

  it("reads a TSV, and the locale the caller names over the one detected", async () => {
    const sheets = await readWorkbookFile(bytes("Identifier\tCapacity\tMade on\nA-1\t3,5\t02/03/2024\n"), "csv");
    const plan = planItemImport(index, sheets, {}, [], "en-GB");
    expect(plan.reading).toEqual({ delimiter: "\t", locale: "en-GB", isLocaleDetected: false });
    expect(plan.problems.kept.map((p) => [p.column, p.rule])).toEqual([["Capacity", "type"]]);
    expect(plan.items[0]?.values).toContainEqual(value(SHEET_IDS.date, "2024-03-02"));
  });

  it("refuses a file none of whose columns maps to a field, naming its headers", async () => {
    const sheets = await readWorkbookFile(bytes("Identifier|Serial|Capacity\nA-1|S1|3\n"), "csv");
    const plan = planItemImport(index, sheets);
    expect(plan.items).toEqual([]);
    expect(plan.problems.kept).toEqual([
      expect.objectContaining({ rule: "file", message: expect.stringContaining('"Identifier|Serial|Capacity"') }),
    ]);
  });

  it("refuses repeater sheets when the items sheet has no identifier column", () => {
    const plan = planItemImport(index, [
      { name: "Items", rows: [["Serial"], ["S1"]] },
      {
        name: "Battery › Cells",
        rows: [
          ["Identifier", "Row", "Voltage"],
          ["A-1", "1", "3.2"],
        ],
      },
    ]);
    expect(plan.problems.kept.map((p) => p.rule)).toEqual(["file"]);
  });

  it("leaves a required field empty without a problem: an import may leave an item incomplete", () => {
    const plan = planItemImport(index, [
      {
        name: "Items",
        rows: [
          ["Identifier", "Serial", "Notes"],
          ["A-1", "", "n"],
        ],
      },
    ]);
    expect(plan.problems.kept).toEqual([]);
    expect(plan.items[0]?.values).toContainEqual(value(SHEET_IDS.required, null));
  });
});
