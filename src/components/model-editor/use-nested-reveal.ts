"use client";

import { useEffect, useState } from "react";
import { isInsideRow, placeInRows, type RowList } from "~/components/model-editor/draft-keys";
import { registerRevealer, revealDraft } from "~/components/model-editor/focus-draft";
import type { TemplateIndex } from "~/domain/template-index";

export type UseNestedRevealOptions = {
  index: TemplateIndex;
  list: RowList;
  rows: readonly number[];
  /** Whether some rows' insides are not rendered now (a table's rows but the active one; cards waiting to render). */
  isActive: boolean;
  /** Whether a row's insides are rendered; a new function whenever that changes, so the reveal follows. */
  isShown: (row: number) => boolean;
  /** Renders a row's insides: at once (state), or in a while (a virtualised list scrolls there first). */
  showRow: (row: number) => void;
  /**
   * Whether the row's own fields wait with its insides (a card's); a table's own cells are its grid's to reveal, so
   * by default only what is inside the repeaters nested in a row is.
   */
  hasOwnFields?: boolean;
};

/**
 * A list that renders the insides of some rows only — a table shows the nested repeaters of one row at a time, a
 * nested list of cards renders the cards near the window, a long list of cards only those in the window
 * (`repeater-cards.tsx`) — brings a row in when a draft inside it is asked for (focus after a failed save, "Jump to
 * next missing", undo), and once the row has rendered asks for the draft again: the lists nested in the row, rendered
 * with it, bring in their row the same way, so a value four levels deep in a far row of a virtualised list is reached
 * one level at a time (docs/editor.md §Nested repeaters).
 */
export function useNestedReveal({
  index,
  list,
  rows,
  isActive,
  isShown,
  showRow,
  hasOwnFields = false,
}: UseNestedRevealOptions): void {
  const [pending, setPending] = useState<{ key: string; row: number; focus: boolean } | null>(null);
  useEffect(() => {
    if (!isActive) return;
    return registerRevealer((key, how) => {
      const place = placeInRows(key, index);
      if (!place) return false;
      const row = place.path[list.parentPath.length];
      const isNested = hasOwnFields || place.repeaterPath.length > list.parentPath.length + 1;
      if (row === undefined || isShown(row) || !isNested || !rows.includes(row)) return false;
      if (!isInsideRow(place.repeaterPath, place.path, list, row)) return false;
      setPending({ key, row, ...how });
      showRow(row);
      return true;
    });
  }, [index, list, rows, isActive, isShown, showRow, hasOwnFields]);
  useEffect(() => {
    // Waits for the row (a virtualised list renders it once the scroll got there); a row removed meanwhile ends it.
    const isGone = pending !== null && !rows.includes(pending.row);
    if (!pending || (!isGone && !isShown(pending.row))) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the reveal is done once the row's insides rendered
    setPending(null);
    if (!isGone) revealDraft(pending.key, pending);
  }, [pending, isShown, rows]);
}
