"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
} from "react";
import { useEditor } from "~/components/model-editor/editor-context";
import { undoCommand } from "~/components/model-editor/undo-keys";
import type { EditEnd } from "~/components/repeater-grid/grid-cell";
import { cellKey, columnGroups, type GridColumn } from "~/components/repeater-grid/grid-columns";
import { GridFiles } from "~/components/repeater-grid/grid-files";
import { recordRowChange, redo, undo, writeCells } from "~/components/repeater-grid/grid-history";
import { GridRowActions, type RowAction } from "~/components/repeater-grid/grid-row-actions";
import {
  clampSelection,
  navigate,
  rangeOf,
  singleCell,
  type CellPos,
  type GridSelection,
} from "~/components/repeater-grid/grid-navigation";
import { cellId, GridRow } from "~/components/repeater-grid/grid-row";
import { GridToolbar } from "~/components/repeater-grid/grid-toolbar";
import { planFillDown, planPaste } from "~/components/repeater-grid/paste-plan";
import { dropMove, rowDragAnnouncements, rowDragInstructions, sortableRowId } from "~/components/repeater-grid/row-drag";
import { rowMatches, searchTerms } from "~/components/repeater-grid/row-label";
import { fullText, rowLimitNoteId, tooManyText, type RowLimits } from "~/components/repeater-grid/row-limits";
import { parseTsv, serialiseTsv } from "~/components/repeater-grid/tsv";

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 40;
/** A dragged row moves up and down only: its place among the rows is all a drop can change. */
const alongRows: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export type RepeaterGridProps = {
  repeaterId: string;
  name: string;
  columns: readonly GridColumn[];
  /** The repeater's row numbers in order. */
  rows: readonly number[];
  /** Its `minRows` / `maxRows`: no insert, duplicate, paste or import goes past `maxRows`. */
  limits: RowLimits;
};

type Editing = { index: number; col: number; text: string };

/**
 * A repeater as a table (the APG grid pattern): one tab stop, the active cell by `aria-activedescendant`, rows
 * virtualised so only those in view are in the DOM. Keys as in a spreadsheet (see `navigate`), Enter or F2 edits,
 * typing replaces, Escape cancels; paste (TSV) at the selection, copy the selection as TSV, Ctrl+D fills down,
 * Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo. Cells write to the editor's draft like the card view's inputs.
 */
