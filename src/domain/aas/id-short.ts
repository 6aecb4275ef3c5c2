/**
 * AAS idShorts of our sections and fields (docs/aas.md §idShorts). An idShort must match `^[a-zA-Z][a-zA-Z0-9_]*$`
 * (AASd-002, V3.0) and also the AAS API V3.1 schema's `^[a-zA-Z][a-zA-Z0-9_-]*[a-zA-Z0-9_]+$` (at least two
 * characters), be at most 128 characters, and be unique among its siblings (AASd-022). The template's `aas.idShort`
 * option wins when it is valid and not yet taken; otherwise one is derived from the name. Templates are immutable, so
 * deriving from one template always gives the same ids; publishing a draft stores them (`withAasIdShorts`), so a
 * rename in a later version keeps the id the earlier version exported.
 */
import { AAS_OPTION, aasOption } from "~/domain/aas/aas-options";
import type { TDataField, TSection } from "~/domain/template-schema";

// Both readings at once: V3.0's characters, and V3.1's API schema's two characters at the least.
export const ID_SHORT_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*[a-zA-Z0-9_]$/;
const MAX_ID_SHORT = 128;
// Room for a collision suffix such as "_12".
const MAX_STEM = MAX_ID_SHORT - 8;

const TRANSLITERATION: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" };

export function isValidIdShort(value: string): boolean {
  return value.length <= MAX_ID_SHORT && ID_SHORT_PATTERN.test(value);
}

/**
 * A valid idShort from a display name: umlauts transliterated, other accents dropped, words joined in PascalCase
 * (the IDTA templates' style), a leading digit prefixed with "N"; `fallback` when nothing usable is left.
 */
export function deriveIdShort(name: string, fallback: string): string {
  const latin = name
    .replace(/[äöüÄÖÜß]/g, (c) => TRANSLITERATION[c] ?? c)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  const words = latin.split(/[^a-zA-Z0-9]+/).filter((w) => w !== "");
  let stem = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  if (stem === "") stem = fallback;
  if (/^[0-9]/.test(stem)) stem = `N${stem}`;
  // One letter ("X") is a V3.0 idShort but not a V3.1 one: an underscore makes it both.
  if (stem.length === 1) stem = `${stem}_`;
  return stem.slice(0, MAX_STEM);
}

/**
 * idShorts for one parent's children, in order: a child's valid, untaken `preferred` id first (all of them before any
 * derived one, so a derived id never steals a stored one), then the derived id, suffixed `_2`, `_3`… on collision.
 * Uniqueness is case-insensitive, the stricter reading of AASd-022.
 */
export function uniqueIdShorts(children: readonly { name: string; preferred?: string; fallback: string }[]): string[] {
  const taken = new Set<string>();
  const result: (string | undefined)[] = children.map(({ preferred }) => {
    if (preferred === undefined || !isValidIdShort(preferred) || taken.has(preferred.toLowerCase())) return undefined;
    taken.add(preferred.toLowerCase());
    return preferred;
  });
  return children.map((child, k) => {
    const given = result[k];
    if (given !== undefined) return given;
    const stem = deriveIdShort(child.name, child.fallback);
    let candidate = stem;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}_${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The idShorts of every section and field of a template, by id; siblings are a section's fields and sub-sections. */
export type IdShortMap = ReadonlyMap<string, string>;

const cache = new WeakMap<readonly TSection[], IdShortMap>();

export function templateIdShorts(sections: readonly TSection[]): IdShortMap {
  const hit = cache.get(sections);
  if (hit) return hit;
  const ids = new Map<string, string>();
  const byId = new Map(sections.map((s) => [s.id, s]));
  const assign = (children: readonly (TSection | TDataField)[]) => {
    const names = uniqueIdShorts(
      children.map((c) => ({
        name: c.name,
        preferred: aasOption(c.options, "idShort"),
        fallback: "dataFields" in c ? "Section" : "Field",
      })),
    );
    children.forEach((c, k) => ids.set(c.id, names[k]!));
  };
  assign(sections.filter((s) => s.parentId === null || !byId.has(s.parentId)));
  for (const section of sections) {
    const subSections = section.subSections.map((id) => byId.get(id)).filter((s): s is TSection => s !== undefined);
    assign([...section.dataFields, ...subSections]);
  }
  cache.set(sections, ids);
  return ids;
}

/** The sections with every section and field carrying its `aas.idShort`, so later renames keep the exported ids. */
export function withAasIdShorts(sections: readonly TSection[]): TSection[] {
  const ids = templateIdShorts(sections);
  return sections.map((section) => ({
    ...section,
    options: { ...section.options, [AAS_OPTION.idShort]: ids.get(section.id)! },
    dataFields: section.dataFields.map((field) => ({
      ...field,
      options: { ...field.options, [AAS_OPTION.idShort]: ids.get(field.id)! },
    })),
  }));
}

/**
 * The field an idShort path names (`Submodel.Collection.Property`, the steps of `parseElementPath`): the first step
 * a top-level section's idShort, then sub-sections', the last a field's — the ids the export gives them
 * (templateIdShorts), so a path read from the AAS read API or the DPP API names the same field here. A list's row
 * (a number step) or a path that ends at a section names no field: null.
 */
export function fieldAtIdShortPath(
  sections: readonly TSection[],
  steps: readonly (string | number)[],
): { dataSectionId: string; dataFieldId: string } | null {
  const ids = templateIdShorts(sections);
  const byId = new Map(sections.map((s) => [s.id, s]));
  let children: readonly TSection[] = sections.filter((s) => s.parentId === null || !byId.has(s.parentId));
  let section: TSection | undefined;
  for (const [k, step] of steps.entries()) {
    if (typeof step !== "string") return null;
    const field = k > 0 && k === steps.length - 1 ? section?.dataFields.find((f) => ids.get(f.id) === step) : undefined;
    if (field && section) return { dataSectionId: section.id, dataFieldId: field.id };
    section = children.find((s) => ids.get(s.id) === step);
    if (!section) return null;
    children = section.subSections.map((id) => byId.get(id)).filter((s): s is TSection => s !== undefined);
  }
  return null;
}
