"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { FieldInput } from "~/components/field-inputs/field-input";
import { draftValueProblem } from "~/components/field-inputs/value-problem";
import { useEditor } from "~/components/model-editor/editor-context";
import type { EditEnd } from "~/components/model-editor/repeater-grid/grid-cell";
import { columnName, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { Button } from "~/components/ui/button";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { listTextOf } from "~/domain/list-value";

export type ListCellEditorProps = {
  column: GridColumn;
  /** The cell's text as the edit opened: the list's stored text, or the key typed over it. */
  initial: string;
  /** The cell's name ("Document ids, row 3"), the dialog's title. */
  label: string;
  onEnd: (end: EditEnd) => void;
};

/** Keeps a key, click or paste inside the dialog from the cell and the grid around it in the React tree. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The editor of a list field's cell (docs/editor.md §Lists of values): the entries as entries — the form's own list
 * input (`FieldInput`, `list-input.tsx`), each entry the input a single value of the field gets — in a dialog over the
 * table, as a cell is one line high and the table's scrolling box would clip a popup under it. Enter in an entry
 * keeps the list and moves down, as in any cell; Done keeps it; Escape or Cancel leaves the value as it was; the grid
 * takes the focus back either way. The list is written once, on keeping it, as one undoable step.
 */
export function ListCellEditor({ column, initial, label, onEnd }: ListCellEditorProps) {
  const t = useTranslations("editorGrid");
  const problemText = useTranslations("fieldInput");
  const { organizationId } = useEditor();
  const [text, setText] = useState(() => listTextOf(initial));
  const titleId = useId();
  const inputId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  // A ref, not state: Enter and the dialog's close can both end the edit before a re-render.
  const isDone = useRef(false);
  const end = (result: EditEnd) => {
    if (isDone.current) return;
    isDone.current = true;
    // Closed first: while the modal is open the page behind it is inert, and the grid could not take the focus back.
    bodyRef.current?.closest("dialog")?.close();
    onEnd(result);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    event.stopPropagation();
    if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    end({ text, move: "down" });
  };
  return (
    <ModalDialog
      isOpen
      onClose={() => end({ move: "stay" })}
      aria-labelledby={titleId}
      className="max-w-lg"
      onKeyDown={onKeyDown}
      onMouseDown={stop}
      onDoubleClick={stop}
      onCopy={stop}
      onPaste={stop}
    >
      <div ref={bodyRef} className="space-y-4 p-4 sm:p-6">
        <div className="space-y-1">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {label}
          </h2>
          <p className="text-sm text-slate-600">{t("listKeys")}</p>
        </div>
        <FieldInput
          field={column.field}
          inputId={inputId}
          value={text}
          onValueChange={setText}
          error={draftValueProblem(column.field, text === "" ? null : text, problemText)}
          organizationId={organizationId}
          label={columnName(column)}
          lang={column.language}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => end({ move: "stay" })}>
            {t("listCancel")}
          </Button>
          <Button onClick={() => end({ text, move: "stay" })}>{t("listDone")}</Button>
        </div>
      </div>
    </ModalDialog>
  );
}
