import type { CSSProperties } from "react";
import { placeSectionCells } from "~/domain/cell-placement";
import { placementStyle } from "~/domain/placement-style";
import { buildTemplateIndex, fieldLevel, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import type { TDataField, TSection } from "~/domain/template-schema";

export type FieldView = { field: TDataField; placement: CSSProperties };
export type SubSectionView = { view: SectionView; placement: CSSProperties };

/** A section ready to render: the fields and nested sections that are shown, each with its grid placement. */
export type SectionView = {
  section: TSection;
  isRepeater: boolean;
  fields: FieldView[];
  subSections: SubSectionView[];
};

export type SectionViews = { index: TemplateIndex; roots: SubSectionView[] };

/** Whether a section shows any field, itself or in its nested sections (a repeater without one takes no rows). */
export function hasAnyField(view: SectionView): boolean {
  return view.fields.length > 0 || view.subSections.some(({ view: child }) => hasAnyField(child));
}

export type BuildSectionViewsOptions = {
  /**
   * Which fields are shown, by the one granularity rule (`fieldLevel`). A model holds Model-level values only, so
   * its editor leaves out Item-level fields and Item-level sections (with everything inside them: they describe
   * individual items). An item's editor shows only Item-level fields, in the sections that hold any. A template
   * preview shows them all, marked.
   */
  level: OwnerLevel | "all";
};

/**
 * Turns a template's flat section list into the tree the editor and previews render, computing every placement
 * once: a repeater's rows all share their section's placements, however many rows there are.
 */
export function buildSectionViews(sections: readonly TSection[], { level }: BuildSectionViewsOptions): SectionViews {
  const index = buildTemplateIndex(sections);

  const build = (sectionId: string, visited: Set<string>): SectionView | undefined => {
    const entry = index.sections.get(sectionId);
    const section = entry?.section;
    if (!entry || !section || visited.has(sectionId)) return undefined;
    if (level === "Model" && section.granularityLevel === "Item") return undefined;
    visited.add(sectionId);
    const fields = section.dataFields.filter((field) => level === "all" || fieldLevel(entry, field) === level);
    const children = section.subSections.flatMap((id) => {
      const child = build(id, visited);
      return child ? [child] : [];
    });
    // A Model-level section shows in an item's editor only for the Item-level fields it holds.
    if (level === "Item" && fields.length === 0 && children.length === 0) return undefined;
    const placed = placeSectionCells(
      fields.map((field) => field.layout),
      children.map((child) => child.section.layout),
    );
    return {
      section,
      isRepeater: section.type === "Repeatable",
      fields: fields.map((field, i) => ({ field, placement: styleAt(placed.fields, i) })),
      subSections: children.map((view, i) => ({ view, placement: styleAt(placed.subSections, i) })),
    };
  };

  const visited = new Set<string>();
  const roots = index.rootSectionIds.flatMap((id) => {
    const view = build(id, visited);
    return view ? [view] : [];
  });
  // Root sections sit on a page-level grid of their own, by their own layouts.
  const placed = placeSectionCells(
    [],
    roots.map((view) => view.section.layout),
  );
  return { index, roots: roots.map((view, i) => ({ view, placement: styleAt(placed.subSections, i) })) };
}

function styleAt(placements: ReturnType<typeof placeSectionCells>["fields"], i: number): CSSProperties {
  const placement = placements[i];
  if (!placement) throw new Error(`No placement for cell ${i}`);
  return placementStyle(placement);
}

/** h2 for root sections, one level deeper per nesting, never past h6. */
export function headingLevel(depth: number): 2 | 3 | 4 | 5 | 6 {
  return Math.min(6, Math.max(2, depth)) as 2 | 3 | 4 | 5 | 6;
}

/** How many fields a section tree shows, for summaries such as "12 fields are recorded per item". */
export function countFields(views: readonly SubSectionView[]): number {
  return views.reduce((sum, { view }) => sum + view.fields.length + countFields(view.subSections), 0);
}
