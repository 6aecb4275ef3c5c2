"use client";

import { useEffect, useState } from "react";
import { isInsideRow, parseValueKey, type RowList } from "~/components/model-editor/draft-keys";
import { registerRevealer, revealDraft } from "~/components/model-editor/focus-draft";
import { rowPathOf } from "~/domain/row-path";
import type { TemplateIndex } from "~/domain/template-index";

export type UseNestedRevealOptions = {
  index: TemplateIndex;
  list: RowList;
  rows: readonly number[];
  /** Whether some rows' insides are not rendered now (a table's rows but the active one; cards waiting to render). */
  isActive: boolean;
  /** Whether a row's insides are rendered; a new function whenever that changes, so the reveal follows. */
  isShown: (row: number) => boolean;
  showRow: (row: number) => void;
  /**
   * Whether the row's own fields wait with its insides (a card's); a table's own cells are its grid's to reveal, so
   * by default only what is inside the repeaters nested in a row is.
   */
  hasOwnFields?: boolean;
};

/**
 * A list that renders the insides of some rows only — a table shows the nested repeaters of one row at a time, a
 * nested list of cards renders the cards near the window (`repeater-cards.tsx`) — brings a row in when a draft inside
 * it is asked for (focus after a failed save, "Jump to next missing", undo), and reveals the draft once it rendered.
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
  const [pending, setPending] = useState<{ key: string; focus: boolean } | null>(null);
  useEffect(() => {
    if (!isActive) return;
    return registerRevealer((key, how) => {
      const place = parseValueKey(key);
      if (!place) return false;
      const sectionPath = index.sections.get(place.dataSectionId)?.repeaterPath ?? [];
      const path = rowPathOf(place);
      const row = path[list.parentPath.length];
      const isNested = hasOwnFields || sectionPath.length > list.parentPath.length + 1;
      if (row === undefined || isShown(row) || !isNested || !rows.includes(row)) return false;
      if (!isInsideRow(sectionPath, path, list, row)) return false;
      showRow(row);
      setPending({ key, ...how });
      return true;
    });
  }, [index, list, rows, isActive, isShown, showRow, hasOwnFields]);
  useEffect(() => {
    if (!pending) return;
    revealDraft(pending.key, pending);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the reveal is done once the row's insides rendered
    setPending(null);
  }, [pending, isShown]);
}
