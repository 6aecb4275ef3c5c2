import type { Issue } from "~/domain/app-error";
import { appendPath } from "~/domain/json-path";
import { MAX_REPEATER_DEPTH } from "~/domain/row-path";
import type { TSectionType } from "~/domain/template-schema";

/** A section of an import, as far as nesting is concerned. `parentId`/`subSections` are undefined when omitted. */
export type GraphSection = {
  index: number;
  id: string;
  name: string;
  type: TSectionType;
  parentId?: string | null;
  subSections?: string[];
};

export type SectionGraph = {
  issues: Issue[];
  parentOf: Map<string, string | null>;
  subSectionsOf: Map<string, string[]>;
};

type Listing = { parent: GraphSection; path: string };

/**
 * Checks that `parentId` and `subSections` describe one forest and resolves both sides. Either side may be
 * omitted on a section: an omitted `parentId` comes from the section that lists it, omitted `subSections` from
 * the children naming it as parent (in input order). `externalIds` are ids of sections that failed to parse:
 * referencing them is not reported as unknown, since their own issues already are.
 */
export function resolveSectionGraph(sections: readonly GraphSection[], externalIds: ReadonlySet<string>): SectionGraph {
  const issues: Issue[] = [];
  const byId = new Map<string, GraphSection>();
  for (const section of sections) {
    // A repeated id is reported by the caller; only its first section takes part in the graph.
    if (!byId.has(section.id)) byId.set(section.id, section);
  }
  const isKnown = (id: string) => byId.has(id) || externalIds.has(id);

  const listings = collectListings(sections, isKnown, issues);
  const parentOf = new Map<string, string | null>();
  for (const child of sections) {
    if (byId.get(child.id) !== child) continue;
    const parentId = resolveParent(child, listings.get(child.id) ?? [], isKnown, byId, issues);
    parentOf.set(child.id, parentId);
  }

  const derived = new Map<string, string[]>();
  for (const [childId, parentId] of parentOf) {
    if (parentId !== null) pushTo(derived, parentId, childId);
  }
  const subSectionsOf = new Map<string, string[]>();
  for (const section of byId.values()) {
    subSectionsOf.set(section.id, section.subSections ?? derived.get(section.id) ?? []);
  }

  issues.push(...cycleIssues(sections, byId, parentOf));
  issues.push(...nestedRepeaterIssues(byId, parentOf));
  return { issues, parentOf, subSectionsOf };
}

function sectionPath(section: GraphSection, ...keys: readonly PropertyKey[]): string {
  return appendPath("$.sections", section.index, ...keys);
}

function describe(section: GraphSection): string {
  return `"${section.name}" (${section.id})`;
}

function collectListings(
  sections: readonly GraphSection[],
  isKnown: (id: string) => boolean,
  issues: Issue[],
): Map<string, Listing[]> {
  const listings = new Map<string, Listing[]>();
  for (const parent of sections) {
    const seen = new Set<string>();
    for (const [j, childId] of (parent.subSections ?? []).entries()) {
      const path = sectionPath(parent, "subSections", j);
      if (seen.has(childId)) {
        issues.push({ path, message: `Section ${childId} is listed twice in subSections` });
      } else if (childId === parent.id) {
        issues.push({ path, message: `Section ${describe(parent)} lists itself as a sub-section` });
      } else if (!isKnown(childId)) {
        issues.push({ path, message: `subSections names ${childId}, which is not a section of this template` });
      } else {
        pushTo(listings, childId, { parent, path });
      }
      seen.add(childId);
    }
  }
  return listings;
}

function resolveParent(
  child: GraphSection,
  listedBy: readonly Listing[],
  isKnown: (id: string) => boolean,
  byId: ReadonlyMap<string, GraphSection>,
  issues: Issue[],
): string | null {
  const [first, second] = listedBy;
  if (first && second) {
    issues.push({
      path: second.path,
      message:
        `Section ${describe(child)} is listed in the subSections of both ${describe(first.parent)} ` +
        `and ${describe(second.parent)}; a section has one parent`,
    });
  }
  if (child.parentId === undefined) return first?.parent.id ?? null;

  const parentId = child.parentId;
  const parentIdPath = sectionPath(child, "parentId");
  if (parentId === child.id) {
    issues.push({ path: parentIdPath, message: `Section ${describe(child)} cannot be its own parent` });
    return null;
  }
  if (parentId !== null && !isKnown(parentId)) {
    issues.push({ path: parentIdPath, message: `parentId ${parentId} is not a section of this template` });
    return null;
  }
  const parent = parentId === null ? undefined : byId.get(parentId);
  if (parent?.subSections && !parent.subSections.includes(child.id)) {
    issues.push({
      path: parentIdPath,
      message: `parentId names ${describe(parent)}, but that section's subSections does not list this section`,
    });
  }
  for (const listing of listedBy) {
    if (listing.parent.id === parentId) continue;
    issues.push({
      path: listing.path,
      message: `subSections lists ${describe(child)}, but that section's parentId is ${parentId ?? "null"}`,
    });
  }
  return parentId;
}

function cycleIssues(
  sections: readonly GraphSection[],
  byId: ReadonlyMap<string, GraphSection>,
  parentOf: ReadonlyMap<string, string | null>,
): Issue[] {
  const issues: Issue[] = [];
  const settled = new Set<string>();
  for (const start of sections) {
    if (byId.get(start.id) !== start) continue;
    const chain: string[] = [];
    let current: string | null | undefined = start.id;
    while (current != null && byId.has(current) && !settled.has(current) && !chain.includes(current)) {
      chain.push(current);
      current = parentOf.get(current);
    }
    if (current != null && chain.includes(current)) {
      const cycle = chain.slice(chain.indexOf(current));
      const members = cycle.flatMap((id) => byId.get(id) ?? []);
      const reportAt = members.reduce((a, b) => (b.index < a.index ? b : a));
      issues.push({
        path: sectionPath(reportAt, "parentId"),
        message: `Sections ${[...cycle, current].map((id) => byId.get(id)?.name ?? id).join(" → ")} form a cycle`,
      });
    }
    for (const id of chain) settled.add(id);
  }
  return issues;
}

// A repeater inside a repeater would need two-dimensional rows, which a DataValue's single `row` cannot address.
/** A repeater may sit inside repeaters, MAX_REPEATER_DEPTH levels in all (row-path.ts): deeper is refused. */
function nestedRepeaterIssues(byId: ReadonlyMap<string, GraphSection>, parentOf: ReadonlyMap<string, string | null>): Issue[] {
  const issues: Issue[] = [];
  for (const section of byId.values()) {
    if (section.type !== "Repeatable") continue;
    const visited = new Set<string>([section.id]);
    const enclosing: GraphSection[] = [];
    let ancestorId = parentOf.get(section.id) ?? null;
    while (ancestorId !== null && !visited.has(ancestorId)) {
      const ancestor = byId.get(ancestorId);
      if (!ancestor) break;
      if (ancestor.type === "Repeatable") enclosing.push(ancestor);
      visited.add(ancestorId);
      ancestorId = parentOf.get(ancestorId) ?? null;
    }
    if (enclosing.length >= MAX_REPEATER_DEPTH) {
      const outermost = enclosing.at(-1) as GraphSection;
      issues.push({
        path: sectionPath(section, "type"),
        message:
          `Repeatable section ${describe(section)} sits inside ${enclosing.length} repeaters (the outermost ${describe(outermost)}); ` +
          `repeaters nest at most ${MAX_REPEATER_DEPTH} levels deep`,
      });
    }
  }
  return issues;
}

function pushTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}
