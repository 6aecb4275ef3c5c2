"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslations } from "next-intl";
import { memo, useCallback, type ReactNode } from "react";
import { useDraftKey, useEditor } from "~/components/model-editor/editor-context";
import type { CardMeasure } from "~/components/model-editor/repeater-cards";
import { SectionHeading } from "~/components/models/section-heading";
import { cellKey, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { sortableRowId } from "~/components/model-editor/repeater-grid/row-drag";
import { rowLabel } from "~/components/model-editor/repeater-grid/row-label";
import { headingLevel } from "~/components/models/section-views";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * Rows after this many let the browser skip their rendering while off screen (`content-visibility: auto`). In a
 * 200-row repeater that halves the time from keypress to painted frame (about 30 to 17 ms measured); the first rows
 * always render, so short repeaters, full-page captures and prints show every row.
 */
const EAGER_ROWS = 12;

/** A card's header buttons on a phone: narrower, so a card four levels deep still holds them on a 375 px screen. */
const COMPACT_BUTTON = "max-sm:px-2";

export type RepeaterRowProps = {
  /** The row list the row is in (`rowListKey`), which makes its ids unique among a nested repeater's parent rows. */
  list: string;
  depth: number;
  row: number;
  /** 1-based place in the list; row numbers themselves may have gaps after removals. */
  position: number;
  isLast: boolean;
  /** The first text field of the repeater, whose value names the row. */
  labelColumn: GridColumn | undefined;
  isCollapsed: boolean;
  onToggle: (row: number) => void;
  onRequestRemove: (row: number) => void;
  /** Moves the row one place up (-1) or down (1) in its list. */
  onMove: (row: number, by: -1 | 1) => void;
  /** The row's content, from the section tree; the same function from render to render, so the memo holds. */
  renderRow: (row: number) => ReactNode;
  /** In a virtualised list (`repeater-cards.tsx`): the card's place, and the ref that measures its height. */
  measure?: CardMeasure;
};

/**
 * One row of a repeater as a card around its content. Memoised on stable props, so a row re-renders only when its
 * own position changes (a row above it was removed), never because another row or field changed.
 */
export const RepeaterRow = memo(function RepeaterRow(props: RepeaterRowProps) {
  const { list, depth, row, position, isLast, labelColumn, isCollapsed, onToggle, onRequestRemove, onMove, renderRow, measure } =
    props;
  const t = useTranslations("editorRows");
  const { isReadOnly } = useEditor();
  const sr = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;
  const headingId = `row-${list}-${row}`;
  const contentId = `${headingId}-content`;
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({ id: sortableRowId(row) });
  const measureRef = measure?.ref;
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      measureRef?.(element);
    },
    [setNodeRef, measureRef],
  );
  return (
    <li
      ref={ref}
      data-row={row}
      data-index={measure?.index}
      style={{ transform: CSS.Translate.toString(transform), transition: transition }}
      className={cn(
        // Measured cards keep their gap inside them (padding is measured, a margin is not).
        measure ? "pb-3" : position > EAGER_ROWS && "[contain-intrinsic-size:auto_24rem] [content-visibility:auto]",
        isDragging && "relative z-10 shadow-lg",
      )}
    >
      {/* Less padding on a phone: four levels of cards in cards each take their padding off a 375 px screen. */}
      <div role="group" aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 bg-white px-2 py-3 sm:p-4">
        {/* On a phone the row's label takes a line of its own under the number and buttons, so it is not cut; in a
            card too narrow for both, the buttons wrap under the number. */}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <div className="flex shrink-0 items-center gap-2 whitespace-nowrap">
            {isReadOnly ? null : (
              <button
                type="button"
                {...attributes}
                {...listeners}
                aria-label={t("dragHandle", { position })}
                className="cursor-grab rounded px-1 text-slate-500 hover:bg-slate-100"
              >
                <span aria-hidden="true">⠿</span>
              </button>
            )}
            <SectionHeading level={headingLevel(depth + 1)} id={headingId}>
              {t("row", { position })}
            </SectionHeading>
          </div>
          {labelColumn && <RowLabel column={labelColumn} row={row} />}
          <div className="flex flex-wrap gap-1">
            {isReadOnly ? null : (
              <>
                <MoveButton
                  list={list}
                  row={row}
                  by={-1}
                  isDisabled={position === 1}
                  label={t("moveUp", { position })}
                  onMove={onMove}
                />
                <MoveButton list={list} row={row} by={1} isDisabled={isLast} label={t("moveDown", { position })} onMove={onMove} />
              </>
            )}
            <Button
              variant="ghost"
              size="sm"
              className={COMPACT_BUTTON}
              aria-expanded={!isCollapsed}
              aria-controls={contentId}
              onClick={() => onToggle(row)}
            >
              <PhoneIcon icon={isCollapsed ? "▾" : "▴"}>{t.rich(isCollapsed ? "expand" : "collapse", { position, sr })}</PhoneIcon>
            </Button>
            {isReadOnly ? null : (
              <Button
                variant="ghost"
                size="sm"
                className={cn(COMPACT_BUTTON, "text-red-700 hover:bg-red-50")}
                onClick={() => onRequestRemove(row)}
              >
                <PhoneIcon icon="✕">{t.rich("removeRow", { position, sr })}</PhoneIcon>
              </Button>
            )}
          </div>
        </div>
        <div id={contentId} hidden={isCollapsed}>
          {isCollapsed ? null : renderRow(row)}
        </div>
      </div>
    </li>
  );
});

type MoveButtonProps = {
  list: string;
  row: number;
  by: -1 | 1;
  isDisabled: boolean;
  label: string;
  onMove: (row: number, by: -1 | 1) => void;
};

/**
 * Move up or down. The card changes place under the button, and the browser drops focus from a moved element, so the
 * same button of the same row takes it back (the other one when the row reached an end of the list).
 */
function MoveButton({ list, row, by, isDisabled, label, onMove }: MoveButtonProps) {
  const id = moveButtonId(list, row, by);
  const onClick = () => {
    onMove(row, by);
    requestAnimationFrame(() => {
      const same = document.getElementById(id);
      const target =
        same instanceof HTMLButtonElement && !same.disabled ? same : document.getElementById(moveButtonId(list, row, -by));
      target?.focus();
    });
  };
  return (
    <Button id={id} variant="ghost" size="sm" className={COMPACT_BUTTON} aria-label={label} disabled={isDisabled} onClick={onClick}>
      <span aria-hidden="true">{by < 0 ? "↑" : "↓"}</span>
    </Button>
  );
}

function moveButtonId(list: string, row: number, by: number): string {
  return `move-${by < 0 ? "up" : "down"}-${list}-${row}`;
}

/** The row's label beside its number (none while its field is empty), re-rendered only when that field changes. */
function RowLabel({ column, row }: { column: GridColumn; row: number }) {
  const { store } = useEditor();
  const key = cellKey(column, row);
  useDraftKey(key);
  const label = rowLabel([column], () => store.value(key));
  return label === undefined ? null : (
    <span
      data-testid="row-label"
      className="order-last basis-full truncate text-sm text-slate-600 sm:order-none sm:min-w-0 sm:flex-1 sm:basis-0"
    >
      {label}
    </span>
  );
}

/**
 * A button's words on a wider screen, an icon in their place on a phone; the words stay its accessible name there
 * (read, not shown), so it is named the same at every width.
 */
function PhoneIcon({ icon, children }: { icon: string; children: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {icon}
      </span>
      <span className="max-sm:sr-only">{children}</span>
    </>
  );
}
