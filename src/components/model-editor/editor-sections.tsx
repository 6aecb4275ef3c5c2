"use client";

import { memo } from "react";
import { LayoutCell, LayoutGrid } from "~/components/layout-grid/layout-grid";
import { EditorSection } from "~/components/model-editor/editor-section";
import type { SubSectionView } from "~/components/models/section-views";
import { EmptyState } from "~/components/ui/empty-state";

export type EditorSectionsProps = { roots: readonly SubSectionView[] };

/** The template's root sections on the page's grid, in template order; memoised so saves don't re-render them. */
export const EditorSections = memo(function EditorSections({ roots }: EditorSectionsProps) {
  if (roots.length === 0) {
    return <EmptyState title="Nothing to fill in">This model's template has no Model-level fields.</EmptyState>;
  }
  return (
    <LayoutGrid>
      {roots.map(({ view, placement }) => (
        <LayoutCell key={view.section.id} placement={placement}>
          <EditorSection view={view} depth={2} row={0} />
        </LayoutCell>
      ))}
    </LayoutGrid>
  );
});
