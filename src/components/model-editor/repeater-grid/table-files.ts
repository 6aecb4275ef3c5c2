import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { excelSheetName } from "~/domain/spreadsheet/sheet-headers";
import { addXlsxRow } from "~/domain/spreadsheet/xlsx-cell";

export { toCsvText };

/** The most rows a file may bring into a repeater at once; the server's own limits apply on save as well. */
export const MAX_IMPORT_ROWS = 10_000;

/**
 * Reads a CSV, TSV or XLSX file's first sheet as rows of text cells, through the items import's reader
 * (workbook-files.ts, loaded only when a file is read, with exceljs): the delimiter is detected, a cell our export
 * escaped against formula injection reads back as the value it was, and XLSX numbers and dates as their stored form
 * (docs/editor.md, Files).
 */
export async function readTableFile(file: File): Promise<string[][]> {
  const { readWorkbookFile } = await import("~/domain/spreadsheet/workbook-files");
  const kind = /\.xlsx$/i.test(file.name) ? "xlsx" : "csv";
  const [sheet] = await readWorkbookFile(new Uint8Array(await file.arrayBuffer()), kind);
  return sheet?.rows ?? [];
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
