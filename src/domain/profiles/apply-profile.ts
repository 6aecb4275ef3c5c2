import { AAS_OPTION } from "~/domain/aas/aas-options";
import type { AccessLevel } from "~/domain/field-options";
import type { TProfile, TProfileAddition, TProfileMatch, TProfileRule } from "~/domain/profiles/profile-schema";
import { layoutBelow } from "~/domain/template-draft-edits";
import type { TemplateDraftDocument } from "~/domain/template-draft-schema";
import type { TDataField, TGranularityLevel, TSection } from "~/domain/template-schema";

/**
 * A profile applied to a template document (docs/profiles.md): first the elements the profile adds where their
 * parent is and they are not yet, then each field's access level, granularity and options, and each section's
 * granularity, from the nearest rule naming the element or an enclosing section. Pure; applying a profile twice
 * changes nothing the second time. The report says which rules matched how many elements, which matched nothing,
 * what was added, and how many fields no rule reaches (left as they were).
 */

export type ProfileReport = {
  profileId: string;
  profileName: string;
  matched: { row: string; label: string; match: string; elements: number }[];
  unmatched: { row: string; label: string; match: string }[];
  added: { row: string; path: string }[];
  /** Fields no rule reaches: their access and granularity are left as they were. */
  uncoveredFields: number;
};

export type ApplyProfileOptions = { newId?: () => string };

type Node = { path: string | undefined; semanticId: string | undefined; parentId: string | null };

export function applyProfile(
  document: TemplateDraftDocument,
  profile: TProfile,
  options: ApplyProfileOptions = {},
): { document: TemplateDraftDocument; report: ProfileReport } {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const { sections, added, unmatchedAdditions } = withAdditions(document.sections, profile.additions, newId);
  const nodes = sectionNodes(sections);
  const counts = new Map<TProfileRule, number>();
  const hits = (node: Node) => {
    const rules = profile.rules.filter((rule) => matches(rule.match, node));
    for (const rule of rules) counts.set(rule, (counts.get(rule) ?? 0) + 1);
    return rules;
  };
  const sectionRules = new Map(sections.map((s) => [s.id, hits(nodes.get(s.id) as Node)]));
  // The rules reaching an element, nearest first: its own, then those of each enclosing section outwards.
  const chain = (sectionId: string | null, own: readonly TProfileRule[]): (readonly TProfileRule[])[] => {
    const found: (readonly TProfileRule[])[] = [own];
    for (let id = sectionId; id !== null; id = nodes.get(id)?.parentId ?? null) found.push(sectionRules.get(id) ?? []);
    return found;
  };
  let uncoveredFields = 0;
  const applied = sections.map((section): TSection => {
    const granularity = nearest(chain(section.parentId, sectionRules.get(section.id) ?? []), (r) => r.granularity);
    const dataFields = section.dataFields.map((field): TDataField => {
      const reaching = chain(section.id, hits(fieldNode(field, section.id, nodes)));
      if (reaching.every((rules) => rules.length === 0)) uncoveredFields += 1;
      return ruledField(field, reaching);
    });
    return { ...section, dataFields, ...(granularity && { granularityLevel: granularity }) };
  });
  const label = (match: TProfileMatch) => ("path" in match ? match.path : match.semanticId);
  const report: ProfileReport = {
    profileId: profile.id,
    profileName: profile.name,
    matched: profile.rules
      .filter((rule) => counts.has(rule))
      .map((rule) => ({ row: rule.row, label: rule.label, match: label(rule.match), elements: counts.get(rule) ?? 0 })),
    unmatched: [
      ...profile.rules
        .filter((rule) => !counts.has(rule))
        .map((rule) => ({ row: rule.row, label: rule.label, match: label(rule.match) })),
      ...unmatchedAdditions.map((a) => ({ row: a.row, label: `add ${a.idShort}`, match: label(a.parent) })),
    ],
    added,
    uncoveredFields,
  };
  return { document: { ...document, sections: applied }, report };
}

function ruledField(field: TDataField, reaching: readonly (readonly TProfileRule[])[]): TDataField {
  const access = nearest(reaching, (r) => r.access);
  const granularity = nearest(reaching, (r) => r.granularity);
  const extra = Object.assign({}, ...[...reaching].reverse().flatMap((rules) => rules.map((r) => r.options ?? {}))) as Record<
    string,
    string
  >;
  const options: Record<string, string> = { ...field.options, ...extra, ...(access && { access: access satisfies AccessLevel }) };
  return { ...field, options, ...(granularity && { granularityLevel: granularity satisfies TGranularityLevel }) };
}

/** The value of the nearest rule that sets it; of two rules naming one element, the later in the file. */
function nearest<T>(reaching: readonly (readonly TProfileRule[])[], pick: (rule: TProfileRule) => T | undefined): T | undefined {
  for (const rules of reaching) {
    const value = rules.map(pick).findLast((v) => v !== undefined);
    if (value !== undefined) return value;
  }
  return undefined;
}

function matches(match: TProfileMatch, node: Node): boolean {
  return "path" in match ? node.path === match.path : node.semanticId === match.semanticId;
}

