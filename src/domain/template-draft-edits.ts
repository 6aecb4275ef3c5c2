import { AppError, type Issue } from "~/domain/app-error";
import { BREAKPOINTS, GRID_COLUMNS, type Layout, normalizeLayout, type ResponsiveValue } from "~/domain/layout";
import { parseTemplateDefinition, type TemplateDefinition } from "~/domain/template-definition";
import type {
  TDataFieldDraftCreateRequest,
  TDataFieldDraftUpdateRequest,
  TDataFieldMoveRequest,
  TemplateDraftDocument,
  TSectionDraftCreateRequest,
  TSectionDraftUpdateRequest,
  TSectionMoveRequest,
} from "~/domain/template-draft-schema";
import type { TDataField, TSection } from "~/domain/template-schema";

/**
 * The edits of a template draft (docs/data-model.md §Template drafts). Each is pure: it takes a document and answers
 * a new one, which `validateDraft` then checks as a whole, exactly as `cli template:import` checks a template, so
 * an edit can never leave a draft that could not be published for a reason of its shape. A missing section or field
 * is NOT_FOUND; a move that cannot happen is VALIDATION.
 */

/** Checks the whole draft and answers it normalised; an empty draft (no sections yet) is valid while editing. */
export function validateDraft(document: TemplateDraftDocument): TemplateDraftDocument {
  if (document.sections.length === 0) return document;
  const definition = parseDraft(document, "The draft");
  return { ...document, sections: definition.sections };
}

/** The template a publication creates, every problem of the draft listed when it cannot be published. */
export function publishableDefinition(document: TemplateDraftDocument): TemplateDefinition {
  return parseDraft(document, "The draft cannot be published; it");
}

function parseDraft(document: TemplateDraftDocument, subject: string): TemplateDefinition {
  const result = parseTemplateDefinition({
    name: document.name,
    description: document.description,
    sectors: document.sectors,
    version: document.version,
    sections: document.sections,
    translations: document.translations,
  });
  if (result.ok) return result.value;
  const count = result.issues.length;
  throw new AppError("VALIDATION", `${subject} has ${count} problem${count === 1 ? "" : "s"}.`, result.issues);
}

// ---- Sections ----

export function addSection(document: TemplateDraftDocument, input: TSectionDraftCreateRequest, id: string): TemplateDraftDocument {
  const parentId = input.parentSectionId ?? null;
  const parent = parentId === null ? undefined : findSection(document, parentId);
  const siblings = siblingSections(document, parentId);
  const section: TSection = {
    id,
    name: input.name,
    type: input.type,
    parentId,
    subSections: [],
    dataFields: [],
    // A section inherits its parent's granularity, so a group added inside an Item-level repeater is Item-level too.
    granularityLevel: input.granularityLevel ?? parent?.granularityLevel ?? "Model",
    layout: input.layout ? normalizeLayout(input.layout, siblings.length + 1) : layoutBelow(siblings.map((s) => s.layout)),
    ...(input.options !== undefined && { options: input.options }),
  };
  const sections = document.sections.map((s) => (s.id === parentId ? { ...s, subSections: [...s.subSections, id] } : s));
  return { ...document, sections: [...sections, section] };
}

export function modifySection(
  document: TemplateDraftDocument,
  sectionId: string,
  input: TSectionDraftUpdateRequest,
): TemplateDraftDocument {
  const section = findSection(document, sectionId);
  const position = siblingSections(document, section.parentId).indexOf(section) + 1;
  const options = input.options ?? section.options;
  const translations = input.translations ?? section.translations;
  return replaceSection(document, {
    ...section,
    name: input.name ?? section.name,
    type: input.type ?? section.type,
    granularityLevel: input.granularityLevel ?? section.granularityLevel,
    layout: input.layout ? normalizeLayout(input.layout, position) : section.layout,
    // validateDraft drops an empty map, so `{}` removes the options.
    ...(options !== undefined && { options }),
    // validateDraft drops an empty map too, so `{}` removes every translation.
    ...(translations !== undefined && { translations }),
  });
}

