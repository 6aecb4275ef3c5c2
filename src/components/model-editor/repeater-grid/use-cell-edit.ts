"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { writeCells } from "~/components/model-editor/draft-history";
import type { DraftStore } from "~/components/model-editor/draft-store";
import type { EditEnd } from "~/components/model-editor/repeater-grid/grid-cell";
import { navigate, singleCell } from "~/components/model-editor/repeater-grid/grid-navigation";
import type { GridSelectionState } from "~/components/model-editor/repeater-grid/use-grid-selection";

export type Editing = { index: number; col: number; text: string };

/**
 * The cell being edited: Enter, F2, a double click or typing opens it; Enter, Tab or a click elsewhere ends it and
 * writes its text as one undoable step, then moves the selection as a spreadsheet does.
 */
export function useCellEdit(store: DraftStore, grid: GridSelectionState, gridRef: RefObject<HTMLDivElement | null>) {
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
      setEditing({ index, col, text: store.inputText(key) });
    },
    [keyAt, setSelection, store],
  );

  const onEditEnd = useCallback(
    (end: EditEnd) => {
      const current = editingRef.current;
      setEditing(null);
      if (!current) return;
      const key = keyAt({ row: current.index, col: current.col });
      if (key && end.text !== undefined) writeCells(store, [{ key, value: end.text === "" ? null : end.text }]);
      const move = { down: "ArrowDown", right: "Tab", left: "Tab", stay: undefined }[end.move];
      const from = singleCell({ row: current.index, col: current.col });
      const next = move === undefined ? undefined : navigate(from, { key: move, shiftKey: end.move === "left" }, latest.current.size);
      select(next ?? from);
      gridRef.current?.focus();
    },
    [keyAt, latest, select, store, gridRef],
  );

  return { editing, setEditing, onStartEdit, onEditEnd };
}
