import type { ZipBudget } from "~/domain/archive/read-zip";
import { unescapeSpreadsheetCell } from "~/domain/spreadsheet-cell";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { detectDelimiter, readDelimitedRows } from "~/domain/spreadsheet/delimited-text";
import { SheetBounds } from "~/domain/spreadsheet/sheet-bounds";
import { excelSheetName } from "~/domain/spreadsheet/sheet-headers";
import { addXlsxRow } from "~/domain/spreadsheet/xlsx-cell";
import { collectXlsxRow, readXlsxPackage } from "~/domain/spreadsheet/xlsx-package";

export { toCsvText };

/** The most rows a file may bring into a repeater at once; the server's own limits apply on save as well. */
export const MAX_IMPORT_ROWS = 10_000;

/** What unpacking an XLSX file may cost in the browser: a repeater's rows fit well within it. */
const TABLE_ZIP_BUDGET: ZipBudget = { maxEntries: 1_000, maxBytes: 64 * 1024 * 1024, maxRatio: 100 };

/**
 * Reads a CSV, TSV or XLSX file's first sheet as rows of text cells, within the same sheet bounds and archive budget
 * as the server's import (docs/editor.md, Files), through the same readers: the delimiter is detected, a CSV cell our
 * export escaped against formula injection reads back as the value it was, and XLSX numbers and dates as their
 * stored form (xlsx-cell.ts). exceljs is loaded only when a workbook is read.
 */
export async function readTableFile(file: File): Promise<string[][]> {
  const bounds = new SheetBounds();
  bounds.startSheet(file.name);
  if (/\.xlsx$/i.test(file.name)) return readXlsx(new Uint8Array(await file.arrayBuffer()), bounds);
  const text = (await file.text()).replace(/^\uFEFF/, "");
  const rows = await readDelimitedRows(text, detectDelimiter(text), bounds);
  return rows.map((row) => row.map(unescapeSpreadsheetCell));
}

async function readXlsx(bytes: Uint8Array, bounds: SheetBounds): Promise<string[][]> {
  const { Workbook } = (await import("exceljs")).default;
  const workbook = new Workbook();
  // A fresh zip of its own: its buffer holds nothing else.
  await workbook.xlsx.load((await readXlsxPackage(bytes, TABLE_ZIP_BUDGET)).buffer as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => collectXlsxRow(rows, row, bounds));
  return rows;
}

export function toCsv(table: readonly (readonly string[])[]): Blob {
  // A byte-order mark makes Excel read the file as UTF-8.
  return new Blob([`\uFEFF${toCsvText(table)}`], { type: "text/csv;charset=utf-8" });
}

export async function toXlsx(table: readonly (readonly string[])[], sheetName: string): Promise<Blob> {
  const { Workbook } = (await import("exceljs")).default;
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(excelSheetName(sheetName));
  // An XLSX text cell is never a formula, so no `'` is added (xlsx-cell.ts).
  for (const row of table) addXlsxRow(sheet, row);
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
