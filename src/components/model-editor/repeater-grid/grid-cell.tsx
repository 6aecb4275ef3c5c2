"use client";

import { useTranslations } from "next-intl";
import { memo, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { useDraftKey, useEditor } from "~/components/model-editor/editor-context";
import { cellKey, columnName, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { ListCellEditor } from "~/components/model-editor/repeater-grid/list-cell-editor";
import { useCellText } from "~/components/model-editor/repeater-grid/use-cell-text";
import { isListField } from "~/domain/field-options";
import { cn } from "~/lib/cn";

/** How an edit ended: with the typed text to keep (Enter, Tab, leaving) or none (Escape), and where to go next. */
export type EditEnd = { text?: string; move: "down" | "right" | "left" | "stay" };

export type GridCellProps = {
  id: string;
  column: GridColumn;
  col: number;
  row: number;
  position: number;
  isActive: boolean;
  isSelected: boolean;
  /** The text the editor starts with (the value, or the key typed over it); undefined when not editing. */
  editText: string | undefined;
  onPointer: (index: number, col: number, event: MouseEvent) => void;
  onStartEdit: (index: number, col: number) => void;
  onEditEnd: (end: EditEnd) => void;
};

/**
 * One cell, subscribed to its own draft: typing or pasting re-renders the cells written and nothing else. A value
 * reads as it does wherever it is read (a yes/no field's word, a number or date in the browser's locale:
 * CellText's `shown`). A bad value is marked in place, its reason read out with the cell and shown under the table when
 * the cell is active.
 */
export const GridCell = memo(function GridCell(props: GridCellProps) {
  const { id, column, col, row, position, isActive, isSelected, editText, onPointer, onStartEdit, onEditEnd } = props;
  const { store } = useEditor();
  const t = useTranslations("editorGrid");
  const cellText = useCellText();
  const key = cellKey(column, row);
  useDraftKey(key);
  const text = store.inputText(key);
  const problem = store.serverError(key) ?? store.problem(key);
  const isEdited = store.savedValue(key) !== store.value(key);
  return (
    <div
      role="gridcell"
      id={id}
      // The grid keeps focus and points at the active cell (aria-activedescendant); -1 keeps cells out of Tab order.
      tabIndex={-1}
      aria-colindex={col + 2}
      aria-selected={isSelected}
      aria-invalid={problem ? true : undefined}
      data-edited={isEdited ? "true" : undefined}
      onMouseDown={(event) => onPointer(position - 1, col, event)}
      onDoubleClick={() => onStartEdit(position - 1, col)}
      title={problem}
      className={cn(
        // Only the active cell is positioned (its outline above its neighbours, the editor inside it): a positioned
        // cell is a paint layer of its own, and a hundred of them made every typed key's frame slower to paint.
        "flex h-10 min-w-0 items-center border-r border-b border-slate-200 px-2 text-sm text-slate-900",
        isSelected && "bg-brand-50",
        problem && "bg-red-50 text-red-900",
        isEdited && !problem && "bg-amber-50/60",
        isActive && "relative z-10 outline-2 -outline-offset-2 outline-brand-600",
        problem && isActive && "outline-red-600",
      )}
    >
      {editText === undefined ? (
        <span className={cn("truncate", column.field.type === "NumericField" && "ml-auto tabular-nums")}>
          {cellText.shown(column, text)}
        </span>
      ) : isListField(column.field) ? (
        <ListCellEditor
          column={column}
          initial={editText}
          label={t("cellLabel", { column: columnName(column), position })}
          onEnd={onEditEnd}
        />
      ) : (
        <CellEditor initial={editText} label={t("cellLabel", { column: columnName(column), position })} onEnd={onEditEnd} />
      )}
      {problem && (
        <>
          <span aria-hidden="true" className="ml-1 shrink-0 rounded bg-red-600 px-1 text-xs font-bold text-white">
            !
          </span>
          <span className="sr-only">{t("problem", { problem })}</span>
        </>
      )}
    </div>
  );
});

/**
 * The input of a cell being edited. Uncontrolled: the browser keeps the typed text until the edit ends, so a
 * keystroke renders nothing in React (typing is the table's hottest path; docs/editor.md).
 */
function CellEditor({ initial, label, onEnd }: { initial: string; label: string; onEnd: (end: EditEnd) => void }) {
  // A ref, not state: the input's removal after Escape fires a blur before any re-render, which must not commit.
  const isDone = useRef(false);
  const end = (result: EditEnd) => {
    if (isDone.current) return;
    isDone.current = true;
    onEnd(result);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    const text = event.currentTarget.value;
    if (event.key === "Enter") end({ text, move: "down" });
    else if (event.key === "Tab") end({ text, move: event.shiftKey ? "left" : "right" });
    else if (event.key === "Escape") end({ move: "stay" });
    else return;
    event.preventDefault();
  };
  return (
    <input
      // The editor opens on a deliberate key or double click, so taking focus is what the user asked for.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      aria-label={label}
      defaultValue={initial}
      autoComplete="off"
      spellCheck={false}
      onKeyDown={onKeyDown}
      onBlur={(event) => end({ text: event.currentTarget.value, move: "stay" })}
      onMouseDown={(event) => event.stopPropagation()}
      // Strict containment: the cell gives the input its size, so a keystroke lays out and paints the input alone.
      className="absolute inset-0 h-full w-full border-0 bg-white px-2 text-sm outline-2 -outline-offset-2 outline-brand-600 contain-strict"
    />
  );
}
