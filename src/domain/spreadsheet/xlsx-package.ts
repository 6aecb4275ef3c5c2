import type ExcelJS from "exceljs";
import { strFromU8, strToU8, zipSync } from "fflate";
import { AppError } from "~/domain/app-error";
import { readZip, type ZipBudget } from "~/domain/archive/read-zip";
import { createStepper } from "~/domain/bounded-steps";
import type { SheetBounds } from "~/domain/spreadsheet/sheet-bounds";
import { xlsxCellText } from "~/domain/spreadsheet/xlsx-cell";

/**
 * An XLSX file made safe for exceljs, on the server and in the editor (docs/spreadsheets.md, Limits). No exceljs
 * here at run time (only its types), so the editor's bundle loads exceljs on demand as before.
 */

const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** The parts besides the sheets that exceljs reads, in the order its streaming reader needs them. */
const WORKBOOK_PARTS = [
  "[Content_Types].xml",
  "xl/_rels/workbook.xml.rels",
  "xl/workbook.xml",
  "xl/sharedStrings.xml",
  "xl/styles.xml",
];

/**
 * The parts of an XLSX file that the import reads, inflated by the one archive reader under `budget`
 * (src/domain/archive/read-zip.ts), and packed again uncompressed, so exceljs unpacks nothing it was not given: the
 * workbook's parts first and an empty shared-strings part where the file has none (exceljs's streaming reader would
 * otherwise park each sheet in a temporary file), then the sheets by number, each without its `<cols>` (column
 * widths, which the import ignores; exceljs makes one object per column up to any `max` a `<col>` states). A file
 * without a workbook part is a 400.
 */
export async function readXlsxPackage(bytes: Uint8Array, budget: ZipBudget): Promise<Uint8Array> {
  const label = "The XLSX file";
  const parts = await readZip(bytes, { budget, wants: (name) => WORKBOOK_PARTS.includes(name) || SHEET_PART.test(name), label });
  if (!parts.has("xl/workbook.xml")) {
    throw new AppError("BAD_REQUEST", `${label} cannot be read: it has no workbook part (xl/workbook.xml).`);
  }
  const stepper = createStepper();
  const files: Record<string, Uint8Array> = {};
  for (const name of WORKBOOK_PARTS) {
    const data = parts.get(name) ?? (name === "xl/sharedStrings.xml" ? strToU8("<sst/>") : undefined);
    if (data) files[name] = data;
  }
  const sheets = [...parts.keys()].filter((name) => SHEET_PART.test(name)).sort((a, b) => sheetNumber(a) - sheetNumber(b));
  for (const name of sheets) {
    files[name] = withoutColumnWidths(parts.get(name) ?? new Uint8Array());
    parts.delete(name);
    await stepper.step();
  }
  return zipSync(files, { level: 0 });
}

function sheetNumber(name: string): number {
  return Number(SHEET_PART.exec(name)?.[1] ?? 0);
}

function withoutColumnWidths(xml: Uint8Array): Uint8Array {
  const text = strFromU8(xml);
  if (!text.includes("<cols")) return xml;
  const kept: string[] = [];
  let from = 0;
  for (let at = text.indexOf("<cols", from); at >= 0; at = text.indexOf("<cols", from)) {
    kept.push(text.slice(from, at));
    const tagEnd = text.indexOf(">", at);
    const end = tagEnd < 0 || text[tagEnd - 1] === "/" ? tagEnd : text.indexOf("</cols>", tagEnd);
    from = end < 0 ? text.length : end + (end === tagEnd ? 1 : "</cols>".length);
  }
  kept.push(text.slice(from));
  return strToU8(kept.join(""));
}

/**
 * Appends a row of a sheet at its number (empty rows kept, so row numbers match the sheet's), after the bounds
 * counted it: only the cells the row holds are read, never the dimensions the sheet declares.
 */
export function collectXlsxRow(rows: string[][], row: ExcelJS.Row, bounds: SheetBounds): void {
  const number = bounds.row(row.number, row.cellCount);
  while (rows.length < number - 1) rows.push([]);
  const cells = new Array<string>(row.cellCount).fill("");
  row.eachCell((cell, column) => {
    cells[column - 1] = xlsxCellText(cell);
  });
  rows.push(cells);
}