export function RepeaterGrid({ repeaterId, name, columns, rows, limits }: RepeaterGridProps) {
  const { store, index: templateIndex } = useEditor();
  const gridId = useId().replaceAll(":", "");
  const gridRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const [selection, setSelection] = useState<GridSelection>(singleCell({ row: 0, col: 0 }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState("");

  const visible = useMemo(() => {
    const terms = searchTerms(query);
    if (terms.length === 0) return rows;
    return rows.filter((row) =>
      rowMatches(
        terms,
        columns.map((column) => store.value(cellKey(column, row))),
      ),
    );
  }, [rows, columns, query, store]);
  const size = useMemo(() => ({ rows: visible.length, cols: columns.length }), [visible.length, columns.length]);
  const groups = useMemo(() => columnGroups(columns), [columns]);
  const hasGroups = columns.some((column) => column.group);
  const headerRows = hasGroups ? 2 : 1;
  const template = `5rem repeat(${columns.length}, minmax(10rem, 1fr))`;
  const active = clampSelection(selection, size);
  const range = rangeOf(active);

  // The compiler skips this component for it; its callbacks are memoised by hand where rows receive them.
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

  // Latest state for the stable callbacks below, which rows receive as memo-safe props.
  const latest = useRef({ visible, active, editing, size });
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on a handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sortableIds = useMemo(() => visible.map(sortableRowId), [visible]);
  const accessibility = useMemo(
    () => ({
      announcements: rowDragAnnouncements(name, (row) => latest.current.visible.indexOf(row) + 1),
      screenReaderInstructions: rowDragInstructions,
      // After a drop the grid takes focus back (onDragEnd), where the keyboard goes on.
      restoreFocus: false,
    }),
    [name],
  );
  useEffect(() => {
    latest.current = { visible, active, editing, size };
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

  const onPointer = useCallback((index: number, col: number, event: MouseEvent) => {
    event.preventDefault();
    const focus = { row: index, col };
    setSelection((previous) => (event.shiftKey ? { anchor: previous.anchor, focus } : singleCell(focus)));
    gridRef.current?.focus();
  }, []);

  const onStartEdit = useCallback(
    (index: number, col: number) => {
      const key = keyAt({ row: index, col });
      if (!key) return;
      setSelection(singleCell({ row: index, col }));
      setEditing({ index, col, text: store.inputText(key) });
    },
    [keyAt, store],
  );

  const onEditEnd = useCallback(
    (end: EditEnd) => {
      const current = latest.current.editing;
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
    [keyAt, select, store],
  );

  const writeAt = (writes: readonly { row: number; col: number; value: string | null }[]) =>
    writeCells(
      store,
      writes.flatMap(({ row, col, value }) => {
        const key = keyAt({ row, col });
        return key ? [{ key, value }] : [];
      }),
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || editing) return;
    const isCommand = event.ctrlKey || event.metaKey;
    const lower = event.key.toLowerCase();
    const command = undoCommand(event);
    const next = navigate(active, event, size);
    if (next) {
      select(next);
    } else if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      onRowAction(event.key === "ArrowUp" ? "moveUp" : "moveDown");
    } else if (isCommand && event.shiftKey && (event.key === "Delete" || event.key === "Backspace")) {
      onRowAction("delete");
    } else if (event.key === "Enter" || event.key === "F2") {
      onStartEdit(active.focus.row, active.focus.col);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      const writes = [];
      for (let row = range.top; row <= range.bottom; row++)
        for (let col = range.left; col <= range.right; col++) writes.push({ row, col, value: null });
      const count = writeAt(writes);
      setMessage(count ? `Cleared ${count} ${count === 1 ? "cell" : "cells"}.` : "");
    } else if (isCommand && lower === "d") {
      const count = writeAt(planFillDown(range, (row, col) => store.value(keyAt({ row, col }) ?? "")));
      setMessage(count ? `Filled down ${count} ${count === 1 ? "cell" : "cells"}.` : "Nothing to fill down.");
    } else if (command) {
      const keys = command === "undo" ? undo(store) : redo(store);
      setMessage(keys ? (command === "undo" ? "Undone." : "Redone.") : `Nothing to ${command}.`);
    } else if (isCommand && lower === "a") {
      setSelection({ anchor: { row: 0, col: 0 }, focus: { row: size.rows - 1, col: size.cols - 1 } });
    } else if (event.key.length === 1 && !isCommand && !event.altKey && keyAt(active.focus)) {
      // Typing over a cell replaces its value, as in a spreadsheet.
      setSelection(singleCell(active.focus));
      setEditing({ index: active.focus.row, col: active.focus.col, text: event.key });
    } else {
      return;
    }
    event.preventDefault();
  };

  /** Row operations on the selected rows, each one undoable step of the draft. */
  const onRowAction = (action: RowAction) => {
    const all = store.rows(repeaterId);
    const full = fullText(name, limits, all.length);
    if (full && (action === "insertAbove" || action === "insertBelow" || action === "duplicate")) {
      setMessage(full);
      return;
    }
    const selectedRows = visible.slice(range.top, range.bottom + 1);
    const first = selectedRows[0];
    const last = selectedRows.at(-1);
    if (action === "insertBelow" && first === undefined) {
      recordRowChange(store, repeaterId, () => store.insertRow(repeaterId));
      setMessage("Row added.");
      return;
    }
    if (first === undefined || last === undefined) return;
    const col = active.focus.col;
    if (action === "insertAbove" || action === "insertBelow") {
      const at = all.indexOf(action === "insertAbove" ? first : last) + (action === "insertAbove" ? 0 : 1);
      const row = recordRowChange(store, repeaterId, () => store.insertRow(repeaterId, at));
      setQuery("");
      select(singleCell({ row: store.rows(repeaterId).indexOf(row), col }));
      setMessage(`Row ${at + 1} inserted.`);
    } else if (action === "duplicate") {
      const row = recordRowChange(store, repeaterId, () => store.duplicateRow(repeaterId, last));
      setQuery("");
      select(singleCell({ row: store.rows(repeaterId).indexOf(row), col }));
      setMessage(`Row ${all.indexOf(last) + 1} duplicated below itself.`);
    } else if (action === "delete") {
      recordRowChange(store, repeaterId, () => selectedRows.forEach((row) => store.removeRow(repeaterId, row)));
      setSelection(singleCell({ row: range.top, col }));
      const count = selectedRows.length;
      setMessage(`${count} ${count === 1 ? "row" : "rows"} deleted; Ctrl+Z or Discard brings ${count === 1 ? "it" : "them"} back.`);
    } else {
      // Moving works on the whole selection as a block, past the row above or below it among the rows shown.
      const isUp = action === "moveUp";
      const neighbour = visible[isUp ? range.top - 1 : range.bottom + 1];
      if (neighbour === undefined) return;
      recordRowChange(store, repeaterId, () => {
        const target = all.indexOf(neighbour);
        const ordered = isUp ? selectedRows : [...selectedRows].reverse();
        ordered.forEach((row, i) => store.moveRow(repeaterId, row, isUp ? target + i : target - i));
      });
      const shift = isUp ? -1 : 1;
      select({
        anchor: { row: active.anchor.row + shift, col: active.anchor.col },
        focus: { row: active.focus.row + shift, col },
      });
      setMessage(`Moved ${isUp ? "up" : "down"} to row ${range.top + shift + 1}.`);
    }
  };

  /** A row dragged by its handle and dropped on another takes its place: one undoable step, like Alt+↑/↓. */
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    gridRef.current?.focus();
    const drop = dropMove(visible, store.rows(repeaterId), dragged.id, over?.id);
    if (!drop) return;
    recordRowChange(store, repeaterId, () => store.moveRow(repeaterId, drop.row, drop.to));
    select(singleCell({ row: drop.toPosition - 1, col: active.focus.col }));
    setMessage(`Row ${drop.fromPosition} moved to row ${drop.toPosition}.`);
  };

  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    if (editing || size.rows === 0) return;
    const block: string[][] = [];
    for (let row = range.top; row <= range.bottom; row++) {
      const cells: string[] = [];
      for (let col = range.left; col <= range.right; col++) cells.push(store.inputText(keyAt({ row, col }) ?? ""));
      block.push(cells);
    }
    event.clipboardData.setData("text/plain", serialiseTsv(block));
    event.preventDefault();
    const count = block.length * (range.right - range.left + 1);
    setMessage(`Copied ${count} ${count === 1 ? "cell" : "cells"}.`);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const block = parseTsv(event.clipboardData.getData("text/plain"));
    event.preventDefault();
    if (block.length === 0) return;
    const plan = planPaste({ block, target: range, columns, rowCount: size.rows, index: templateIndex, level: "Model" });
    const tooMany = tooManyText(name, limits, rows.length, plan.rowsToAdd);
    if (tooMany) {
      setMessage(tooMany);
      return;
    }
    recordRowChange(store, repeaterId, () => {
      // Rows the block needs beyond the last one shown are added at the end of the repeater.
      const added = Array.from({ length: plan.rowsToAdd }, () => store.insertRow(repeaterId));
      const target = [...visible, ...added];
      for (const cell of plan.cells) {
        const row = target[cell.row];
        const column = columns[cell.col];
        if (row !== undefined && column) store.setInput(cellKey(column, row), cell.value ?? "");
      }
    });
    const bad = plan.cells.filter((cell) => cell.problem);
    const parts = [`Pasted ${plan.cells.length} ${plan.cells.length === 1 ? "cell" : "cells"}.`];
    if (plan.rowsToAdd > 0) parts.push(`Added ${plan.rowsToAdd} ${plan.rowsToAdd === 1 ? "row" : "rows"}.`);
    if (plan.clippedCells > 0) parts.push(`${plan.clippedCells} cells right of the last column were left out.`);
    if (bad.length > 0) parts.push(`${bad.length} ${bad.length === 1 ? "cell needs" : "cells need"} fixing (marked).`);
    setMessage(parts.join(" "));
  };

  const activeKey = keyAt(active.focus);
  const activeProblem = activeKey ? (store.serverError(activeKey) ?? store.problem(activeKey)) : undefined;
  const activeColumn = columns[active.focus.col];
  const selectedCols = (position: number): readonly [number, number] | undefined =>
    position >= range.top && position <= range.bottom ? [range.left, range.right] : undefined;

  return (
    <div className="space-y-2">
      <GridRowActions
        name={name}
        hasRows={visible.length > 0}
        fullNoteId={fullText(name, limits, rows.length) ? rowLimitNoteId(repeaterId) : undefined}
        onAction={onRowAction}
      />
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
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[alongRows]}
        accessibility={accessibility}
        onDragEnd={onDragEnd}
        onDragCancel={() => gridRef.current?.focus()}
      >
        <div
          ref={gridRef}
          role="grid"
          tabIndex={0}
          aria-label={name}
          aria-rowcount={visible.length + headerRows}
          aria-colcount={columns.length + 1}
          aria-multiselectable="true"
          aria-activedescendant={
            isActiveRendered && !editing && activeKey ? cellId(gridId, visible[active.focus.row] ?? -1, active.focus.col) : undefined
          }
          onKeyDown={onKeyDown}
          onCopy={onCopy}
          onPaste={onPaste}
          className="relative max-h-[70vh] overflow-auto rounded-md border border-slate-300 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <div className="w-max min-w-full" style={{ height: virtualizer.getTotalSize() + headerRows * HEADER_HEIGHT }}>
            <div role="rowgroup" className="sticky top-0 z-30 bg-slate-100">
              {hasGroups && (
                <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: template }}>
                  <div
                    role="columnheader"
                    aria-colindex={1}
                    className="sticky left-0 z-10 h-10 border-r border-b border-slate-300 bg-slate-100 px-2 py-2 text-xs font-semibold text-slate-700"
                  >
                    Row
                  </div>
                  {groups.map((group, i) => (
                    <div
                      key={group.id}
                      role="columnheader"
                      aria-colindex={groups.slice(0, i).reduce((sum, g) => sum + g.span, 0) + 2}
                      aria-colspan={group.span}
                      style={{ gridColumn: `span ${group.span}` }}
                      className="h-10 truncate border-r border-b border-slate-300 px-2 py-2 text-xs font-semibold text-slate-700"
                    >
                      {group.name ?? name}
                    </div>
                  ))}
                </div>
              )}
              <div role="row" aria-rowindex={headerRows} className="grid" style={{ gridTemplateColumns: template }}>
                <div
                  role="columnheader"
                  aria-colindex={1}
                  className="sticky left-0 z-10 h-10 border-r border-b border-slate-300 bg-slate-100 px-2 py-2 text-right text-xs font-semibold text-slate-700"
                >
                  #
                </div>
                {columns.map((column, col) => (
                  <div
                    key={column.field.id}
                    role="columnheader"
                    aria-colindex={col + 2}
                    className="h-10 truncate border-r border-b border-slate-300 px-2 py-2 text-sm font-semibold text-slate-800"
                  >
                    {column.field.name}
                    {column.field.options.unit ? (
                      <span className="font-normal text-slate-600"> ({column.field.options.unit})</span>
                    ) : null}
                  </div>
                ))}
              </div>
            </div>
            <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
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
                      onPointer={onPointer}
                      onStartEdit={onStartEdit}
                      onEditEnd={onEditEnd}
                    />
                  );
                })}
              </div>
            </SortableContext>
          </div>
        </div>
      </DndContext>
      {visible.length === 0 && (
        <p className="text-sm text-slate-600">{rows.length === 0 ? "No rows yet." : "No rows match the search."}</p>
      )}
      <p className={activeProblem ? "text-sm text-red-700" : "sr-only"} aria-live="polite">
        {activeProblem && activeColumn ? `Row ${active.focus.row + 1}, ${activeColumn.field.name}: ${activeProblem}` : ""}
      </p>
      <p role="status" className="text-sm text-slate-600">
        {message}
      </p>
      <GridFiles repeaterId={repeaterId} name={name} columns={columns} limits={limits} onDone={setMessage} />
    </div>
  );
}
