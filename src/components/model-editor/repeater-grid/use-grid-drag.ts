"use client";

import { KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useTranslations } from "next-intl";
import { useMemo, type RefObject } from "react";
import { recordRowChange } from "~/components/model-editor/draft-history";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { singleCell } from "~/components/model-editor/repeater-grid/grid-navigation";
import { dropMove, rowDragAnnouncements, rowDragInstructions, sortableRowId } from "~/components/model-editor/repeater-grid/row-drag";
import type { GridSelectionState } from "~/components/model-editor/repeater-grid/use-grid-selection";

/** A dragged row moves up and down only: its place among the rows is all a drop can change. */
export const alongRows: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export type UseGridDragOptions = {
  store: DraftStore;
  repeaterId: string;
  name: string;
  visible: readonly number[];
  grid: GridSelectionState;
  gridRef: RefObject<HTMLDivElement | null>;
  say: (message: string) => void;
};

/**
 * Dragging a row by its handle (dnd-kit, mouse, touch or keyboard): a row dropped on another takes its place, one
 * undoable step like Alt+↑/↓; the grid takes focus back after a drop or a cancel.
 */
export function useGridDrag({ store, repeaterId, name, visible, grid, gridRef, say }: UseGridDragOptions) {
  const { latest, select, active } = grid;
  const t = useTranslations("editorGrid");
  const rowsText = useTranslations("editorRows");
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on a handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sortableIds = useMemo(() => visible.map(sortableRowId), [visible]);
  const accessibility = useMemo(
    () => ({
      announcements: rowDragAnnouncements(rowsText, name, (row) => latest.current.visible.indexOf(row) + 1),
      screenReaderInstructions: rowDragInstructions(rowsText),
      // After a drop the grid takes focus back (onDragEnd), where the keyboard goes on.
      restoreFocus: false,
    }),
    [rowsText, name, latest],
  );

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    gridRef.current?.focus();
    const drop = dropMove(visible, store.rows(repeaterId), dragged.id, over?.id);
    if (!drop) return;
    recordRowChange(store, repeaterId, () => store.moveRow(repeaterId, drop.row, drop.to));
    select(singleCell({ row: drop.toPosition - 1, col: active.focus.col }));
    say(t("dragMoved", { from: drop.fromPosition, to: drop.toPosition }));
  };

  const onDragCancel = () => gridRef.current?.focus();

  return { sensors, sortableIds, accessibility, onDragEnd, onDragCancel };
}
