import type { CellRange } from "~/components/model-editor/repeater-grid/grid-navigation";
import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { validateDataValues } from "~/domain/data-value-validation";
import type { TDataValue } from "~/domain/data-value";
import { splitRowPath } from "~/domain/row-path";
import type { OwnerLevel, TemplateIndex } from "~/domain/template-index";
import { cellStoredValue } from "~/domain/value-text";

/** A value for a cell; `row` and `col` are places in the table (0-based), `value` null for an emptied cell. */
export type CellWrite = { row: number; col: number; value: string | null };
export type PlannedCell = CellWrite & { problem?: string };

export type PastePlan = {
  cells: PlannedCell[];
  /** Rows to add below the last one before writing `cells`. */
  rowsToAdd: number;
  /** Cells of the block right of the last column, left out. */
  clippedCells: number;
};

export type PlanPasteOptions = {
  block: readonly (readonly string[])[];
  /** The selected range; the block starts at its top-left cell, or fills it when the block is a single cell. */
  target: CellRange;
  columns: readonly GridColumn[];
  rowCount: number;
  index: TemplateIndex;
  level: OwnerLevel;
  /** The browser's locale, which numbers and dates copied from a spreadsheet program are written in. */
  locale: string;
};

/**
 * What pasting a block of cells does: the values for each cell (an empty cell clears it; the others read as typed in
 * a cell, cellStoredValue: "12,5" under de-DE is 12.5, "Ja" a yes/no field's `true`), the rows to add so the block
 * fits, and for each cell why the server would refuse it, by the same validation the server runs.
 */
export function planPaste({ block, target, columns, rowCount, index, level, locale }: PlanPasteOptions): PastePlan {
  const isSingle = block.length === 1 && block[0]?.length === 1;
  const height = isSingle ? target.bottom - target.top + 1 : block.length;
  const cells: PlannedCell[] = [];
  let clippedCells = 0;
  for (let r = 0; r < height; r++) {
    const source = isSingle ? block[0] : block[r];
    const width = isSingle ? target.right - target.left + 1 : (source?.length ?? 0);
    for (let c = 0; c < width; c++) {
      const col = target.left + c;
      if (col >= columns.length) {
        clippedCells++;
        continue;
      }
      const text = (isSingle ? source?.[0] : source?.[c]) ?? "";
      const field = (columns[col] as GridColumn).field;
      cells.push({ row: target.top + r, col, value: text === "" ? null : cellStoredValue(field, text, locale) });
    }
  }
  const lastRow = target.top + height - 1;
  return { cells: withProblems(cells, columns, index, level), rowsToAdd: Math.max(0, lastRow + 1 - rowCount), clippedCells };
}

/** The cells with the reason the server would refuse each, if any, from `validateDataValues`. */
export function withProblems(
  cells: readonly CellWrite[],
  columns: readonly GridColumn[],
  index: TemplateIndex,
  level: OwnerLevel,
): PlannedCell[] {
  const values: TDataValue[] = cells.map(({ row, col, value }) => {
    const column = columns[col];
    if (!column) throw new Error(`No column ${col}`);
    // A nested table's cell sits under its parent row: checked at its whole path, as Save sends it.
    return { dataSectionId: column.sectionId, dataFieldId: column.field.id, ...splitRowPath([...column.parentPath, row]), value };
  });
  const problems = new Map<number, string>();
  for (const issue of validateDataValues(index, values, level)) {
    const at = /^\$\[(\d+)\]/.exec(issue.path);
    if (at && !problems.has(Number(at[1]))) problems.set(Number(at[1]), issue.message);
  }
  return cells.map((cell, i) => {
    const problem = problems.get(i);
    return problem === undefined ? { ...cell } : { ...cell, problem };
  });
}

/**
 * Ctrl+D as in a spreadsheet: each column's top cell of the range copied into the cells below it; with a range of
 * one row, the cell above is copied into it. Nothing when there is nothing above.
 */
export function planFillDown(range: CellRange, valueAt: (row: number, col: number) => string | null): CellWrite[] {
  const sourceRow = range.top === range.bottom ? range.top - 1 : range.top;
  if (sourceRow < 0) return [];
  const writes: CellWrite[] = [];
  for (let col = range.left; col <= range.right; col++) {
    const value = valueAt(sourceRow, col);
    for (let row = sourceRow + 1; row <= range.bottom; row++) writes.push({ row, col, value });
  }
  return writes;
}
