import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

/** A row's id among a repeater's sortable rows (dnd-kit treats 0 as no id, so row numbers get a prefix). */
export function sortableRowId(row: number): string {
  return `row-${row}`;
}

function rowOfSortableId(id: UniqueIdentifier): number | undefined {
  const match = /^row-(\d+)$/.exec(String(id));
  return match ? Number(match[1]) : undefined;
}

export type RowDrop = { row: number; to: number; fromPosition: number; toPosition: number };

/**
 * Where a row dropped on another lands: `to` is its place in the repeater's rows (`all`), taken by the row it was
 * dropped on, which moves aside as in any sortable list; positions are 1-based among the rows shown (`shown`, a
 * search may hide some). Undefined when it stays where it was.
 */
export function dropMove(
  shown: readonly number[],
  all: readonly number[],
  active: UniqueIdentifier,
  over: UniqueIdentifier | undefined,
): RowDrop | undefined {
  const row = rowOfSortableId(active);
  const target = over === undefined ? undefined : rowOfSortableId(over);
  if (row === undefined || target === undefined || row === target) return undefined;
  const to = all.indexOf(target);
  const fromPosition = shown.indexOf(row) + 1;
  const toPosition = shown.indexOf(target) + 1;
  if (to < 0 || fromPosition === 0 || toPosition === 0) return undefined;
  return { row, to, fromPosition, toPosition };
}

/**
 * The words of a row's drag for screen readers, from the catalogues' `editorRows` namespace (the member's language,
 * from useTranslations("editorRows")), so the announcements stay pure and their wording is tested without a browser.
 */
type RowDragKey = "dragInstructions" | "pickedUp" | "over" | "notOver" | "droppedInPlace" | "dragCancelled";
export type RowDragText = (key: RowDragKey, values?: Record<string, string | number>) => string;

/** How a screen reader is told to drag a row with the keyboard (dnd-kit's keyboard sensor). */
export function rowDragInstructions(text: RowDragText): ScreenReaderInstructions {
  return { draggable: text("dragInstructions") };
}

/**
 * What a screen reader hears while a row of `name` is dragged, by row position instead of dnd-kit's ids. A drop that
 * moved the row says nothing here: the list's own status line says where it went, once.
 */
export function rowDragAnnouncements(text: RowDragText, name: string, positionOf: (row: number) => number): Announcements {
  const at = (id: UniqueIdentifier | undefined) => {
    const row = id === undefined ? undefined : rowOfSortableId(id);
    return row === undefined ? "" : positionOf(row);
  };
  return {
    onDragStart: ({ active }) => text("pickedUp", { position: at(active.id), name }),
    // A drag starts over the row's own place; saying so would cut "Picked up" short.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? text("over", { position: at(active.id), over: at(over.id) })
          : text("notOver", { position: at(active.id) }),
    onDragEnd: ({ active, over }) => (over && over.id !== active.id ? undefined : text("droppedInPlace", { position: at(active.id) })),
    onDragCancel: ({ active }) => text("dragCancelled", { position: at(active.id) }),
  };
}
