"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from "react";
import { cellKey, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import {
  clampSelection,
  rangeOf,
  singleCell,
  type CellPos,
  type GridSelection,
  type GridSize,
} from "~/components/model-editor/repeater-grid/grid-navigation";
import { cellId } from "~/components/model-editor/repeater-grid/grid-row";

export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 40;

export type UseGridSelectionOptions = {
  gridId: string;
  gridRef: RefObject<HTMLDivElement | null>;
  columns: readonly GridColumn[];
  /** The rows shown (all, or those matching the search), in order. */
  visible: readonly number[];
  headerRows: number;
};

/**
 * The grid's selection and the virtualised rows it moves over: the active cell and range (kept inside the grid as
 * rows come and go), selecting a cell scrolls it into view, and a click or Shift+click selects. `latest` holds what
 * the stable callbacks given to rows need, so rows stay memoised.
 */
export function useGridSelection({ gridId, gridRef, columns, visible, headerRows }: UseGridSelectionOptions) {
  const [selection, setSelection] = useState<GridSelection>(singleCell({ row: 0, col: 0 }));
  const size = useMemo<GridSize>(() => ({ rows: visible.length, cols: columns.length }), [visible.length, columns.length]);
  const active = clampSelection(selection, size);
  const range = rangeOf(active);

  // The compiler skips this hook for it; the callbacks rows receive are memoised by hand.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows beyond the view on each side: enough for scrolling, few, as every row rendered is paint work in each
    // typed key's frame (docs/editor.md, typing in a cell).
    overscan: 4,
    scrollMargin: headerRows * HEADER_HEIGHT,
    scrollPaddingStart: headerRows * HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const isActiveRendered = items.some((item) => item.index === active.focus.row);

  const latest = useRef({ visible, size });
  useEffect(() => {
    latest.current = { visible, size };
  });

  const keyAt = useCallback(
    (pos: CellPos) => {
      const row = latest.current.visible[pos.row];
      const column = columns[pos.col];
      return row === undefined || !column ? undefined : cellKey(column, row);
    },
    [columns],
  );

  const select = useCallback(
    (next: GridSelection) => {
      setSelection(next);
      virtualizer.scrollToIndex(next.focus.row, { align: "auto" });
    },
    [virtualizer],
  );

  useEffect(() => {
    if (!isActiveRendered) return;
    document
      .getElementById(cellId(gridId, visible[active.focus.row] ?? -1, active.focus.col))
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active.focus.row, active.focus.col, gridId, isActiveRendered, visible]);

  const onPointer = useCallback(
    (index: number, col: number, event: MouseEvent) => {
      event.preventDefault();
      const focus = { row: index, col };
      setSelection((previous) => (event.shiftKey ? { anchor: previous.anchor, focus } : singleCell(focus)));
      gridRef.current?.focus();
    },
    [gridRef],
  );

  return { setSelection, size, active, range, virtualizer, items, isActiveRendered, keyAt, select, onPointer, latest };
}

export type GridSelectionState = ReturnType<typeof useGridSelection>;
