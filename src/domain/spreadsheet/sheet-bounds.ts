import { AppError } from "~/domain/app-error";

/**
 * What one imported spreadsheet may hold (docs/spreadsheets.md, Limits), counted as it is read, before a row is
 * kept, so a file that declares a sheet of 16,384 columns or sends a million commas costs no more than the bounds.
 */
export type SheetLimits = {
  /** Rows of all sheets together; the empty rows before a row count, since they are kept for its number. */
  maxRows: number;
  /** Columns of one row: up to its last cell, which may be far right of the others. */
  maxColumns: number;
  /** Columns of all sheets together (the widest row of each): bounds the answer's column mapping. */
  maxFileColumns: number;
  /** Cells of all rows together, empty cells between filled ones included. */
  maxCells: number;
};

/**
 * The bounds of the item import and the editor's table import. The widest real sheet, the items sheet of a model
 * built from all eight IDTA battery submodel templates in 40 published languages, has about 600 columns.
 */
const SHEET_LIMITS: SheetLimits = { maxRows: 200_000, maxColumns: 1_000, maxFileColumns: 10_000, maxCells: 4_000_000 };

export class SheetBounds {
  private rows = 0;
  private cells = 0;
  private fileColumns = 0;
  private sheet = "";
  private sheetRows = 0;
  private sheetColumns = 0;

  constructor(private readonly limits: SheetLimits = SHEET_LIMITS) {}

  /** Starts counting the rows of the next sheet. */
  startSheet(name: string): void {
    this.sheet = name;
    this.sheetRows = 0;
    this.sheetColumns = 0;
  }

  /** Refuses a row reaching column `width` (1-based) with 413 naming the bound, before anything builds it. */
  assertWidth(rowNumber: number, width: number): void {
    const { maxColumns } = this.limits;
    if (width <= maxColumns) return;
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Row ${count(rowNumber)} of sheet "${this.sheet}" reaches column ${count(width)}; at most ${count(maxColumns)} columns are read.`,
    );
  }

  /**
   * Counts row `rowNumber` of the current sheet (1-based, as the file numbers it), `width` cells wide, and answers
   * the number it is kept at: a row without a usable number, or numbered before the last, comes next.
   */
  row(rowNumber: number, width: number): number {
    this.assertWidth(rowNumber, width);
    const { maxRows, maxFileColumns, maxCells } = this.limits;
    const number = Number.isSafeInteger(rowNumber) && rowNumber > this.sheetRows ? rowNumber : this.sheetRows + 1;
    this.rows += number - this.sheetRows;
    this.sheetRows = number;
    if (this.rows > maxRows) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The file has more than ${count(maxRows)} rows (sheet "${this.sheet}" reaches row ${count(number)}); at most ${count(maxRows)} are read at once.`,
      );
    }
    if (width > this.sheetColumns) {
      this.fileColumns += width - this.sheetColumns;
      this.sheetColumns = width;
    }
    if (this.fileColumns > maxFileColumns) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The file's sheets have more than ${count(maxFileColumns)} columns together; at most that many are read.`,
      );
    }
    this.cells += width;
    if (this.cells > maxCells) {
      throw new AppError("PAYLOAD_TOO_LARGE", `The file has more than ${count(maxCells)} cells; at most that many are read at once.`);
    }
    return number;
  }
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}
