"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { writeCells } from "~/components/model-editor/draft-history";
import type { DraftStore } from "~/components/model-editor/draft-store";
import type { EditEnd } from "~/components/model-editor/repeater-grid/grid-cell";
import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { navigate, singleCell } from "~/components/model-editor/repeater-grid/grid-navigation";
import type { CellText } from "~/components/model-editor/repeater-grid/use-cell-text";
import type { GridSelectionState } from "~/components/model-editor/repeater-grid/use-grid-selection";

export type Editing = { index: number; col: number; text: string };

export type UseCellEditOptions = {
  store: DraftStore;
  grid: GridSelectionState;
  gridRef: RefObject<HTMLDivElement | null>;
  columns: readonly GridColumn[];
  cellText: CellText;
};

/**
 * The cell being edited: Enter, F2, a double click or typing opens it (on the value as the member types it, CellText);
 * Enter, Tab or a click elsewhere ends it and writes the value its text reads as, as one undoable step, then moves the
 * selection as a spreadsheet does.
 */
export function useCellEdit({ store, grid, gridRef, columns, cellText }: UseCellEditOptions) {
  const { keyAt, select, setSelection, latest } = grid;
  const [editing, setEditing] = useState<Editing | null>(null);
  const editingRef = useRef(editing);
  useEffect(() => {
    editingRef.current = editing;
  });

  const onStartEdit = useCallback(
    (index: number, col: number) => {
      const key = keyAt({ row: index, col });
      if (!key) return;
      setSelection(singleCell({ row: index, col }));
      const column = columns[col];
      setEditing({ index, col, text: column ? cellText.edit(column, store.inputText(key)) : store.inputText(key) });
    },
    [keyAt, setSelection, store, columns, cellText],
  );

  const onEditEnd = useCallback(
    (end: EditEnd) => {
      const current = editingRef.current;
      setEditing(null);
      if (!current) return;
      const key = keyAt({ row: current.index, col: current.col });
      const column = columns[current.col];
      if (key && column && end.text !== undefined) {
        writeCells(store, [{ key, value: end.text === "" ? null : cellText.stored(column, end.text) }]);
      }
      const move = { down: "ArrowDown", right: "Tab", left: "Tab", stay: undefined }[end.move];
      const from = singleCell({ row: current.index, col: current.col });
      const next = move === undefined ? undefined : navigate(from, { key: move, shiftKey: end.move === "left" }, latest.current.size);
      select(next ?? from);
      gridRef.current?.focus();
    },
    [keyAt, latest, select, store, gridRef, columns, cellText],
  );

  return { editing, setEditing, onStartEdit, onEditEnd };
}