/** Deletes the section with its nested sections and all their data fields. */
export function deleteSection(document: TemplateDraftDocument, sectionId: string): TemplateDraftDocument {
  const section = findSection(document, sectionId);
  const removed = new Set<string>();
  const collect = (id: string) => {
    if (removed.has(id)) return;
    removed.add(id);
    for (const child of document.sections.find((s) => s.id === id)?.subSections ?? []) collect(child);
  };
  collect(section.id);
  const sections = document.sections
    .filter((s) => !removed.has(s.id))
    .map((s) => (s.id === section.parentId ? { ...s, subSections: s.subSections.filter((c) => c !== sectionId) } : s));
  return { ...document, sections };
}

/**
 * Up/down swaps the section with its neighbour among its siblings, order and grid cell, so it also moves where it
 * renders. To another parent it is placed below that parent's sections at every breakpoint.
 */
export function moveSection(document: TemplateDraftDocument, sectionId: string, move: TSectionMoveRequest): TemplateDraftDocument {
  const section = findSection(document, sectionId);
  if (move.type === "Position") {
    const siblings = siblingSections(document, section.parentId);
    const neighbour = siblings[siblings.indexOf(section) + (move.direction === "up" ? -1 : 1)];
    if (!neighbour) throw cannotMove(`Section "${section.name}" is already the ${edgeWord(move.direction)} of its siblings.`);
    const swapped = swapLayouts(document.sections, section, neighbour);
    if (section.parentId === null) return { ...document, sections: swapEntries(swapped, section.id, neighbour.id) };
    return {
      ...document,
      sections: swapped.map((s) =>
        s.id === section.parentId ? { ...s, subSections: swapIds(s.subSections, section.id, neighbour.id) } : s,
      ),
    };
  }
  const parentId = move.parentSectionId;
  if (parentId === section.parentId) return document;
  if (parentId !== null) findSection(document, parentId);
  // Placed below the new siblings; sections nested under the moved one come along unchanged.
  const layout = layoutBelow(siblingSections(document, parentId).map((s) => s.layout));
  const moved: TSection = { ...section, parentId, layout };
  const others = document.sections
    .filter((s) => s.id !== sectionId)
    .map((s) => {
      if (s.id === section.parentId) return { ...s, subSections: s.subSections.filter((c) => c !== sectionId) };
      if (s.id === parentId) return { ...s, subSections: [...s.subSections, sectionId] };
      return s;
    });
  return { ...document, sections: [...others, moved] };
}

// ---- Data fields ----

export function addDataField(
  document: TemplateDraftDocument,
  sectionId: string,
  input: TDataFieldDraftCreateRequest,
  id: string,
): TemplateDraftDocument {
  const section = findSection(document, sectionId);
  const field: TDataField = {
    id,
    name: input.name,
    type: input.type,
    options: input.options ?? {},
    granularityLevel: input.granularityLevel,
    layout: input.layout
      ? normalizeLayout(input.layout, section.dataFields.length + 1)
      : layoutBelow(section.dataFields.map((f) => f.layout)),
  };
  return replaceSection(document, { ...section, dataFields: [...section.dataFields, field] });
}

export function modifyDataField(
  document: TemplateDraftDocument,
  sectionId: string,
  fieldId: string,
  input: TDataFieldDraftUpdateRequest,
): TemplateDraftDocument {
  const section = findSection(document, sectionId);
  const field = findField(section, fieldId);
  const position = section.dataFields.indexOf(field) + 1;
  const modified: TDataField = {
    ...field,
    name: input.name ?? field.name,
    type: input.type ?? field.type,
    options: input.options ?? field.options,
    granularityLevel: input.granularityLevel ?? field.granularityLevel,
    layout: input.layout ? normalizeLayout(input.layout, position) : field.layout,
    ...(input.translations !== undefined && { translations: input.translations }),
  };
  return replaceSection(document, { ...section, dataFields: section.dataFields.map((f) => (f.id === fieldId ? modified : f)) });
}

export function deleteDataField(document: TemplateDraftDocument, sectionId: string, fieldId: string): TemplateDraftDocument {
  const section = findSection(document, sectionId);
  findField(section, fieldId);
  return replaceSection(document, { ...section, dataFields: section.dataFields.filter((f) => f.id !== fieldId) });
}

