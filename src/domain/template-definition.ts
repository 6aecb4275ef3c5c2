import type { z } from "zod";
import { type Issue, zodIssues } from "~/domain/app-error";
import { fieldOptionIssues } from "~/domain/field-options";
import { appendPath } from "~/domain/json-path";
import { layoutIssues, normalizeLayout } from "~/domain/layout";
import { resolveSectionGraph, type SectionGraph } from "~/domain/section-graph";
import { sectionOptionIssues } from "~/domain/section-options";
import { translationIssues, type TTranslations, withTranslations } from "~/domain/languages/template-translations";
import { type TDataField, type TSection, type TVisibility, ZSectionInput, ZTemplateDefinitionInput } from "~/domain/template-schema";

/** A validated import, ready to be stored as a template or a product data model. */
export type TemplateDefinition = {
  id: string;
  name: string;
  description: string;
  sectors: string[];
  version: string;
  marketplaceResourceId: string | null;
  visibility: TVisibility;
  sections: TSection[];
  /** The template's own name and description per language; absent when none. */
  translations?: TTranslations;
};

export type ParseTemplateDefinitionResult = { ok: true; value: TemplateDefinition } | { ok: false; issues: Issue[] };

type SectionInput = z.output<typeof ZSectionInput>;
type FieldInput = NonNullable<SectionInput["dataFields"]>[number];
type ParsedField = { id: string; input: FieldInput };
type ParsedSection = { index: number; id: string; input: SectionInput; fields: ParsedField[] };

/** Validates an imported template (CLI `template:import` / `pdm:import`) and reports every problem at once. */
export function parseTemplateDefinition(input: unknown): ParseTemplateDefinitionResult {
  const parsed = ZTemplateDefinitionInput.safeParse(input);
  const issues = parsed.success ? [] : zodIssues(parsed.error);
  // When the whole input is malformed, the sections that parse on their own are still checked, so their
  // nesting, layout and option problems are listed alongside the structural ones.
  const { sections, unparsedIds } = parsed.success
    ? { sections: parsed.data.sections.map(withIds), unparsedIds: new Set<string>() }
    : parseSectionsAlone(input);

  issues.push(...duplicateIdIssues(sections));
  const graph = resolveSectionGraph(
    sections.map(({ index, id, input: s }) => ({
      index,
      id,
      name: s.name,
      type: s.type,
      parentId: s.parentId,
      subSections: s.subSections,
    })),
    unparsedIds,
  );
  issues.push(...graph.issues);
  const rootIds = sections.filter((s) => (graph.parentOf.get(s.id) ?? null) === null).map((s) => s.id);
  const built = sections.map((section) => {
    const value = buildSection(section, graph, rootIds);
    issues.push(...sectionContentIssues(value, section.index));
    return value;
  });

  if (!parsed.success || issues.length > 0) return { ok: false, issues };
  const { data } = parsed;
  return {
    ok: true,
    value: {
      id: data.id ?? crypto.randomUUID(),
      name: data.name,
      description: data.description,
      sectors: data.sectors,
      version: data.version,
      marketplaceResourceId: data.marketplaceResourceId ?? null,
      visibility: data.visibility ?? "Private",
      sections: built,
      ...withTranslations(data.translations),
    },
  };
}

function withIds(input: SectionInput, index: number): ParsedSection {
  return {
    index,
    id: input.id ?? crypto.randomUUID(),
    input,
    fields: (input.dataFields ?? []).map((field) => ({ id: field.id ?? crypto.randomUUID(), input: field })),
  };
}

function parseSectionsAlone(input: unknown): { sections: ParsedSection[]; unparsedIds: Set<string> } {
  const sections: ParsedSection[] = [];
  const unparsedIds = new Set<string>();
  const raw = isRecord(input) && Array.isArray(input.sections) ? (input.sections as unknown[]) : [];
  for (const [index, item] of raw.entries()) {
    const result = ZSectionInput.safeParse(item);
    if (result.success) sections.push(withIds(result.data, index));
    else if (isRecord(item) && typeof item.id === "string") unparsedIds.add(item.id);
  }
  return { sections, unparsedIds };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function duplicateIdIssues(sections: readonly ParsedSection[]): Issue[] {
  const issues: Issue[] = [];
  const sectionPaths = new Map<string, string>();
  // Data values address a field by (section, field), but a template-wide unique field id keeps
  // carried-over versions and exports unambiguous.
  const fieldPaths = new Map<string, string>();
  for (const section of sections) {
    const path = appendPath("$.sections", section.index);
    const firstSection = sectionPaths.get(section.id);
    if (firstSection) {
      const message = `Section id ${section.id} is already used at ${firstSection}`;
      issues.push({ path: appendPath(path, "id"), message });
    } else {
      sectionPaths.set(section.id, path);
    }
    for (const [k, field] of section.fields.entries()) {
      const fieldPath = appendPath(path, "dataFields", k);
      const firstField = fieldPaths.get(field.id);
      if (firstField) {
        const message = `Data field id ${field.id} is already used at ${firstField}`;
        issues.push({ path: appendPath(fieldPath, "id"), message });
      } else {
        fieldPaths.set(field.id, fieldPath);
      }
    }
  }
  return issues;
}

function buildSection(section: ParsedSection, graph: SectionGraph, rootIds: readonly string[]): TSection {
  const { input } = section;
  const parentId = graph.parentOf.get(section.id) ?? null;
  const siblings = parentId === null ? rootIds : (graph.subSectionsOf.get(parentId) ?? []);
  // Unplaced sections stack in sibling order.
  const position = Math.max(1, siblings.indexOf(section.id) + 1);
  return {
    id: section.id,
    name: input.name,
    type: input.type,
    parentId,
    subSections: graph.subSectionsOf.get(section.id) ?? [],
    dataFields: section.fields.map(({ id, input: field }, k): TDataField => ({
      id,
      name: field.name,
      type: field.type,
      options: field.options ?? {},
      granularityLevel: field.granularityLevel,
      layout: normalizeLayout(field.layout, k + 1),
      ...withTranslations(field.translations),
    })),
    granularityLevel: input.granularityLevel,
    layout: normalizeLayout(input.layout, position),
    // Left out when empty, so a section without options keeps the shape it had before sections had options.
    ...(input.options !== undefined && Object.keys(input.options).length > 0 && { options: input.options }),
    ...withTranslations(input.translations),
  };
}

function sectionContentIssues(section: TSection, index: number): Issue[] {
  const path = appendPath("$.sections", index);
  const issues = layoutIssues(section.layout, appendPath(path, "layout"));
  issues.push(...sectionOptionIssues(section, appendPath(path, "options")));
  for (const [k, field] of section.dataFields.entries()) {
    const fieldPath = appendPath(path, "dataFields", k);
    issues.push(...fieldOptionIssues(field, appendPath(fieldPath, "options")));
    issues.push(...layoutIssues(field.layout, appendPath(fieldPath, "layout")));
    issues.push(...translationIssues(field, appendPath(fieldPath, "translations")));
  }
  return issues;
}
