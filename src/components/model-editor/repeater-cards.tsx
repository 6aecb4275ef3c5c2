"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useWindowVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { recordRowChange } from "~/components/model-editor/draft-history";
import { parseRowListKey, type RowList } from "~/components/model-editor/draft-keys";
import { useEditor } from "~/components/model-editor/editor-context";
import { registerRowMeasurer } from "~/components/model-editor/focus-draft";
import { whenNearView } from "~/components/model-editor/near-view";
import { RepeaterRow } from "~/components/model-editor/repeater-row";
import { useNestedReveal } from "~/components/model-editor/use-nested-reveal";
import type { SectionView } from "~/components/models/section-views";
import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { dropMove, rowDragAnnouncements, rowDragInstructions, sortableRowId } from "~/components/model-editor/repeater-grid/row-drag";
import { Button } from "~/components/ui/button";

/**
 * Above this many rows the cards are virtualised: only those in (and near) the window are in the DOM, so a
 * 5,000-row repeater on a phone is a few cards, not 15,000 inputs (docs/editor.md, the card view).
 */
export const VIRTUAL_CARDS_ABOVE = 30;
/** A collapsed-free card's height before it is measured; measured heights replace it as cards render. */
const ESTIMATED_CARD_HEIGHT = 360;
/**
 * In a list inside another list's row, the cards after this many wait until they come near the window: a three-level
 * list of 100 × 10 × 10 rows opened on a phone rendered 330 cards (and 10,000 elements) for a screenful, and its
 * layout was most of the time to usable (docs/editor.md §Nested repeaters). Lists this short render whole.
 */
export const EAGER_NESTED_CARDS = 3;

export type RepeaterCardsProps = {
  view: SectionView;
  /** The row list shown (`rowListKey`): the repeater's rows, or a nested one's inside one parent row. */
  list: string;
  depth: number;
  rows: readonly number[];
  columns: readonly GridColumn[];
  onRequestRemove: (row: number) => void;
  onMoved: (message: string) => void;
  renderRow: (row: number) => ReactNode;
};

/** A repeater's rows as cards: collapse and expand, reorder by drag, and only the cards in view rendered when many. */
export function RepeaterCards({ view, list, depth, rows, columns, onRequestRemove, onMoved, renderRow }: RepeaterCardsProps) {
  const { store } = useEditor();
  const t = useTranslations("editorRows");
  const rowList = useMemo(() => parseRowListKey(list), [list]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expand = useCallback(
    (row: number) =>
      setCollapsed((previous) => {
        if (!previous.has(row)) return previous;
        const next = new Set(previous);
        next.delete(row);
        return next;
      }),
    [],
  );
  const openCards = useMemo(() => ({ collapsed, expand }), [collapsed, expand]);
  const isVirtual = rows.length > VIRTUAL_CARDS_ABOVE;
  const { isShown, showRow } = useWaitingCards(rowList, rows, openCards, isVirtual);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const sortableIds = useMemo(() => rows.map(sortableRowId), [rows]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const drop = dropMove(rows, rows, active.id, over?.id);
    if (!drop) return;
    recordRowChange(store, list, () => store.moveRow(list, drop.row, drop.to));
    onMoved(t("moved", { from: drop.fromPosition, name: view.section.name, to: drop.toPosition }));
  };
  const accessibility = useMemo(
    () => ({
      announcements: rowDragAnnouncements(t, view.section.name, (row) => store.rows(list).indexOf(row) + 1),
      screenReaderInstructions: rowDragInstructions(t),
    }),
    [t, store, list, view.section.name],
  );
  const onToggle = useCallback(
    (row: number) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (!next.delete(row)) next.add(row);
        return next;
      }),
    [],
  );
  // Move up / move down: reordering where a drag is no option (a phone's cards, a switch user); read from the store, so
  // the callback stays the same while rows change and the cards' memo holds.
  const onMove = useCallback(
    (row: number, by: -1 | 1) => {
      const current = store.rows(list);
      const from = current.indexOf(row);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return;
      recordRowChange(store, list, () => store.moveRow(list, row, to));
      onMoved(t("moved", { from: from + 1, name: view.section.name, to: to + 1 }));
    },
    [store, list, onMoved, t, view.section.name],
  );
  const labelColumn = useMemo(() => columns.find((column) => column.field.type === "TextField"), [columns]);
  const card = (row: number, position: number, measure?: CardMeasure) =>
    isShown(row) ? (
      <RepeaterRow
        key={row}
        list={list}
        depth={depth}
        row={row}
        position={position}
        isLast={position === rows.length}
        labelColumn={labelColumn}
        isCollapsed={collapsed.has(row)}
        onToggle={onToggle}
        onRequestRemove={onRequestRemove}
        onMove={onMove}
        renderRow={renderRow}
        measure={measure}
      />
    ) : (
      <WaitingCard key={row} row={row} position={position} onNear={showRow} />
    );
  const label = t("rowsOf", { name: view.section.name });

  return (
    <>
      {rows.length > 1 && (
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set(rows))}>
            {t("collapseAll")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set())}>
            {t("expandAll")}
          </Button>
        </div>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
          {isVirtual ? (
            <VirtualCards list={rowList} rows={rows} label={label} card={card} openCards={openCards} />
          ) : (
            <ol className="space-y-3" aria-label={label}>
              {rows.map((row, i) => card(row, i + 1))}
            </ol>
          )}
        </SortableContext>
      </DndContext>
    </>
  );
}

