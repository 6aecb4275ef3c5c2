import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { AppError } from "~/domain/app-error";
import { readZip, type ZipBudget } from "~/domain/archive/read-zip";
import { createStepper } from "~/domain/bounded-steps";
import { unescapeSpreadsheetCell } from "~/domain/spreadsheet-cell";
import { detectDelimiter, readDelimitedRows } from "~/domain/spreadsheet/delimited-text";
import type { FileKind } from "~/domain/spreadsheet/file-types";
import { SheetBounds } from "~/domain/spreadsheet/sheet-bounds";
import type { Sheet } from "~/domain/spreadsheet/sheet-mapping";
import { collectXlsxRow, readXlsxPackage } from "~/domain/spreadsheet/xlsx-package";

/**
 * Reading and writing the files of the spreadsheet import and export (docs/spreadsheets.md): CSV, TSV, XLSX, and a
 * zip of CSV files (one per sheet). Every CSV cell written is escaped against formula injection and every CSV cell
 * read is unescaped (src/domain/spreadsheet-cell.ts), so an export imported again yields the values it came from;
 * an XLSX text cell is never a formula, so XLSX cells are written and read as they are (xlsx-cell.ts). Nothing
 * a file declares is trusted: zips are inflated by the one archive reader under SPREADSHEET_ZIP_BUDGET, and rows,
 * columns and cells are counted against the sheet bounds (sheet-bounds.ts) as they are read.
 */

/** What unpacking one XLSX file or zip of CSV files may cost (docs/spreadsheets.md, Limits). */
export const SPREADSHEET_ZIP_BUDGET: ZipBudget = { maxEntries: 1_000, maxBytes: 256 * 1024 * 1024, maxRatio: 100 };

/** The file's sheets, every CSV cell unescaped; a file that cannot be read is a 400, one too large a 413. */
export async function readWorkbookFile(bytes: Uint8Array, kind: FileKind): Promise<Sheet[]> {
  const sheets = await readSheets(bytes, kind, new SheetBounds());
  if (kind === "xlsx") return sheets;
  return sheets.map((sheet) => ({ ...sheet, rows: sheet.rows.map((row) => row.map(unescapeSpreadsheetCell)) }));
}

async function readSheets(bytes: Uint8Array, kind: FileKind, bounds: SheetBounds): Promise<Sheet[]> {
  if (kind === "csv" || kind === "tsv") {
    bounds.startSheet("Items");
    return [{ name: "Items", ...(await readDelimited(decodeText(bytes), bounds)) }];
  }
  if (kind === "xlsx") return readXlsx(bytes, bounds);
  const files = await readZip(bytes, {
    budget: SPREADSHEET_ZIP_BUDGET,
    wants: (name) => /\.(csv|tsv|txt)$/i.test(name) && !name.startsWith("__MACOSX/"),
    label: "The zip file",
  });
  const sheets: Sheet[] = [];
  const names = [...files.keys()].sort((a, b) => (/^items\./i.test(a) ? -1 : /^items\./i.test(b) ? 1 : a.localeCompare(b)));
  for (const name of names) {
    const sheetName = name.slice(name.lastIndexOf("/") + 1);
    bounds.startSheet(sheetName);
    const text = decodeText(files.get(name) ?? new Uint8Array());
    files.delete(name);
    sheets.push({ name: sheetName, ...(await readDelimited(text, bounds)) });
  }
  return sheets;
}

/** A delimited file's rows and the delimiter it uses, whatever its name or media type says (delimited-text.ts). */
async function readDelimited(text: string, bounds: SheetBounds): Promise<Pick<Sheet, "rows" | "delimiter">> {
  const delimiter = detectDelimiter(text);
  return { rows: await readDelimitedRows(text, delimiter, bounds), delimiter };
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new AppError("BAD_REQUEST", "The file is not UTF-8 text; save it as CSV UTF-8.");
  }
}

/**
 * The sheets of an XLSX file through exceljs's streaming reader, fed the package the archive reader made safe
 * (xlsx-package.ts): one row at a time, so memory holds the rows' text, not a workbook model.
 */
async function readXlsx(bytes: Uint8Array, bounds: SheetBounds): Promise<Sheet[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(chunked(await readXlsxPackage(bytes, SPREADSHEET_ZIP_BUDGET)), {
    worksheets: "emit",
    sharedStrings: "cache",
    // Number formats tell dates from numbers, as the cells show.
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  const sheets: Sheet[] = [];
  try {
    for await (const worksheet of reader) {
      const name = "name" in worksheet && typeof worksheet.name === "string" ? worksheet.name : `Sheet${sheets.length + 1}`;
      bounds.startSheet(name);
      const rows: string[][] = [];
      for await (const row of worksheet) collectXlsxRow(rows, row, bounds);
      sheets.push({ name, rows });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      "BAD_REQUEST",
      `The XLSX file cannot be read: it is not a readable XLSX workbook (${(error as Error).message}).`,
    );
  }
  return sheets;
}

/**
 * Bytes as a stream of 64 KiB chunks, the form exceljs's streaming reader takes. The event loop is given back between
 * chunks, here at the source: exceljs reads a chunk's rows at once, and its reader lost the sheets after the first
 * when its consumer paused between rows instead.
 */
function chunked(bytes: Uint8Array): Readable {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stepper = createStepper();
  return Readable.from(
    (async function* () {
      for (let at = 0; at < buffer.length; at += 65_536) {
        await stepper.step();
        yield buffer.subarray(at, at + 65_536);
      }
    })(),
    { objectMode: false },
  );
}