/** Up/down swaps order and grid cell with the neighbouring field; to another section it goes below that section's fields. */
export function moveDataField(
  document: TemplateDraftDocument,
  sectionId: string,
  fieldId: string,
  move: TDataFieldMoveRequest,
): TemplateDraftDocument {
  const section = findSection(document, sectionId);
  const field = findField(section, fieldId);
  if (move.type === "Position") {
    const neighbour = section.dataFields[section.dataFields.indexOf(field) + (move.direction === "up" ? -1 : 1)];
    if (!neighbour) throw cannotMove(`Data field "${field.name}" is already the ${edgeWord(move.direction)} of its section.`);
    const dataFields = swapEntries(swapLayouts(section.dataFields, field, neighbour), field.id, neighbour.id);
    return replaceSection(document, { ...section, dataFields });
  }
  if (move.sectionId === sectionId) return document;
  const target = findSection(document, move.sectionId);
  const moved: TDataField = { ...field, layout: layoutBelow(target.dataFields.map((f) => f.layout)) };
  const without = replaceSection(document, { ...section, dataFields: section.dataFields.filter((f) => f.id !== fieldId) });
  return replaceSection(without, { ...target, dataFields: [...target.dataFields, moved] });
}

// ---- Helpers ----

function findSection(document: TemplateDraftDocument, sectionId: string): TSection {
  const section = document.sections.find((s) => s.id === sectionId);
  if (!section) throw new AppError("NOT_FOUND", `Section ${sectionId} not found in this draft.`);
  return section;
}

function findField(section: TSection, fieldId: string): TDataField {
  const field = section.dataFields.find((f) => f.id === fieldId);
  if (!field) throw new AppError("NOT_FOUND", `Data field ${fieldId} not found in section "${section.name}".`);
  return field;
}

/** Top-level sections in document order, or the parent's sub-sections in its `subSections` order. */
function siblingSections(document: TemplateDraftDocument, parentId: string | null): TSection[] {
  if (parentId === null) return document.sections.filter((s) => s.parentId === null);
  const parent = findSection(document, parentId);
  return parent.subSections.flatMap((id) => document.sections.find((s) => s.id === id) ?? []);
}

function replaceSection(document: TemplateDraftDocument, section: TSection): TemplateDraftDocument {
  return { ...document, sections: document.sections.map((s) => (s.id === section.id ? section : s)) };
}

/** Full width, one row high, starting below every sibling's last row, at each breakpoint. */
export function layoutBelow(siblings: readonly Layout[]): Layout {
  const each = (value: (bp: (typeof BREAKPOINTS)[number]) => number) =>
    Object.fromEntries(BREAKPOINTS.map((bp) => [bp, value(bp)])) as ResponsiveValue;
  return {
    colStart: each(() => 1),
    colSpan: each(() => GRID_COLUMNS),
    rowStart: each((bp) => Math.max(0, ...siblings.map((l) => l.rowStart[bp] + l.rowSpan[bp] - 1)) + 1),
    rowSpan: each(() => 1),
  };
}

function swapLayouts<T extends { id: string; layout: Layout }>(items: readonly T[], a: T, b: T): T[] {
  return items.map((item) => {
    if (item.id === a.id) return { ...item, layout: b.layout };
    if (item.id === b.id) return { ...item, layout: a.layout };
    return item;
  });
}

function swapEntries<T extends { id: string }>(items: readonly T[], a: string, b: string): T[] {
  const i = items.findIndex((item) => item.id === a);
  const j = items.findIndex((item) => item.id === b);
  const result = [...items];
  [result[i], result[j]] = [items[j] as T, items[i] as T];
  return result;
}

function swapIds(ids: readonly string[], a: string, b: string): string[] {
  return ids.map((id) => (id === a ? b : id === b ? a : id));
}

function edgeWord(direction: "up" | "down"): string {
  return direction === "up" ? "first" : "last";
}

function cannotMove(message: string): AppError {
  const issue: Issue = { path: "$.direction", message };
  return new AppError("VALIDATION", message, [issue]);
}