/**
 * Which cards of a nested list are rendered: of the rows it opened with, the first few and each one that came near
 * the window (or that a draft asked for: focus after a failed save, undo), for good — a card once rendered keeps its
 * inputs and focus wherever it moves; a row added since (Add row, duplicate) at once, where the member works. An
 * outermost list renders every card (or its virtualiser decides), as does a list long enough to be virtualised.
 * A reveal in a list not virtualised is answered here (`useCardReveal`), while a card waits or is collapsed; a
 * virtualised list answers its own.
 */
function useWaitingCards(rowList: RowList, rows: readonly number[], openCards: OpenCards, isVirtual: boolean) {
  const isWaiting = rowList.parentPath.length > 0 && rows.length <= VIRTUAL_CARDS_ABOVE;
  const [openedWith] = useState<ReadonlySet<number>>(() => new Set(rows));
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set(rows.slice(0, EAGER_NESTED_CARDS)));
  const showRow = useCallback(
    (row: number) => setShown((previous) => (previous.has(row) ? previous : new Set(previous).add(row))),
    [],
  );
  const isShown = useCallback((row: number) => !isWaiting || shown.has(row) || !openedWith.has(row), [isWaiting, shown, openedWith]);
  // A card a draft is asked in comes with the cards before it: were they to render later, coming near the window, the
  // input just scrolled to would move down by their height.
  const showUpTo = useCallback(
    (row: number) => setShown((previous) => new Set([...previous, ...rows.slice(0, rows.indexOf(row) + 1)])),
    [rows],
  );
  const isActive = !isVirtual && (isWaiting || openCards.collapsed.size > 0);
  useCardReveal({ list: rowList, rows, isActive, isRendered: isShown, render: showUpTo, openCards });
  return { isShown, showRow };
}

/** The collapsed cards of a list (by row), and how a reveal expands one. */
type OpenCards = { collapsed: ReadonlySet<number>; expand: (row: number) => void };

type UseCardRevealOptions = {
  list: RowList;
  rows: readonly number[];
  isActive: boolean;
  /** Whether the list renders a row's card now (a nested list's waiting cards, a virtualised list's window). */
  isRendered: (row: number) => boolean;
  /** Renders a row's card: at once, or once the window scrolled there. */
  render: (row: number) => void;
  openCards: OpenCards;
};

/**
 * The one rule a list of cards reveals a draft in a row by (`useNestedReveal`): a card's inside is there when the
 * card is rendered and not collapsed, so a reveal (focus after a failed save, "Jump to next missing", undo and redo,
 * a conflict) renders the card and expands it, then asks again — at every level, a collapsed card on the way opened
 * like a card not rendered (docs/editor.md §Nested repeaters).
 */
