import { recordRowChange } from "~/components/model-editor/draft-history";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { cellKey, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import type { CellWrite } from "~/components/model-editor/repeater-grid/paste-plan";

export type ApplyPlanOptions = {
  repeaterId: string;
  columns: readonly GridColumn[];
  /** The rows a cell's `row` counts in (the rows shown, for a paste; none, for an import, which only adds). */
  rows: readonly number[];
  /** Rows to add at the end of the repeater; cells past `rows` land in them, in order. */
  rowsToAdd: number;
  cells: readonly CellWrite[];
};

/**
 * Writes a paste's or an import's cells into the draft, adding the rows they need: one undoable step and one
 * update of the draft (`DraftStore.batch`), with work in proportion to the cells and rows, so 10,000 pasted rows
 * cost ten times 1,000, not a hundred times.
 */
export function applyPlan(store: DraftStore, { repeaterId, columns, rows, rowsToAdd, cells }: ApplyPlanOptions): void {
  recordRowChange(store, repeaterId, () => {
    const added = rowsToAdd > 0 ? store.insertRows(repeaterId, rowsToAdd) : [];
    for (const cell of cells) {
      const row = cell.row < rows.length ? rows[cell.row] : added[cell.row - rows.length];
      const column = columns[cell.col];
      if (row !== undefined && column) store.setInput(cellKey(column, row), cell.value ?? "");
    }
  });
}
