import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import { AppError } from "~/domain/app-error";
import { unescapeSpreadsheetCell } from "~/domain/spreadsheet-cell";
import type { FileKind } from "~/domain/spreadsheet/file-types";
import type { Sheet, SheetDelimiter } from "~/domain/spreadsheet/sheet-mapping";
import { xlsxCellText } from "~/domain/spreadsheet/xlsx-cell";

/**
 * Reading and writing the files of the spreadsheet import and export (docs/spreadsheets.md): CSV, TSV, XLSX, and a
 * zip of CSV files (one per sheet). Every CSV cell written is escaped against formula injection and every CSV cell
 * read is unescaped (src/domain/spreadsheet-cell.ts), so an export imported again yields the values it came from;
 * an XLSX text cell is never a formula, so XLSX cells are written and read as they are (xlsx-cell.ts).
 */

/** The most a zip (an XLSX file or a zip of CSV files) may hold once unpacked. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** The most rows all sheets of one file may have together. */
export const MAX_FILE_ROWS = 200_000;

/** The file's sheets, every CSV cell unescaped; a file that cannot be read is a 400, one too large a 413. */
export async function readWorkbookFile(bytes: Uint8Array, kind: FileKind): Promise<Sheet[]> {
  const sheets = await readSheets(bytes, kind);
  const rowCount = sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
  if (rowCount > MAX_FILE_ROWS) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The file has ${rowCount} rows; at most ${MAX_FILE_ROWS} are read at once.`);
  }
  if (kind === "xlsx") return sheets;
  return sheets.map((sheet) => ({ ...sheet, rows: sheet.rows.map((row) => row.map(unescapeSpreadsheetCell)) }));
}

async function readSheets(bytes: Uint8Array, kind: FileKind): Promise<Sheet[]> {
  if (kind === "csv" || kind === "tsv") return [{ name: "Items", ...parseDelimited(decodeText(bytes)) }];
  assertUnpackedSize(bytes);
  if (kind === "xlsx") return readXlsx(bytes);
  const files = unzipSync(bytes, { filter: (file) => /\.(csv|tsv|txt)$/i.test(file.name) && !file.name.startsWith("__MACOSX/") });
  return Object.entries(files)
    .sort(([a], [b]) => (/^items\./i.test(a) ? -1 : /^items\./i.test(b) ? 1 : a.localeCompare(b)))
    .map(([name, data]) => ({ name: name.slice(name.lastIndexOf("/") + 1), ...parseDelimited(decodeText(data)) }));
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new AppError("BAD_REQUEST", "The file is not UTF-8 text; save it as CSV UTF-8.");
  }
}

/** The delimiters a file may use: comma, semicolon (Excel in locales whose decimal separator is a comma), tab. */
export const SHEET_DELIMITERS = [",", ";", "\t"] as const satisfies readonly SheetDelimiter[];

/**
 * A delimited file's rows and the delimiter it uses, whatever its media type says: papaparse's detection (the
 * delimiter that splits the first lines into the same number of fields), among comma, semicolon and tab; comma
 * when nothing tells them apart (a file of one column).
 */
function parseDelimited(text: string): { rows: string[][]; delimiter: SheetDelimiter } {
  const result = Papa.parse<string[]>(text, { delimitersToGuess: [...SHEET_DELIMITERS], skipEmptyLines: "greedy" });
  const found = result.meta.delimiter;
  const delimiter = SHEET_DELIMITERS.find((d) => d === found) ?? ",";
  return { rows: result.data.map((row) => row.map(String)), delimiter };
}

// The sizes a zip declares bound what unpacking may write (fflate and JSZip never write past them), so a zip bomb
// is refused before anything is unpacked.
function assertUnpackedSize(bytes: Uint8Array): void {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The file is not a readable zip or XLSX file (${(error as Error).message}).`);
  }
  if (total > MAX_UNPACKED_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The file holds more than ${MAX_UNPACKED_BYTES} bytes once unpacked.`);
  }
}

async function readXlsx(bytes: Uint8Array): Promise<Sheet[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The file is not a readable XLSX workbook (${(error as Error).message}).`);
  }
  return workbook.worksheets.map((sheet) => ({ name: sheet.name, rows: sheetRows(sheet) }));
}

/** A worksheet's rows as stored text (xlsx-cell.ts), empty rows kept so row numbers match the sheet. */
export function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    while (rows.length < number - 1) rows.push([]);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(xlsxCellText(row.getCell(c)));
    rows.push(cells);
  });
  return rows;
}
