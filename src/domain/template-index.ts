import type { TDataField, TSection } from "~/domain/template-schema";

export type SectionEntry = {
  section: TSection;
  fields: Map<string, TDataField>;
  /** The Repeatable section this one is or sits inside (the nearest one), null otherwise. */
  repeaterId: string | null;
  /**
   * The repeaters this section is or sits inside, outermost first (empty outside repeaters): a value of the section
   * has a row in each, `row` in the first and `innerRows` in the others (row-path.ts).
   */
  repeaterPath: string[];
  /** Ids of the nested sections, depth-first in document order. */
  descendants: string[];
};

/** Lookups for data-value work, built once per template. */
export type TemplateIndex = {
  sections: Map<string, SectionEntry>;
  rootSectionIds: string[];
  /** Depth-first document order: each section, then its sub-sections in `subSections` order. */
  orderedSectionIds: string[];
};

export function buildTemplateIndex(sections: readonly TSection[]): TemplateIndex {
  const byId = new Map(sections.map((section) => [section.id, section]));
  const rootSectionIds = sections.filter((s) => s.parentId === null || !byId.has(s.parentId)).map((s) => s.id);
  const entries = new Map<string, SectionEntry>();
  const orderedSectionIds: string[] = [];

  // Returns the ids visited below `id`; `visited` guards against a stored cycle turning into endless recursion.
  const visit = (id: string, repeaterPath: string[], visited: Set<string>): string[] => {
    const section = byId.get(id);
    if (!section || visited.has(id)) return [];
    visited.add(id);
    orderedSectionIds.push(id);
    const ownPath = section.type === "Repeatable" ? [...repeaterPath, id] : repeaterPath;
    const entry: SectionEntry = {
      section,
      fields: new Map(section.dataFields.map((field) => [field.id, field])),
      repeaterId: ownPath.at(-1) ?? null,
      repeaterPath: ownPath,
      descendants: [],
    };
    entries.set(id, entry);
    for (const childId of section.subSections) {
      const below = visit(childId, ownPath, visited);
      entry.descendants.push(...below);
    }
    return [id, ...entry.descendants];
  };

  const visited = new Set<string>();
  for (const id of rootSectionIds) visit(id, [], visited);
  // Sections no root reaches (only possible in a corrupt template) are still indexed, after the rest.
  for (const section of sections) visit(section.id, [], visited);
  return { sections: entries, rootSectionIds, orderedSectionIds };
}

export function isRepeatable(section: TSection): boolean {
  return section.type === "Repeatable";
}

export function isRepeaterSection(index: TemplateIndex, sectionId: string): boolean {
  const entry = index.sections.get(sectionId);
  return entry !== undefined && isRepeatable(entry.section);
}

/** The repeater and its nested sections (nested repeaters and theirs included), in document order. */
export function repeaterSectionIds(index: TemplateIndex, repeaterId: string): string[] {
  const entry = index.sections.get(repeaterId);
  return entry ? [repeaterId, ...entry.descendants] : [];
}

/**
 * The sections whose fields one row of the repeater holds: the repeater and the Groups in it, not the sections of a
 * repeater nested in it (those have rows of their own inside each row), in document order.
 */
export function rowSectionIds(index: TemplateIndex, repeaterId: string): string[] {
  return repeaterSectionIds(index, repeaterId).filter((id) => index.sections.get(id)?.repeaterId === repeaterId);
}

/** How many inner rows a value of the section carries: the repeaters around it below the outermost (row-path.ts). */
export function innerRowCount(index: TemplateIndex, sectionId: string): number {
  return Math.max(0, (index.sections.get(sectionId)?.repeaterPath.length ?? 0) - 1);
}

export function findField(index: TemplateIndex, sectionId: string, fieldId: string): TDataField | undefined {
  return index.sections.get(sectionId)?.fields.get(fieldId);
}

/** What holds a field's values: a model, or each of its items. */
export type OwnerLevel = "Model" | "Item";

/**
 * The one granularity rule: a field belongs to items when it or its own section is Item-level (so every field of
 * an Item-level section, a repeater among them included); every other field belongs to the model.
 */
export function fieldLevel(entry: SectionEntry, field: TDataField): OwnerLevel {
  return entry.section.granularityLevel === "Item" || field.granularityLevel === "Item" ? "Item" : "Model";
}
