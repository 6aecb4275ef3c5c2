"use client";

import { memo } from "react";
import { LayoutCell, LayoutGrid } from "~/components/layout-grid/layout-grid";
import { EditorField } from "~/components/model-editor/editor-field";
import { EditorSection } from "~/components/model-editor/editor-section";
import type { SectionView } from "~/components/models/section-views";

export type SectionBodyProps = { view: SectionView; depth: number; row: number };

/** A section's grid for one row: its fields, then its nested sections, each at its placement. */
export const SectionBody = memo(function SectionBody({ view, depth, row }: SectionBodyProps) {
  if (view.fields.length === 0 && view.subSections.length === 0) {
    return <p className="text-sm text-slate-600">This section has no fields a model holds.</p>;
  }
  return (
    <LayoutGrid>
      {view.fields.map(({ field, placement }) => (
        <LayoutCell key={field.id} placement={placement}>
          <EditorField sectionId={view.section.id} field={field} row={row} />
        </LayoutCell>
      ))}
      {view.subSections.map(({ view: child, placement }) => (
        <LayoutCell key={child.section.id} placement={placement}>
          <EditorSection view={child} depth={depth + 1} row={row} />
        </LayoutCell>
      ))}
    </LayoutGrid>
  );
});
