import type { CellValue, Worksheet } from "exceljs";
import { isDecimalString, toDecimalString } from "~/domain/decimal";
import { isIsoDate } from "~/domain/field-value";

/**
 * Typed XLSX cells and the stored text they stand for (docs/spreadsheets.md, XLSX cells). The export writes a number
 * as a numeric cell, a date as a date cell and a yes/no field's value as a boolean cell (TRUE, WAHR, VRAI in the
 * reader's Excel), so a spreadsheet program calculates, sorts and filters with them; the import
 * reads any cell back as the text a value is stored as: a number as a plain decimal (`97.5`, never `9.75E1`), a
 * date as `yyyy-mm-dd`, whatever format the cell shows it in. A text cell is never run as a formula in XLSX, so
 * unlike CSV it needs no `'` against formula injection: its text is written and read as it is.
 */

/** How a column's values are written to XLSX. */
export type XlsxCellType = "number" | "date" | "boolean" | "text";

/** A cell as the XLSX writer takes it: its value, and the number format of a date. */
export type XlsxCell = { value: string | number | boolean | Date | null; numFmt?: string };

/** The number format of the export's date cells: ISO 8601, the stored form, in every locale. */
const XLSX_DATE_FORMAT = "yyyy-mm-dd";

// OOXML text (ST_Xstring) writes characters XML would not keep as `_xHHHH_`: a carriage return would otherwise
// become a line feed when the file is read (XML normalises line ends). A literal `_xHHHH_` escapes its underscore.
const ESCAPED_CHARACTER = /_x([0-9A-Fa-f]{4})_/g;

function encodeXstring(text: string): string {
  return text.replace(ESCAPED_CHARACTER, "_x005F_x$1_").replace(/\r/g, "_x000D_");
}

function decodeXstring(text: string): string {
  return text.replace(ESCAPED_CHARACTER, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The XLSX cell for a stored value: a numeric cell for a number that reads back as the same text (`1.50` would read
 * back as `1.5`, so it stays text), a date cell for a `yyyy-mm-dd` date, a boolean cell for `true` or `false` of a
 * boolean column, text otherwise; an empty value is no cell.
 */
export function xlsxCell(text: string, type: XlsxCellType): XlsxCell {
  if (text === "") return { value: null };
  if (type === "number" && isDecimalString(text) && toDecimalString(Number(text)) === text) return { value: Number(text) };
  if (type === "date" && isIsoDate(text)) return { value: new Date(`${text}T00:00:00Z`), numFmt: XLSX_DATE_FORMAT };
  if (type === "boolean" && (text === "true" || text === "false")) return { value: text === "true" };
  return { value: encodeXstring(text) };
}

/**
 * Adds a row of stored values to a worksheet as typed cells (`types` per column, text where not given) and commits
 * it (a streamed worksheet writes it out; an in-memory one ignores the commit).
 */
export function addXlsxRow(worksheet: Worksheet, row: readonly string[], types: readonly XlsxCellType[] = []): void {
  const cells = row.map((text, c) => xlsxCell(text, types[c] ?? "text"));
  const added = worksheet.addRow(cells.map((cell) => cell.value));
  cells.forEach((cell, c) => {
    if (cell.numFmt) added.getCell(c + 1).numFmt = cell.numFmt;
  });
  added.commit();
}

/** A date cell's text: its calendar day (exceljs reads date cells as UTC), with the time when it has one. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  if (iso.endsWith("T00:00:00.000Z")) return iso.slice(0, 10);
  return iso.replace(/(\.000)?Z$/, "");
}

/**
 * The stored text of a cell read from an XLSX file: numbers as plain decimals, dates as `yyyy-mm-dd`, booleans as
 * `true`/`false`, a formula by its result, rich text and hyperlinks by their text, an error by its code.
 */
export function xlsxCellText(cell: { value: CellValue }): string {
  return valueText(cell.value);
}

function valueText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? toDecimalString(value) : String(value);
  if (typeof value === "string") return decodeXstring(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : dateText(value);
  if ("richText" in value) return decodeXstring(value.richText.map((part) => part.text).join(""));
  if ("error" in value) return value.error;
  if ("formula" in value || "sharedFormula" in value) return valueText(value.result);
  if ("hyperlink" in value) return valueText(value.text);
  return "";
}
