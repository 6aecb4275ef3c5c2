import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { addXlsxRow, xlsxCell, xlsxCellText, type XlsxCellType } from "~/domain/spreadsheet/xlsx-cell";

/** A row written as the export writes it (exceljs's streaming writer, inline strings, styles) and read back. */
async function roundTrip(row: string[], types: XlsxCellType[]): Promise<ExcelJS.Row> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const worksheet = workbook.addWorksheet("S");
  addXlsxRow(worksheet, row, types);
  worksheet.commit();
  await workbook.commit();
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
  const sheet = read.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet.getRow(1);
}

describe("typed XLSX cells", () => {
  it("writes numbers as numeric cells and dates as date cells, and reads them back as the stored text", async () => {
    const row = await roundTrip(["97.5", "-0.001", "2024-02-29", "12"], ["number", "number", "date", "text"]);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(row.getCell(3).numFmt).toBe("yyyy-mm-dd");
    expect(row.getCell(4).type).toBe(ExcelJS.ValueType.String);
    expect([1, 2, 3, 4].map((c) => xlsxCellText(row.getCell(c)))).toEqual(["97.5", "-0.001", "2024-02-29", "12"]);
  });

  it("writes a yes/no column's values as boolean cells, which Excel shows in its own language, and reads them back", async () => {
    const row = await roundTrip(["true", "false", "maybe"], ["boolean", "boolean", "boolean"]);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Boolean);
    expect(row.getCell(2).value).toBe(false);
    // A value outside the choices (stored before them) stays text, so nothing is lost.
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect([1, 2, 3].map((c) => xlsxCellText(row.getCell(c)))).toEqual(["true", "false", "maybe"]);
  });

  it("keeps a number that would not read back as the same text (trailing zeros, beyond a double) as text", () => {
    expect(xlsxCell("1.50", "number").value).toBe("1.50");
    expect(xlsxCell("12345678901234567890", "number").value).toBe("12345678901234567890");
    expect(xlsxCell("not a date", "date").value).toBe("not a date");
    expect(xlsxCell("", "number").value).toBeNull();
  });

  it("writes formula-like text as a text cell without a visible ' and keeps a carriage return", async () => {
    const row = await roundTrip(['=HYPERLINK("https://evil.example","x")', "a\r\nb", "_x000D_ literal", "'=x"], []);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect([1, 2, 3, 4].map((c) => xlsxCellText(row.getCell(c)))).toEqual([
      '=HYPERLINK("https://evil.example","x")',
      "a\r\nb",
      "_x000D_ literal",
      "'=x",
    ]);
  });

  it("reads what people's programs write: exponents, times, booleans, formulas, rich text, hyperlinks", () => {
    expect(xlsxCellText({ value: 1e-7 })).toBe("0.0000001");
    expect(xlsxCellText({ value: new Date("2024-02-29T13:45:00Z") })).toBe("2024-02-29T13:45:00");
    expect(xlsxCellText({ value: true })).toBe("true");
    expect(xlsxCellText({ value: { formula: "A1*2", result: 195 } })).toBe("195");
    expect(xlsxCellText({ value: { richText: [{ text: "Li" }, { text: "-ion" }] } })).toBe("Li-ion");
    expect(xlsxCellText({ value: { text: "manual", hyperlink: "https://example.com" } })).toBe("manual");
    expect(xlsxCellText({ value: null })).toBe("");
  });
});
