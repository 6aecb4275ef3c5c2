"use client";

import { closestCenter, DndContext } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import { parseValueKey } from "~/components/model-editor/draft-keys";
import { rowPathOf } from "~/domain/row-path";
import { registerRevealer } from "~/components/model-editor/focus-draft";
import { useEditor } from "~/components/model-editor/editor-context";
import { cellKey, columnName, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { GridFiles } from "~/components/model-editor/repeater-grid/grid-files";
import { GridHeader } from "~/components/model-editor/repeater-grid/grid-header";
import { GridRowActions } from "~/components/model-editor/repeater-grid/grid-row-actions";
import { singleCell, type GridSelection } from "~/components/model-editor/repeater-grid/grid-navigation";
import { cellId, GridRow } from "~/components/model-editor/repeater-grid/grid-row";
import { GridToolbar } from "~/components/model-editor/repeater-grid/grid-toolbar";
import { rowMatches, searchTerms } from "~/components/model-editor/repeater-grid/row-label";
import { isFull, rowLimitNoteId, type RowLimits } from "~/components/model-editor/repeater-grid/row-limits";
import { useCellEdit } from "~/components/model-editor/repeater-grid/use-cell-edit";
import { useCellText } from "~/components/model-editor/repeater-grid/use-cell-text";
import { useGridClipboard } from "~/components/model-editor/repeater-grid/use-grid-clipboard";
import { alongRows, useGridDrag } from "~/components/model-editor/repeater-grid/use-grid-drag";
import { useGridKeyboard } from "~/components/model-editor/repeater-grid/use-grid-keyboard";
import { useGridRowActions } from "~/components/model-editor/repeater-grid/use-grid-row-actions";
import { HEADER_HEIGHT, useGridSelection } from "~/components/model-editor/repeater-grid/use-grid-selection";

export type RepeaterGridProps = {
  repeaterId: string;
  name: string;
  columns: readonly GridColumn[];
  /** The repeater's row numbers in order. */
  rows: readonly number[];
  /** Its `minRows` / `maxRows`: no insert, duplicate, paste or import goes past `maxRows`. */
  limits: RowLimits;
  /**
   * A table to read, not edit: the model's repeaters beside an item's editor (`ReadOnlyRepeater`). The same table —
   * virtualised, searchable, one tab stop, copy — without editing, pasting, row actions, drag or file import.
   */
  isReadOnly?: boolean;
  /** Told the row of the active cell, for a repeater that shows what is nested in that row under its table. */
  onActiveRowChange?: (row: number | undefined) => void;
};

/** What a read-only table does on a double click: nothing. */
const IGNORE = () => undefined;

/**
 * A repeater as a table (the APG grid pattern): one tab stop, the active cell by `aria-activedescendant`, rows
 * virtualised so only those in view are in the DOM. Keys as in a spreadsheet (`useGridKeyboard`), copy and paste
 * as TSV (`useGridClipboard`), row operations (`useGridRowActions`) and drag (`useGridDrag`). Cells write to the
 * editor's draft like the card view's inputs.
 */
export function RepeaterGrid({ repeaterId, name, columns, rows, limits, isReadOnly = false, onActiveRowChange }: RepeaterGridProps) {
  const { store, index, level } = useEditor();
  const t = useTranslations("editorGrid");
  const gridId = useId().replaceAll(":", "");
  const gridRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const [message, setMessage] = useState("");

  const cellText = useCellText();
  // A search finds what the cells show ("Yes", "12,5"), as the member reads them.
  const visible = useMemo(() => {
    const terms = searchTerms(query);
    if (terms.length === 0) return rows;
    return rows.filter((row) =>
      rowMatches(
        terms,
        columns.map((column) => {
          const stored = store.value(cellKey(column, row));
          return stored === null ? null : cellText.shown(column, stored);
        }),
      ),
    );
  }, [rows, columns, query, store, cellText]);
  const headerRows = columns.some((column) => column.group) ? 2 : 1;
  const template = `5rem repeat(${columns.length}, minmax(10rem, 1fr))`;

  const grid = useGridSelection({ gridId, gridRef, columns, visible, headerRows });
  const { active, range, virtualizer, items, isActiveRendered, keyAt, select, onPointer } = grid;
  const edit = useCellEdit({ store, grid, gridRef, columns, cellText });
  const { editing } = edit;
  const say = setMessage;
  const onRowAction = useGridRowActions({ store, repeaterId, name, limits, visible, grid, clearQuery: () => setQuery(""), say });
  const onKeyDown = useGridKeyboard({ store, grid, edit, onRowAction, say, isReadOnly });
  const clipboard = useGridClipboard({
    store,
    index,
    level,
    repeaterId,
    name,
    columns,
    limits,
    visible,
    grid,
    isEditing: editing !== null,
    cellText,
    say,
  });
  const drag = useGridDrag({ store, repeaterId, name, visible, grid, gridRef, say });

  useGridRevealer({ columns, visible, select, gridRef, isReadOnly });
  const activeRow = visible[active.focus.row];
  useEffect(() => onActiveRowChange?.(activeRow), [onActiveRowChange, activeRow]);

  const activeKey = keyAt(active.focus);
  const activeProblem = activeKey ? (store.serverError(activeKey) ?? store.problem(activeKey)) : undefined;
  const activeColumn = columns[active.focus.col];
  const selectedCols = (position: number): readonly [number, number] | undefined =>
    position >= range.top && position <= range.bottom ? [range.left, range.right] : undefined;

  return (
    <div className="space-y-2">
      {isReadOnly ? null : (
        <GridRowActions
          name={name}
          hasRows={visible.length > 0}
          fullNoteId={isFull(limits, rows.length) ? rowLimitNoteId(repeaterId) : undefined}
          onAction={onRowAction}
        />
      )}
      <GridToolbar
        name={name}
        rowCount={rows.length}
        shownCount={visible.length}
        limits={limits}
        query={query}
        onQueryChange={setQuery}
        onJump={(index) => {
          select(singleCell({ row: index, col: 0 }));
          gridRef.current?.focus();
        }}
      />
      <DndContext
        sensors={drag.sensors}
        collisionDetection={closestCenter}
        modifiers={[alongRows]}
        accessibility={drag.accessibility}
        onDragEnd={drag.onDragEnd}
        onDragCancel={drag.onDragCancel}
      >
        <div
          ref={gridRef}
          role="grid"
          tabIndex={0}
          aria-label={name}
          aria-rowcount={visible.length + headerRows}
          aria-colcount={columns.length + 1}
          aria-multiselectable="true"
          aria-readonly={isReadOnly || undefined}
          aria-activedescendant={
            isActiveRendered && !editing && activeKey ? cellId(gridId, visible[active.focus.row] ?? -1, active.focus.col) : undefined
          }
          onKeyDown={onKeyDown}
          onCopy={clipboard.onCopy}
          onPaste={isReadOnly ? undefined : clipboard.onPaste}
          className="relative max-h-[70vh] overflow-auto rounded-md border border-slate-300 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <div className="w-max min-w-full" style={{ height: virtualizer.getTotalSize() + headerRows * HEADER_HEIGHT }}>
            <GridHeader name={name} columns={columns} template={template} />
            <SortableContext items={drag.sortableIds} strategy={verticalListSortingStrategy}>
              <div role="rowgroup" className="relative">
                {items.map((item) => {
                  const row = visible[item.index];
                  if (row === undefined) return null;
                  return (
                    <GridRow
                      key={row}
                      gridId={gridId}
                      columns={columns}
                      row={row}
                      position={item.index + 1}
                      rowIndex={item.index + headerRows + 1}
                      top={item.start - headerRows * HEADER_HEIGHT}
                      activeCol={active.focus.row === item.index ? active.focus.col : -1}
                      selected={selectedCols(item.index)}
                      editCol={editing?.index === item.index ? editing.col : -1}
                      editText={editing?.index === item.index ? editing.text : undefined}
                      template={template}
                      isReadOnly={isReadOnly}
                      onPointer={onPointer}
                      onStartEdit={isReadOnly ? IGNORE : edit.onStartEdit}
                      onEditEnd={edit.onEditEnd}
                    />
                  );
                })}
              </div>
            </SortableContext>
          </div>
        </div>
      </DndContext>
      {visible.length === 0 && <p className="text-sm text-slate-600">{rows.length === 0 ? t("noRows") : t("noMatch")}</p>}
      <p className={activeProblem ? "text-sm text-red-700" : "sr-only"} aria-live="polite">
        {activeProblem && activeColumn
          ? t("cellProblem", { row: active.focus.row + 1, column: columnName(activeColumn), problem: activeProblem })
          : ""}
      </p>
      <p role="status" className="text-sm text-slate-600">
        {message}
      </p>
      {isReadOnly ? null : <GridFiles repeaterId={repeaterId} name={name} columns={columns} limits={limits} onDone={setMessage} />}
    </div>
  );
}

type GridRevealerOptions = {
  columns: readonly GridColumn[];
  visible: readonly number[];
  select: (selection: GridSelection) => void;
  gridRef: RefObject<HTMLDivElement | null>;
  isReadOnly: boolean;
};

/**
 * A draft's cell asked for from outside (the new row after "Add row", focus after a failed save) becomes the active
 * cell, scrolled into view, and the grid takes focus. A read-only table holds no draft cell to reveal, so it registers
 * no revealer.
 */
function useGridRevealer({ columns, visible, select, gridRef, isReadOnly }: GridRevealerOptions): void {
  useEffect(() => {
    if (isReadOnly) return;
    return registerRevealer((key, how) => {
      const triple = parseValueKey(key);
      // A nested table's cells sit under a parent row: the value's own row is the last of its path.
      const row = triple ? (rowPathOf(triple).at(-1) as number) : -1;
      const at = visible.indexOf(row);
      const col = triple ? columns.findIndex((column) => cellKey(column, row) === key) : -1;
      if (at < 0 || col < 0) return false;
      select(singleCell({ row: at, col }));
      if (how.focus) gridRef.current?.focus({ preventScroll: true });
      return true;
    });
  }, [columns, visible, select, gridRef, isReadOnly]);
}
