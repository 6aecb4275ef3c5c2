import type { ZipBudget } from "~/domain/archive/read-zip";
import { escapeSpreadsheetCell, unescapeSpreadsheetCell } from "~/domain/spreadsheet-cell";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { guessDelimiter, readDelimitedRows } from "~/domain/spreadsheet/delimited-text";
import { SheetBounds } from "~/domain/spreadsheet/sheet-bounds";
import { addXlsxRow, readXlsxPackage } from "~/domain/spreadsheet/xlsx-package";

export { toCsvText };

/** The most rows a file may bring into a repeater at once; the server's own limits apply on save as well. */
export const MAX_IMPORT_ROWS = 10_000;

/** What unpacking an XLSX file may cost in the browser: a repeater's rows fit well within it. */
const TABLE_ZIP_BUDGET: ZipBudget = { maxEntries: 1_000, maxBytes: 64 * 1024 * 1024, maxRatio: 100 };

/**
 * Reads a CSV or XLSX file's first sheet as rows of text cells, within the same sheet bounds and archive budget as
 * the server's import (docs/editor.md, Files). exceljs is loaded only when a workbook is read. A cell our export
 * escaped against formula injection reads back as the value it was.
 */
export async function readTableFile(file: File): Promise<string[][]> {
  const bounds = new SheetBounds();
  bounds.startSheet(file.name);
  const rows = /\.xlsx$/i.test(file.name)
    ? await readXlsx(new Uint8Array(await file.arrayBuffer()), bounds)
    : await readCsv(await file.text(), bounds);
  return rows.map((row) => row.map(unescapeSpreadsheetCell));
}

function readCsv(text: string, bounds: SheetBounds): Promise<string[][]> {
  return readDelimitedRows(text, guessDelimiter(text), bounds);
}

async function readXlsx(bytes: Uint8Array, bounds: SheetBounds): Promise<string[][]> {
  const { Workbook } = (await import("exceljs")).default;
  const workbook = new Workbook();
  // A fresh zip of its own: its buffer holds nothing else.
  await workbook.xlsx.load((await readXlsxPackage(bytes, TABLE_ZIP_BUDGET)).buffer as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => addXlsxRow(rows, row, bounds));
  return rows;
}

export function toCsv(table: readonly (readonly string[])[]): Blob {
  // A byte-order mark makes Excel read the file as UTF-8.
  return new Blob([`\uFEFF${toCsvText(table)}`], { type: "text/csv;charset=utf-8" });
}

export async function toXlsx(table: readonly (readonly string[])[], sheetName: string): Promise<Blob> {
  const { Workbook } = (await import("exceljs")).default;
  const workbook = new Workbook();
  // Sheet names are at most 31 characters and may not hold []:*?/\ in Excel.
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Rows");
  for (const row of table) sheet.addRow(row.map(escapeSpreadsheetCell));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
