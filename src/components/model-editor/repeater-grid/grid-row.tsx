"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslations } from "next-intl";
import { memo, type MouseEvent } from "react";
import { GridCell, type EditEnd } from "~/components/model-editor/repeater-grid/grid-cell";
import { columnId, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { sortableRowId } from "~/components/model-editor/repeater-grid/row-drag";
import { cn } from "~/lib/cn";

export type GridRowProps = {
  gridId: string;
  columns: readonly GridColumn[];
  row: number;
  /** 1-based place among the rows shown. */
  position: number;
  /** aria-rowindex: the place among all rows of the grid, header rows included. */
  rowIndex: number;
  top: number;
  /** The active column in this row, -1 when the active cell is elsewhere. */
  activeCol: number;
  /** The selected columns of this row, `[left, right]`, or undefined. */
  selected: readonly [number, number] | undefined;
  editCol: number;
  editText: string | undefined;
  template: string;
  /** A table to read: no drag handle, rows stay where they are. */
  isReadOnly: boolean;
  onPointer: (index: number, col: number, event: MouseEvent) => void;
  onStartEdit: (index: number, col: number) => void;
  onEditEnd: (end: EditEnd) => void;
};

export function cellId(gridId: string, row: number, col: number): string {
  return `${gridId}-r${row}-c${col}`;
}

/**
 * One row of the table, placed by the virtualiser; memoised, so moving the selection re-renders two rows at most.
 * Its header holds the drag handle. The row is placed with `top`, not a transform: dnd-kit measures rows without
 * their transforms, and gives a dragged row and the rows making way for it a transform of their own.
 */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { gridId, columns, row, position, rowIndex, top, activeCol, selected, editCol, editText, template, isReadOnly } = props;
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({
    id: sortableRowId(row),
    disabled: isReadOnly,
  });
  const t = useTranslations("editorGrid");
  return (
    <div
      ref={setNodeRef}
      role="row"
      aria-rowindex={rowIndex}
      data-row={row}
      className={cn("absolute left-0 grid w-full", isDragging && "z-40 bg-white shadow-lg")}
      style={{ top, transform: CSS.Translate.toString(transform), transition, gridTemplateColumns: template }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        // Named by the row's number alone: the handle's label inside would otherwise be read with every cell.
        aria-label={t("row", { position })}
        className="sticky left-0 z-20 flex h-10 items-center justify-between gap-1 border-r border-b border-slate-200 bg-slate-50 pr-2 text-xs text-slate-600 tabular-nums"
      >
        {isReadOnly ? (
          <span />
        ) : (
          <button
            type="button"
            {...attributes}
            {...listeners}
            // The grid is the one tab stop (APG grid); Alt+↑/↓ moves rows from the keyboard, and a handle that got
            // focus (a click, a screen reader) still answers Space and the arrows.
            tabIndex={-1}
            aria-label={t("dragRow", { position })}
            className="flex h-full cursor-grab touch-none items-center px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800 active:cursor-grabbing"
          >
            <span aria-hidden="true">⠿</span>
          </button>
        )}
        <span aria-hidden="true">{position}</span>
      </div>
      {columns.map((column, col) => (
        <GridCell
          key={columnId(column)}
          id={cellId(gridId, row, col)}
          column={column}
          col={col}
          row={row}
          position={position}
          isActive={col === activeCol}
          isSelected={selected !== undefined && col >= selected[0] && col <= selected[1]}
          editText={col === editCol ? editText : undefined}
          onPointer={props.onPointer}
          onStartEdit={props.onStartEdit}
          onEditEnd={props.onEditEnd}
        />
      ))}
    </div>
  );
});