/** The id a semanticId option names: the option itself, or the first key of a Reference written as JSON. */
export function semanticIdKey(option: string | undefined): string | undefined {
  if (option === undefined || !option.startsWith("{")) return option;
  try {
    const reference = JSON.parse(option) as { keys?: { value?: unknown }[] };
    const value = reference.keys?.[0]?.value;
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Each section's idShort path from its submodel and its semanticId; a section without an idShort has no path. */
function sectionNodes(sections: readonly TSection[]): Map<string, Node> {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const nodes = new Map<string, Node>();
  const nodeOf = (section: TSection, depth = 0): Node => {
    const known = nodes.get(section.id);
    if (known) return known;
    const parent = section.parentId === null ? undefined : byId.get(section.parentId);
    const parentPath = parent && depth < 1_000 ? nodeOf(parent, depth + 1).path : "";
    const idShort = section.options?.[AAS_OPTION.idShort];
    const node: Node = {
      path: parentPath === undefined || idShort === undefined ? undefined : parentPath ? `${parentPath}/${idShort}` : idShort,
      semanticId: semanticIdKey(section.options?.[AAS_OPTION.semanticId]),
      parentId: section.parentId,
    };
    nodes.set(section.id, node);
    return node;
  };
  for (const section of sections) nodeOf(section);
  return nodes;
}

function fieldNode(field: TDataField, sectionId: string, nodes: Map<string, Node>): Node {
  const sectionPath = nodes.get(sectionId)?.path;
  const idShort = field.options[AAS_OPTION.idShort];
  return {
    path: sectionPath === undefined || idShort === undefined ? undefined : `${sectionPath}/${idShort}`,
    semanticId: semanticIdKey(field.options[AAS_OPTION.semanticId]),
    parentId: sectionId,
  };
}

/** The sections with every addition placed under each section its parent matches, unless one with its semanticId is there. */
function withAdditions(
  input: readonly TSection[],
  additions: readonly TProfileAddition[],
  newId: () => string,
): { sections: TSection[]; added: ProfileReport["added"]; unmatchedAdditions: TProfileAddition[] } {
  let sections = [...input];
  const added: ProfileReport["added"] = [];
  const unmatchedAdditions: TProfileAddition[] = [];
  for (const addition of additions) {
    const nodes = sectionNodes(sections);
    const parents = sections.filter((s) => matches(addition.parent, nodes.get(s.id) as Node));
    if (parents.length === 0) unmatchedAdditions.push(addition);
    for (const parent of parents) {
      const children = sections.filter((s) => s.parentId === parent.id);
      const present = [...parent.dataFields.map((f) => f.options), ...children.map((s) => s.options ?? {})].some(
        (o) => semanticIdKey(o[AAS_OPTION.semanticId]) === addition.semanticId,
      );
      if (present) continue;
      sections = addUnder(sections, parent, children, addition, newId);
      added.push({ row: addition.row, path: `${nodes.get(parent.id)?.path ?? parent.name}/${addition.idShort}` });
    }
  }
  return { sections, added, unmatchedAdditions };
}

function addUnder(
  sections: TSection[],
  parent: TSection,
  children: readonly TSection[],
  addition: TProfileAddition,
  newId: () => string,
): TSection[] {
  const layout = layoutBelow([...parent.dataFields.map((f) => f.layout), ...children.map((s) => s.layout)]);
  const aas = (idShort: string, semanticId: string) => ({ [AAS_OPTION.idShort]: idShort, [AAS_OPTION.semanticId]: semanticId });
  if (addition.type !== undefined) {
    const field: TDataField = {
      id: newId(),
      name: addition.name,
      type: addition.type,
      options: { ...addition.options, ...aas(addition.idShort, addition.semanticId) },
      granularityLevel: "Model",
      layout,
    };
    return sections.map((s) => (s.id === parent.id ? { ...s, dataFields: [...s.dataFields, field] } : s));
  }
  const dataFields: TDataField[] = [];
  for (const spec of addition.fields ?? []) {
    dataFields.push({
      id: newId(),
      name: spec.name,
      type: spec.type,
      options: { ...spec.options, ...aas(spec.idShort, spec.semanticId) },
      granularityLevel: "Model",
      layout: layoutBelow(dataFields.map((f) => f.layout)),
    });
  }
  const group: TSection = {
    id: newId(),
    name: addition.name,
    type: "Group",
    parentId: parent.id,
    subSections: [],
    dataFields,
    granularityLevel: parent.granularityLevel,
    layout,
    options: aas(addition.idShort, addition.semanticId),
  };
  const at = sections.findIndex((s) => s.id === parent.id) + 1 + descendantCount(sections, parent.id);
  const updated = sections.map((s) => (s.id === parent.id ? { ...s, subSections: [...s.subSections, group.id] } : s));
  return [...updated.slice(0, at), group, ...updated.slice(at)];
}

/** How many sections sit below `id` (the flat list keeps each section's descendants right after it). */
function descendantCount(sections: readonly TSection[], id: string): number {
  const below = new Set([id]);
  for (const section of sections) if (section.parentId !== null && below.has(section.parentId)) below.add(section.id);
  return below.size - 1;
}

/** Every section and field with an idShort path (`Submodel/Collection/Property`), by that path. */
export function elementsByPath(sections: readonly TSection[]): Map<string, { section: TSection; field?: TDataField }> {
  const nodes = sectionNodes(sections);
  const found = new Map<string, { section: TSection; field?: TDataField }>();
  for (const section of sections) {
    const path = nodes.get(section.id)?.path;
    if (path !== undefined) found.set(path, { section });
    for (const field of section.dataFields) {
      const fieldPath = fieldNode(field, section.id, nodes).path;
      if (fieldPath !== undefined) found.set(fieldPath, { section, field });
    }
  }
  return found;
}
