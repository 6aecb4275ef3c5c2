"use client";

import { memo, type ReactNode } from "react";
import { SectionHeading } from "~/components/models/section-heading";
import { headingLevel, type SectionView } from "~/components/models/section-views";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * Rows after this many let the browser skip their rendering while off screen (`content-visibility: auto`). In a
 * 200-row repeater that halves the time from keypress to painted frame (about 30 to 17 ms measured); the first rows
 * always render, so short repeaters, full-page captures and prints show every row.
 */
const EAGER_ROWS = 12;

export type RepeaterRowProps = {
  view: SectionView;
  depth: number;
  row: number;
  /** 1-based place in the list; row numbers themselves may have gaps after removals. */
  position: number;
  onRequestRemove: (row: number) => void;
  /** The row's content, from the section tree; the same function from render to render, so the memo holds. */
  renderRow: (row: number) => ReactNode;
};

/**
 * One row of a repeater as a card around its content. Memoised on stable props, so a row re-renders only when its
 * own position changes (a row above it was removed), never because another row or field changed.
 */
export const RepeaterRow = memo(function RepeaterRow({ view, depth, row, position, onRequestRemove, renderRow }: RepeaterRowProps) {
  const headingId = `row-${view.section.id}-${row}`;
  return (
    <li data-row={row} className={cn(position > EAGER_ROWS && "[contain-intrinsic-size:auto_24rem] [content-visibility:auto]")}>
      <div role="group" aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 bg-white p-3 sm:p-4">
        <div className="flex items-center justify-between gap-2">
          <SectionHeading level={headingLevel(depth + 1)} id={headingId}>
            Row {position}
          </SectionHeading>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => onRequestRemove(row)}>
            Remove row<span className="sr-only"> {position}</span>
          </Button>
        </div>
        {renderRow(row)}
      </div>
    </li>
  );
});
