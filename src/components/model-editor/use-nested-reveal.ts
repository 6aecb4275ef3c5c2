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
  /** Whether the repeater shows one row's nested repeaters at a time (its table view with nested repeaters). */
  isActive: boolean;
  shownRow: number | undefined;
  showRow: (row: number) => void;
};

/**
 * A table shows the nested repeaters of one row at a time: a draft asked for inside another row (focus after a failed
 * save, "Jump to next missing", undo) makes that row the shown one, and is revealed once its insides have rendered.
 */
export function useNestedReveal({ index, list, rows, isActive, shownRow, showRow }: UseNestedRevealOptions): void {
  const [pending, setPending] = useState<{ key: string; focus: boolean } | null>(null);
  useEffect(() => {
    if (!isActive) return;
    return registerRevealer((key, how) => {
      const place = parseValueKey(key);
      if (!place) return false;
      const sectionPath = index.sections.get(place.dataSectionId)?.repeaterPath ?? [];
      const path = rowPathOf(place);
      const row = path[list.parentPath.length];
      // The table's own cells are its grid's to reveal; a row already shown has its insides rendered.
      const isNested = sectionPath.length > list.parentPath.length + 1;
      if (row === undefined || row === shownRow || !isNested || !rows.includes(row)) return false;
      if (!isInsideRow(sectionPath, path, list, row)) return false;
      showRow(row);
      setPending({ key, ...how });
      return true;
    });
  }, [index, list, rows, isActive, shownRow, showRow]);
  useEffect(() => {
    if (!pending) return;
    revealDraft(pending.key, pending);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the reveal is done once the row's insides rendered
    setPending(null);
  }, [pending, shownRow]);
}
