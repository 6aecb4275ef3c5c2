"use client";

import { useTranslations } from "next-intl";
import type { KeyboardEvent } from "react";
import { redo, undo, writeCells } from "~/components/model-editor/draft-history";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { undoCommand } from "~/components/model-editor/undo-keys";
import { navigate, singleCell } from "~/components/model-editor/repeater-grid/grid-navigation";
import type { CellWrite } from "~/components/model-editor/repeater-grid/paste-plan";
import type { RowAction } from "~/components/model-editor/repeater-grid/grid-row-actions";
import { planFillDown } from "~/components/model-editor/repeater-grid/paste-plan";
import type { GridSelectionState } from "~/components/model-editor/repeater-grid/use-grid-selection";
import type { useCellEdit } from "~/components/model-editor/repeater-grid/use-cell-edit";

export type UseGridKeyboardOptions = {
  store: DraftStore;
  grid: GridSelectionState;
  edit: ReturnType<typeof useCellEdit>;
  onRowAction: (action: RowAction) => void;
  say: (message: string) => void;
  /** A table to read, not edit (the model's values beside an item's editor): only moving and selecting. */
  isReadOnly?: boolean;
};

/**
 * The grid's keys, as in a spreadsheet (README, Repeaters as a table): moving (`navigate`), Alt+↑/↓ and
 * Ctrl+Shift+Delete on rows, Enter or F2 to edit, typing to replace, Delete to clear, Ctrl+D to fill down, Ctrl+A,
 * and undo and redo of the draft. A read-only table answers only the moves and Ctrl+A (Ctrl+C copies, as the
 * grid's clipboard handler does).
 */
export function useGridKeyboard({ store, grid, edit, onRowAction, say, isReadOnly = false }: UseGridKeyboardOptions) {
  const { active, range, size, select, setSelection, keyAt } = grid;
  const t = useTranslations("editorGrid");
  const editorText = useTranslations("editor");

  const writeAt = (writes: readonly CellWrite[]) =>
    writeCells(
      store,
      writes.flatMap(({ row, col, value }) => {
        const key = keyAt({ row, col });
        return key ? [{ key, value }] : [];
      }),
    );

  const clear = () => {
    const writes: CellWrite[] = [];
    for (let row = range.top; row <= range.bottom; row++)
      for (let col = range.left; col <= range.right; col++) writes.push({ row, col, value: null });
    const count = writeAt(writes);
    say(count ? t("cleared", { count }) : "");
  };

  const fillDown = () => {
    const count = writeAt(planFillDown(range, (row, col) => store.value(keyAt({ row, col }) ?? "")));
    say(count ? t("filledDown", { count }) : t("nothingToFillDown"));
  };

  /** Whether the key was one of the grid's (then its default is prevented). */
  const handle = (event: KeyboardEvent<HTMLDivElement>): boolean => {
    const isCommand = event.ctrlKey || event.metaKey;
    const lower = event.key.toLowerCase();
    const command = undoCommand(event);
    const next = navigate(active, event, size);
    if (next) select(next);
    else if (isCommand && lower === "a") {
      setSelection({ anchor: { row: 0, col: 0 }, focus: { row: size.rows - 1, col: size.cols - 1 } });
    } else if (isReadOnly) return false;
    else if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown"))
      onRowAction(event.key === "ArrowUp" ? "moveUp" : "moveDown");
    else if (isCommand && event.shiftKey && (event.key === "Delete" || event.key === "Backspace")) onRowAction("delete");
    else if (event.key === "Enter" || event.key === "F2") edit.onStartEdit(active.focus.row, active.focus.col);
    else if (event.key === "Delete" || event.key === "Backspace") clear();
    else if (isCommand && lower === "d") fillDown();
    else if (command) {
      const keys = command === "undo" ? undo(store) : redo(store);
      if (command === "undo") say(editorText(keys ? "undone" : "nothingToUndo"));
      else say(editorText(keys ? "redone" : "nothingToRedo"));
    } else if (event.key.length === 1 && !isCommand && !event.altKey && keyAt(active.focus)) {
      // Typing over a cell replaces its value, as in a spreadsheet.
      setSelection(singleCell(active.focus));
      edit.setEditing({ index: active.focus.row, col: active.focus.col, text: event.key });
    } else return false;
    return true;
  };

  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || edit.editing) return;
    if (handle(event)) event.preventDefault();
  };
}
