import { nestedTemplate } from "~/domain/nested-template.fixture";
import { parseTemplateDefinition } from "~/domain/template-definition";
import type { TSection } from "~/domain/template-schema";

/**
 * The nested fixture (nested-template.fixture.ts: footprints > validity and stages > sources) with every section at
 * Item level (docs/data-model.md §Granularity), so its repeaters are an item's and appear in the item sheets; for the
 * spreadsheet tests of nested repeaters.
 */
export function nestedItemTemplate(templateId?: string, limits: { stagesMaxRows?: string } = {}) {
  const definition = nestedTemplate(templateId, limits);
  return { ...definition, sections: definition.sections.map((section) => ({ ...section, granularityLevel: "Item" as const })) };
}

/** The Item-level nested fixture's sections as a template stores them. */
export function nestedItemSections(limits: { stagesMaxRows?: string } = {}): TSection[] {
  const parsed = parseTemplateDefinition(nestedItemTemplate(undefined, limits));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value.sections;
}
