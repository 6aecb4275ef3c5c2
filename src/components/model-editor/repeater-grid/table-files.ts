import Papa from "papaparse";
import { escapeSpreadsheetCell, unescapeSpreadsheetCell } from "~/domain/spreadsheet-cell";
import { toCsvText } from "~/domain/spreadsheet/csv-text";

export { toCsvText };

/** The most rows a file may bring into a repeater at once; the server's own limits apply on save as well. */
export const MAX_IMPORT_ROWS = 10_000;

/**
 * Reads a CSV or XLSX file's first sheet as rows of text cells. exceljs is loaded only when a workbook is read. A cell
 * our export escaped against formula injection reads back as the value it was (docs/editor.md, Files).
 */
export async function readTableFile(file: File): Promise<string[][]> {
  const rows = /\.xlsx$/i.test(file.name)
    ? await readXlsx(await file.arrayBuffer())
    : Papa.parse<string[]>(await file.text(), { skipEmptyLines: "greedy" }).data.map((row) => row.map((cell) => String(cell)));
  return rows.map((row) => row.map(unescapeSpreadsheetCell));
}

async function readXlsx(buffer: ArrayBuffer): Promise<string[][]> {
  const { Workbook } = (await import("exceljs")).default;
  const workbook = new Workbook();
  await workbook.xlsx.load(buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    // exceljs counts columns from 1; `text` is the cell as shown, numbers without exponent for typical values.
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c).text ?? "");
    rows.push(cells);
  });
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
