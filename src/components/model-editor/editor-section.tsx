"use client";

import { memo } from "react";
import { RepeaterSection } from "~/components/model-editor/repeater-section";
import { SectionBody } from "~/components/model-editor/section-body";
import { SectionHeading } from "~/components/models/section-heading";
import { headingLevel, type SectionView } from "~/components/models/section-views";
import { cn } from "~/lib/cn";

export type EditorSectionProps = { view: SectionView; depth: number; row: number };

/** A section: a root one as a card, a nested one as an inset panel; a repeater shows its rows. */
export const EditorSection = memo(function EditorSection({ view, depth, row }: EditorSectionProps) {
  const headingId = `section-${view.section.id}-${row}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "min-w-0 space-y-4",
        depth <= 2
          ? "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          : "rounded-md border border-slate-200 bg-slate-50/60 p-3 sm:p-4",
      )}
    >
      {view.isRepeater ? (
        <RepeaterSection view={view} depth={depth} headingId={headingId} />
      ) : (
        <>
          <SectionHeading level={headingLevel(depth)} id={headingId}>
            {view.section.name}
          </SectionHeading>
          <SectionBody view={view} depth={depth} row={row} />
        </>
      )}
    </section>
  );
});