function useCardReveal({ list, rows, isActive, isRendered, render, openCards }: UseCardRevealOptions): void {
  const { index } = useEditor();
  const { collapsed, expand } = openCards;
  const isShown = useCallback((row: number) => isRendered(row) && !collapsed.has(row), [isRendered, collapsed]);
  const showRow = useCallback(
    (row: number) => {
      expand(row);
      render(row);
    },
    [expand, render],
  );
  useNestedReveal({ index, list, rows, isActive, isShown, showRow, hasOwnFields: true });
}

/** A card not rendered yet: its place in the list, about a card high, until it comes within a screen of the window. */
const WaitingCard = memo(function WaitingCard({
  row,
  position,
  onNear,
}: {
  row: number;
  position: number;
  onNear: (row: number) => void;
}) {
  const t = useTranslations("editorRows");
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const element = ref.current;
    return element ? whenNearView(element, () => onNear(row)) : undefined;
  }, [row, onNear]);
  return (
    <li ref={ref} data-row={row} data-waiting="true">
      <div className="h-40 rounded-md border border-dashed border-slate-200 p-3 text-sm text-slate-600 sm:p-4">
        {t("row", { position })}
      </div>
    </li>
  );
});

/**
 * Sets the height of the card that holds a control the page is about to scroll to. The list's own scroll to the card
 * (a reveal's) is over, and the height changes nothing on screen: the card's top is where it was, and the page's
 * scroll to the control comes next — an adjustment for a card above the window now would move the page first.
 */
function measureCardAround(virtualizer: Virtualizer<Window, Element>, list: HTMLOListElement | null, control: HTMLElement): void {
  const cardElement = [...(list?.children ?? [])].find((child) => child.contains(control));
  const at = cardElement instanceof HTMLElement ? Number(cardElement.dataset.index) : Number.NaN;
  if (!cardElement || !Number.isInteger(at)) return;
  virtualizer.cancelScroll();
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;
  virtualizer.resizeItem(at, Math.round(cardElement.getBoundingClientRect().height));
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = undefined;
}

export type CardMeasure = { index: number; ref: (element: HTMLElement | null) => void };

type VirtualCardsProps = {
  list: RowList;
  rows: readonly number[];
  label: string;
  card: (row: number, position: number, measure: CardMeasure) => ReactNode;
  openCards: OpenCards;
};

/**
 * The cards in the window and a few beyond, in the page's own scroll (a phone scrolls the page, not a box): space
 * above and below stands for the others, by measured heights. A draft in a card not rendered (focus after a failed
 * save, "Jump to next missing", undo) — one of its own fields, or one at any depth of the lists nested in it — is
 * reached through `useCardReveal`: the list scrolls to the card (expanding it when collapsed), and once it has
 * rendered asks for the draft again.
 */
function VirtualCards({ list, rows, label, card, openCards }: VirtualCardsProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page: measured when it mounts, its rows change and the window is resized.
  useLayoutEffect(() => {
    const measure = () => setScrollMargin(Math.round((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [rows.length]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 2,
    scrollMargin,
    getItemKey: (i) => rows[i] ?? i,
  });
  const items = virtualizer.getVirtualItems();
  // The cards rendered now: a new function whenever the window moves, so a reveal waiting for its card follows.
  const isRendered = useMemo(() => {
    const rendered = new Set(items.map((item) => rows[item.index]));
    return (row: number) => rendered.has(row);
  }, [items, rows]);
  const render = useCallback((row: number) => virtualizer.scrollToIndex(rows.indexOf(row), { align: "center" }), [virtualizer, rows]);
  useCardReveal({ list, rows, isActive: true, isRendered, render, openCards });
  // A control about to be scrolled to inside a card: the card's height now, with what a reveal just rendered in it.
  useEffect(() => registerRowMeasurer((control) => measureCardAround(virtualizer, listRef.current, control)), [virtualizer]);

  const first = items[0];
  const last = items.at(-1);
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    // The virtualiser keeps the page still itself when cards above the window are measured; the browser's scroll
    // anchoring on top of it moved an input just revealed in a card out of view.
    <ol ref={listRef} aria-label={label} style={{ paddingTop: before, paddingBottom: after, overflowAnchor: "none" }}>
      {items.map((item) => {
        const row = rows[item.index];
        return row === undefined ? null : card(row, item.index + 1, { index: item.index, ref: virtualizer.measureElement });
      })}
    </ol>
  );
}
