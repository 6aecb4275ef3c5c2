"use client";

import { useTranslations } from "next-intl";
import { recordRowChange } from "~/components/model-editor/draft-history";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { singleCell } from "~/components/model-editor/repeater-grid/grid-navigation";
import type { RowAction } from "~/components/model-editor/repeater-grid/grid-row-actions";
import { fullText, type RowLimits } from "~/components/model-editor/repeater-grid/row-limits";
import type { GridSelectionState } from "~/components/model-editor/repeater-grid/use-grid-selection";

export type UseGridRowActionsOptions = {
  store: DraftStore;
  repeaterId: string;
  name: string;
  limits: RowLimits;
  visible: readonly number[];
  grid: GridSelectionState;
  clearQuery: () => void;
  say: (message: string) => void;
};

/** Row operations on the selected rows (buttons and keys), each one undoable step and one update of the draft. */
export function useGridRowActions({ store, repeaterId, name, limits, visible, grid, clearQuery, say }: UseGridRowActionsOptions) {
  const { range, active, select, setSelection } = grid;
  const t = useTranslations("editorGrid");
  const rowsText = useTranslations("editorRows");

  const insert = (action: "insertAbove" | "insertBelow", first: number, last: number) => {
    const all = store.rows(repeaterId);
    const at = all.indexOf(action === "insertAbove" ? first : last) + (action === "insertAbove" ? 0 : 1);
    const row = recordRowChange(store, repeaterId, () => store.insertRow(repeaterId, at));
    clearQuery();
    select(singleCell({ row: store.rows(repeaterId).indexOf(row), col: active.focus.col }));
    say(t("inserted", { position: at + 1 }));
  };

  const duplicate = (last: number) => {
    const position = store.rows(repeaterId).indexOf(last) + 1;
    const row = recordRowChange(store, repeaterId, () => store.duplicateRow(repeaterId, last));
    clearQuery();
    select(singleCell({ row: store.rows(repeaterId).indexOf(row), col: active.focus.col }));
    say(t("duplicated", { position }));
  };

  const remove = (selectedRows: readonly number[]) => {
    recordRowChange(store, repeaterId, () => store.removeRows(repeaterId, selectedRows));
    setSelection(singleCell({ row: range.top, col: active.focus.col }));
    say(t("deleted", { count: selectedRows.length }));
  };

  // Moving works on the whole selection as a block, past the row above or below it among the rows shown.
  const move = (isUp: boolean, selectedRows: readonly number[]) => {
    const neighbour = visible[isUp ? range.top - 1 : range.bottom + 1];
    if (neighbour === undefined) return;
    recordRowChange(store, repeaterId, () => {
      const target = store.rows(repeaterId).indexOf(neighbour);
      const ordered = isUp ? selectedRows : [...selectedRows].reverse();
      ordered.forEach((row, i) => store.moveRow(repeaterId, row, isUp ? target + i : target - i));
    });
    const shift = isUp ? -1 : 1;
    select({
      anchor: { row: active.anchor.row + shift, col: active.anchor.col },
      focus: { row: active.focus.row + shift, col: active.focus.col },
    });
    say(t("movedTo", { direction: isUp ? "up" : "down", position: range.top + shift + 1 }));
  };

  return (action: RowAction) => {
    const full = fullText(rowsText, name, limits, store.rows(repeaterId).length);
    if (full && (action === "insertAbove" || action === "insertBelow" || action === "duplicate")) {
      say(full);
      return;
    }
    const selectedRows = visible.slice(range.top, range.bottom + 1);
    const first = selectedRows[0];
    const last = selectedRows.at(-1);
    if (action === "insertBelow" && first === undefined) {
      recordRowChange(store, repeaterId, () => store.insertRow(repeaterId));
      say(t("rowAdded"));
      return;
    }
    if (first === undefined || last === undefined) return;
    if (action === "insertAbove" || action === "insertBelow") insert(action, first, last);
    else if (action === "duplicate") duplicate(last);
    else if (action === "delete") remove(selectedRows);
    else move(action === "moveUp", selectedRows);
  };
}
