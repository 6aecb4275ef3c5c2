"use client";

import { useEffect, useState } from "react";
import { controlIdFor, isInsideRow, placeInRows, type RowList } from "~/components/model-editor/draft-keys";
import { onMemberScroll, registerRevealer, revealDraft } from "~/components/model-editor/focus-draft";
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
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    if (!isActive) return;
    return registerRevealer((key, how) => {
      const place = placeInRows(key, index);
      if (!place) return false;
      const row = place.path[list.parentPath.length];
      const isNested = hasOwnFields || place.repeaterPath.length > list.parentPath.length + 1;
      if (row === undefined || isShown(row) || !isNested || !rows.includes(row)) return false;
      if (!isInsideRow(place.repeaterPath, place.path, list, row)) return false;
      setPending({ key, row, ...how, attempts: 0, isAway: false });
      showRow(row);
      return true;
    });
  }, [index, list, rows, isActive, isShown, showRow, hasOwnFields]);
  useEffect(() => {
    if (!pending) return;
    if (!rows.includes(pending.row)) {
      setPending(null);
      return;
    }
    // Waits for the row (a virtualised list renders it once the scroll got there), then asks for the draft.
    if (isShown(pending.row)) {
      if (pending.attempts > 0 && !pending.isAway) return;
      setPending({ ...pending, attempts: pending.attempts + 1, isAway: false });
      revealDraft(pending.key, pending);
      return;
    }
    // Asked for, and the row left the window before its lists brought the draft in: back to it, a few times at most.
    if (pending.attempts === 0 || pending.isAway) return;
    if (pending.attempts >= MAX_ATTEMPTS) {
      setPending(null);
      return;
    }
    setPending({ ...pending, isAway: true });
    showRow(pending.row);
  }, [pending, isShown, rows, showRow]);
  // Done once the draft's control is in the page (the lists inside the row bring it in over a few frames).
  useEffect(() => {
    if (!pending || pending.attempts === 0 || pending.isAway) return;
    const id = controlIdFor(pending.key);
    let frames = 0;
    let frame = requestAnimationFrame(function check() {
      frames += 1;
      if (document.getElementById(id) !== null || frames > MAX_FRAMES) setPending(null);
      else frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [pending]);
  // The member scrolling, typing or clicking ends the wait: the row is theirs to leave now.
  const isPending = pending !== null;
  useEffect(() => {
    if (!isPending) return;
    const controller = new AbortController();
    onMemberScroll(() => setPending(null), controller.signal);
    return () => controller.abort();
  }, [isPending]);
}

/**
 * A reveal waiting for its row: `attempts` asks for the draft so far. A far card of a virtualised list rendered anew
 * is shorter than the height it was last measured at (what an earlier reveal rendered inside it), so the page, scrolled
 * to where the taller card was, can come to rest past it: the card leaves the window (`isAway`) before the lists inside
 * it have brought in the draft, and the list scrolls back to it. Once it is shown again, the draft is asked for again,
 * a few times at most (docs/editor.md §Nested repeaters).
 */
type Pending = { key: string; row: number; focus: boolean; attempts: number; isAway: boolean };

const MAX_ATTEMPTS = 3;
/** How long a reveal waits for the lists inside its row: about two seconds of frames. */
const MAX_FRAMES = 120;
