"use client";

import { useTranslations } from "next-intl";
import { memo, type ReactNode } from "react";
import { LayoutCell, LayoutGrid } from "~/components/layout-grid/layout-grid";
import { SectionCompleteness } from "~/components/model-editor/completeness-status";
import { EditorField } from "~/components/model-editor/editor-field";
import { useEditor } from "~/components/model-editor/editor-context";
import { RepeaterSection } from "~/components/model-editor/repeater-section";
import { SectionHeading, sectionFrameClass } from "~/components/models/section-heading";
import { headingLevel, type SectionView, type SubSectionView } from "~/components/models/section-views";
import { EmptyState } from "~/components/ui/empty-state";

export type SectionTreeProps = {
  roots: readonly SubSectionView[];
  /**
   * Why there is nothing to fill in, for the owner being edited; by default a model's (its template may have no
   * Model-level fields).
   */
  emptyText?: string;
};

/**
 * The template's sections as the editor shows them, the whole tree in this file:
 *
 *   root sections on the page's grid             (SectionTree)
 *   └ section card: heading + its content        (renderSection)
 *     └ content of one row: fields, sub-sections (SectionContent, recursing through renderSection)
 *   a repeater's card holds its rows instead      (RepeaterSection; a RepeaterRow card per row renders SectionContent)
 *
 * Content inside repeater rows carries the row's whole path (`path`: outermost first, empty outside repeaters), so a
 * repeater nested in a row renders its rows under that row: cards inside cards, or, in the table view, under the
 * table for the active row (`renderNested`).
 *
 * Memoised throughout on stable props (views, depths, row paths, and `renderRow`, which is new only when the
 * content above it renders again), so a keystroke re-renders only its own field, and a row added or removed
 * re-renders only the row cards whose position changed.
 */
export const SectionTree = memo(function SectionTree({ roots, emptyText }: SectionTreeProps) {
  const t = useTranslations("editor");
  if (roots.length === 0) {
    return <EmptyState title={t("nothingToFill")}>{emptyText ?? t("noModelFields")}</EmptyState>;
  }
  return (
    <LayoutGrid>
      {roots.map(({ view, placement }) => (
        <LayoutCell key={view.section.id} placement={placement}>
          {renderSection(view, 2, NO_PATH)}
        </LayoutCell>
      ))}
    </LayoutGrid>
  );
});

const NO_PATH: readonly number[] = [];

type SectionContentProps = { view: SectionView; depth: number; path: readonly number[] };

/** A section's grid for one row: its fields, then its nested sections, each at its placement. */
const SectionContent = memo(function SectionContent({ view, depth, path }: SectionContentProps) {
  const t = useTranslations("editor");
  if (view.fields.length === 0 && view.subSections.length === 0) {
    return <p className="text-sm text-slate-600">{t("sectionNoFields")}</p>;
  }
  return (
    <LayoutGrid>
      {view.fields.map(({ field, placement }) => (
        <LayoutCell key={field.id} placement={placement}>
          <EditorField sectionId={view.section.id} field={field} path={path} />
        </LayoutCell>
      ))}
      {view.subSections.map(({ view: child, placement }) => (
        <LayoutCell key={child.section.id} placement={placement}>
          {renderSection(child, depth + 1, path)}
        </LayoutCell>
      ))}
    </LayoutGrid>
  );
});

/** The repeaters nested in one row of a repeater shown as a table: what its columns cannot hold. */
function NestedRepeaters({ view, depth, path }: SectionContentProps) {
  return (
    <div className="space-y-4">
      {view.subSections
        .filter(({ view: child }) => child.isRepeater)
        .map(({ view: child }) => (
          <div key={child.section.id}>{renderSection(child, depth + 1, path)}</div>
        ))}
    </div>
  );
}

/** A section in one row of its parent (`path`): a root one as a card, a nested one as an inset panel. */
function renderSection(view: SectionView, depth: number, path: readonly number[]): ReactNode {
  const headingId = `section-${view.section.id}-${path.length > 0 ? path.join("-") : 0}`;
  return (
    <section aria-labelledby={headingId} className={sectionFrameClass(depth)}>
      {view.isRepeater ? (
        <RepeaterSection
          view={view}
          depth={depth}
          headingId={headingId}
          parentPath={path}
          renderRow={(repeaterRow) => <SectionContent view={view} depth={depth + 1} path={[...path, repeaterRow]} />}
          renderNested={(repeaterRow) => <NestedRepeaters view={view} depth={depth + 1} path={[...path, repeaterRow]} />}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <SectionHeading level={headingLevel(depth)} id={headingId}>
              {view.section.name}
            </SectionHeading>
            <OutsideRowsCompleteness view={view} />
          </div>
          <SectionContent view={view} depth={depth} path={path} />
        </>
      )}
    </section>
  );
}

/**
 * A section's completeness beside its heading, for sections outside repeaters (a repeater shows its own, over all
 * rows); a section inside each of hundreds of rows would recount on every keystroke for little use.
 */
function OutsideRowsCompleteness({ view }: { view: SectionView }) {
  const { index } = useEditor();
  if (index.sections.get(view.section.id)?.repeaterId !== null) return null;
  return <SectionCompleteness view={view} />;
}
