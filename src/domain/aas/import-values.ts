/**
 * The values an AAS environment holds for one owner's template (docs/aas.md §Importing values): each submodel is
 * matched to a top-level section, each element to a field or sub-section of the matched section — by semanticId when
 * both name one, else by idShort (the ids our export writes, `templateIdShorts`). A repeater's list gives its rows
 * in list order. Pure: the caller turns the result into one changes request of the one write path. What matches
 * nothing (or cannot be a value of the field it matched) is listed, never dropped silently.
 */
import { aasOption } from "~/domain/aas/aas-options";
import { aasMeta, type Jsonable } from "~/domain/aas/export-metadata";
import { RANGE_SEPARATOR } from "~/domain/aas/export-environment";
import { templateIdShorts } from "~/domain/aas/id-short";
import { multiLanguageValues } from "~/domain/aas/multi-language-values";
import { type Issue, MAX_ISSUES } from "~/domain/app-error";
import { splitRowPath } from "~/domain/row-path";
import { isListField, isMultilingual, isYesNoField } from "~/domain/field-options";
import { encodeListValue } from "~/domain/list-value";
import { appendPath } from "~/domain/json-path";
import { encodeRange, isRangeField } from "~/domain/range-value";
import { fieldLevel, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import type { TDataField, TSection } from "~/domain/template-schema";

/**
 * `language` only on a multilingual field's value read from a MultiLanguageProperty: one value per language given;
 * `innerRows` only inside nested repeaters (row-path.ts).
 */
export type ImportedValue = {
  dataSectionId: string;
  dataFieldId: string;
  row: number;
  innerRows?: number[];
  value: string | null;
  language?: string;
};
export type UnmatchedElement = { path: string; reason: string };

export type AasValueImport = {
  /** Values of fields outside repeaters (row 0). */
  values: ImportedValue[];
  /**
   * Per outermost repeater given in the environment: its rows' values, the rows of each list numbered 0…n-1 in list
   * order at every level (a nested list's values carry their inner rows), and each row's path (rowPathText).
   */
  repeaters: Map<string, { rowPaths: Set<string>; values: ImportedValue[] }>;
  /** What the write cannot place (at most MAX_UNMATCHED); `unmatchedCount` counts them all. */
  unmatched: UnmatchedElement[];
  unmatchedCount: number;
  /** Language tags of MultiLanguageProperty values that cannot be stored (at most MAX_ISSUES); the caller stores nothing. */
  invalidLanguages: Issue[];
  invalidLanguageCount: number;
  /** How many fields and repeaters the environment matched. */
  matchedCount: number;
};

type Ctx = {
  index: TemplateIndex;
  level: OwnerLevel;
  ids: ReadonlyMap<string, string>;
  result: AasValueImport;
  /**
   * The outermost repeater being read: its rows at every level (rowPathText), and whether every row of it and of
   * the lists nested in it could be placed.
   */
  outer: { rowPaths: Set<string>; isPlaceable: boolean };
};

/** At most this many unmatched elements are listed; `unmatchedCount` counts the rest too. */
export const MAX_UNMATCHED = 100;

export function aasValuesFor(environment: Jsonable, index: TemplateIndex, level: OwnerLevel): AasValueImport {
  const sections = [...index.sections.values()].map((e) => e.section);
  const ctx: Ctx = {
    index,
    level,
    ids: templateIdShorts(sections),
    result: {
      values: [],
      repeaters: new Map(),
      unmatched: [],
      unmatchedCount: 0,
      invalidLanguages: [],
      invalidLanguageCount: 0,
      matchedCount: 0,
    },
    outer: { rowPaths: new Set(), isPlaceable: true },
  };
  const roots = index.rootSectionIds.map((id) => index.sections.get(id)!.section);
  const submodels = arrayOf(environment.submodels);
  submodels.forEach((submodel, k) => {
    const path = appendPath("$.submodels", k);
    const section = matchOne(ctx, submodel, roots);
    if (!section) return unmatched(ctx, path, "no top-level section of the template has its semanticId or idShort");
    const elements = arrayOf(submodel.submodelElements);
    if (section.type !== "Repeatable") return readContent(ctx, section, elements, [0], appendPath(path, "submodelElements"));
    // Our export writes a top-level repeater as the submodel's one list; anything beside it has no place.
    const list = elements.find((e) => e.modelType === "SubmodelElementList");
    if (!list) return unmatched(ctx, path, `section "${section.name}" is a repeater, and the submodel has no list`);
    elements.forEach((element, k) => {
      if (element !== list) unmatched(ctx, appendPath(path, "submodelElements", k), `section "${section.name}" holds only its list`);
    });
    readList(ctx, section, list, [], appendPath(path, "submodelElements", elements.indexOf(list)));
  });
  return ctx.result;
}

/** `rowPath`: the row the content sits in, at every repeater level ([0] outside repeaters). */
function readContent(ctx: Ctx, section: TSection, elements: readonly Jsonable[], rowPath: readonly number[], path: string): void {
  const children = [
    ...section.dataFields,
    ...section.subSections.map((id) => ctx.index.sections.get(id)?.section).filter((s) => s !== undefined),
  ];
  elements.forEach((element, k) => {
    const at = appendPath(path, k);
    const child = matchOne(ctx, element, children);
    if (!child) return unmatched(ctx, at, `nothing in section "${section.name}" has its semanticId or idShort`);
    if ("dataFields" in child) {
      if (child.type === "Repeatable") return readList(ctx, child, element, parentRows(ctx, child, rowPath), at);
      if (element.modelType === "Entity" && isEntity(child)) return readEntity(ctx, child, element, rowPath, at);
      if (element.modelType !== "SubmodelElementCollection") return unmatched(ctx, at, `section "${child.name}" needs a collection`);
      return readContent(ctx, child, arrayOf(element.value), rowPath, appendPath(at, "value"));
    }
    readField(ctx, section, child, element, rowPath, at);
  });
}

/**
 * The rows of the repeater's parent row that a nested repeater's rows sit in: the enclosing row path, empty for an
 * outermost repeater (whose rows are the first level).
 */
function parentRows(ctx: Ctx, repeater: TSection, rowPath: readonly number[]): number[] {
  return (ctx.index.sections.get(repeater.id)?.repeaterPath.length ?? 1) > 1 ? [...rowPath] : [];
}

/**
 * A repeater's list: row r of it is the row path `[...parent, r]`. The values of an outermost repeater (nested lists'
 * included) move to its own entry, which replaces all its rows; a nested list's stay with its outermost repeater's.
 * A list with a row the write cannot place — at any depth — replaces nothing: the outermost repeater's stored rows
 * stay rather than being emptied.
 */
function readList(ctx: Ctx, section: TSection, list: Jsonable, parent: readonly number[], path: string): void {
  const isOutermost = parent.length === 0;
  // An export made before this repeater could nest holds its one entry per parent row as a collection (the Group an
  // earlier import made of the list, docs/aas-import.md): that entry is the parent row's first inner row, as the
  // upgrade to the nested template moved the stored values.
  const isOneEntry = !isOutermost && list.modelType === "SubmodelElementCollection";
  if (list.modelType !== "SubmodelElementList" && !isOneEntry) {
    // Inside a row that replaces the stored one, a nested repeater not given as a list would lose its rows there.
    if (!isOutermost) ctx.outer.isPlaceable = false;
    return unmatched(ctx, path, `section "${section.name}" is a repeater and needs a list`);
  }
  const entry = ctx.index.sections.get(section.id)!;
  const ownsFields = [section.id, ...entry.descendants].some((id) => {
    const e = ctx.index.sections.get(id);
    return e !== undefined && e.section.dataFields.some((f) => fieldLevel(e, f) === ctx.level);
  });
  if (!ownsFields)
    return unmatched(ctx, path, `the rows of "${section.name}" belong to the ${ctx.level === "Model" ? "items" : "model"}`);
  if (isOutermost) ctx.outer = { rowPaths: new Set(), isPlaceable: true };
  const matchedBefore = ctx.result.matchedCount++;
  const before = ctx.result.values.length;
  (isOneEntry ? [list] : arrayOf(list.value)).forEach((row, r) => {
    const at = isOneEntry ? path : appendPath(path, "value", r);
    const rowPath = [...parent, r];
    const matched = ctx.result.matchedCount;
    ctx.outer.rowPaths.add(rowPath.join("."));
    if (row.modelType === "SubmodelElementCollection") readContent(ctx, section, arrayOf(row.value), rowPath, appendPath(at, "value"));
    if (row.modelType === "Entity" && aasMeta(section.options).entityType) readEntity(ctx, section, row, rowPath, at);
    if (ctx.result.matchedCount > matched) return;
    ctx.outer.isPlaceable = false;
    unmatched(
      ctx,
      at,
      `row ${rowPath.join(".")} of "${section.name}" holds nothing its fields match, so its rows are left as they are`,
    );
  });
  if (!isOutermost) return;
  // The repeater's values were collected with the rest; they move to its own entry, which replaces its rows.
  const values = ctx.result.values.splice(before);
  if (!ctx.outer.isPlaceable) {
    ctx.result.matchedCount = matchedBefore;
    return;
  }
  ctx.result.repeaters.set(section.id, { rowPaths: ctx.outer.rowPaths, values });
}

function isEntity(section: TSection): boolean {
  return aasMeta(section.options).modelType === "Entity";
}

/**
 * An Entity given for an entity section (docs/aas.md §Entities): its statements are the section's content, its
 * globalAssetId the value of the section's `aas.entityPart` field, read as a Property's value.
 */
function readEntity(ctx: Ctx, section: TSection, entity: Jsonable, rowPath: readonly number[], path: string): void {
  readContent(ctx, section, arrayOf(entity.statements), rowPath, appendPath(path, "statements"));
  if (arrayOf(entity.specificAssetIds).length > 0) {
    unmatched(ctx, appendPath(path, "specificAssetIds"), `the specific asset ids of "${section.name}" are not stored`);
  }
  const field = section.dataFields.find((f) => aasOption(f.options, "entityPart") === "globalAssetId");
  if (!field) {
    if (typeof entity.globalAssetId === "string") {
      unmatched(ctx, appendPath(path, "globalAssetId"), `"${section.name}" is a co-managed entity and holds no global asset id`);
    }
    return;
  }
  const value = typeof entity.globalAssetId === "string" ? entity.globalAssetId : null;
  readField(
    ctx,
    section,
    field,
    { modelType: "Property", ...(value !== null && { value }) },
    rowPath,
    appendPath(path, "globalAssetId"),
  );
}

function readField(ctx: Ctx, section: TSection, field: TDataField, element: Jsonable, rowPath: readonly number[], path: string): void {
  const entry = ctx.index.sections.get(section.id)!;
  if (fieldLevel(entry, field) !== ctx.level) {
    return unmatched(ctx, path, `field "${field.name}" belongs to the ${ctx.level === "Model" ? "items" : "model"}`);
  }
  const place = { dataSectionId: section.id, ...splitRowPath(rowPath) };
  if (isListField(field)) return readListField(ctx, { ...place, dataFieldId: field.id }, field, element, path);
  if (element.modelType === "MultiLanguageProperty" && isMultilingual(field)) {
    ctx.result.matchedCount++;
    return readLanguages(ctx, { ...place, dataFieldId: field.id }, element, path);
  }
  if (element.modelType === "Range" && (isRangeField(field) || aasOption(field.options, "rangeBound") !== undefined)) {
    ctx.result.matchedCount++;
    return readRange(ctx, section, field, element, place);
  }
  const value = elementValue(element);
  if (value === undefined)
    return unmatched(
      ctx,
      path,
      `a ${typeof element.modelType === "string" ? element.modelType : "element"} cannot be the value of field "${field.name}"`,
    );
  ctx.result.matchedCount++;
  ctx.result.values.push({ ...place, dataFieldId: field.id, value: isYesNoField(field) ? yesNoCode(value) : value });
}

/** xs:boolean writes true also as 1 and false as 0 (XML Schema Part 2, 3.2.2.1); a yes/no field keeps the words. */
function yesNoCode(value: string | null): string | null {
  return value === "1" ? "true" : value === "0" ? "false" : value;
}

/**
 * A Range into a range field: its sides as the field's one value (range-value.ts), an absent side null. Into a
 * template imported before range fields, whose Range is two fields (`aas.rangeBound` min and max, one idShort),
 * each side goes to its own field, so neither is erased.
 */
function readRange(
  ctx: Ctx,
  section: TSection,
  field: TDataField,
  element: Jsonable,
  place: Pick<ImportedValue, "dataSectionId" | "row" | "innerRows">,
): void {
  const side = (key: "min" | "max") => (typeof element[key] === "string" && element[key] !== "" ? element[key] : null);
  if (isRangeField(field)) {
    ctx.result.values.push({ ...place, dataFieldId: field.id, value: encodeRange({ min: side("min"), max: side("max") }) });
    return;
  }
  const idShort = ctx.ids.get(field.id);
  for (const bound of ["min", "max"] as const) {
    const target = section.dataFields.find(
      (f) =>
        aasOption(f.options, "rangeBound") === bound && (f.id === field.id || ctx.ids.get(f.id) === idShort || sameRange(f, field)),
    );
    if (target) ctx.result.values.push({ ...place, dataFieldId: target.id, value: side(bound) });
  }
}

/** Two fields of one Range imported before range fields: the same `aas.idShort` option. */
function sameRange(a: TDataField, b: TDataField): boolean {
  const idShort = aasOption(a.options, "idShort");
  return idShort !== undefined && idShort === aasOption(b.options, "idShort");
}

/**
 * A list field's value (docs/field-options.md §Lists) from a SubmodelElementList: one entry per element holding a
 * value, in list order; a single data element is a list of one. A multilingual list keeps per language the entries'
 * texts aligned by index ("" where an entry has no text in that language), the languages it does not give as they are.
 */
function readListField(ctx: Ctx, triple: Omit<ImportedValue, "value">, field: TDataField, element: Jsonable, path: string): void {
  const isList = element.modelType === "SubmodelElementList";
  const elements = isList ? arrayOf(element.value) : [element];
  const base = isList ? appendPath(path, "value") : undefined;
  if (isMultilingual(field)) {
    ctx.result.matchedCount++;
    const byLanguage = new Map<string, string[]>();
    elements.forEach((entry, i) => {
      const strings = arrayOf(entry.value).map((s) => ({ language: stringOf(s.language), text: stringOf(s.text) }));
      const { values, issues } = multiLanguageValues(strings, appendPath(base === undefined ? path : appendPath(base, i), "value"));
      for (const issue of issues) {
        if (ctx.result.invalidLanguageCount++ < MAX_ISSUES) ctx.result.invalidLanguages.push(issue);
      }
      for (const { language, text } of values) {
        const texts = byLanguage.get(language) ?? [];
        texts[i] = text;
        byLanguage.set(language, texts);
      }
    });
    if (byLanguage.size === 0) return void ctx.result.values.push({ ...triple, value: null });
    for (const [language, texts] of byLanguage) {
      ctx.result.values.push({ ...triple, language, value: encodeListValue(Array.from(texts, (text) => text ?? "")) });
    }
    return;
  }
  const entries: string[] = [];
  for (const [i, entry] of elements.entries()) {
    const value = elementValue(entry);
    if (value === undefined) {
      const what = typeof entry.modelType === "string" ? entry.modelType : "element";
      return unmatched(ctx, base === undefined ? path : appendPath(base, i), `a ${what} cannot be an entry of list "${field.name}"`);
    }
    if (value !== null) entries.push(value);
  }
  ctx.result.matchedCount++;
  ctx.result.values.push({ ...triple, value: encodeListValue(entries) });
}

/**
 * A multilingual field's values from a MultiLanguageProperty: one per language given (the languages it does not give
 * are left as they are); an empty one is the default language's null, as a Property without value is.
 */
function readLanguages(ctx: Ctx, triple: Omit<ImportedValue, "value">, element: Jsonable, path: string): void {
  const strings = arrayOf(element.value).map((s) => ({ language: stringOf(s.language), text: stringOf(s.text) }));
  if (strings.length === 0) return void ctx.result.values.push({ ...triple, value: null });
  const { values, issues } = multiLanguageValues(strings, appendPath(path, "value"));
  for (const issue of issues) {
    if (ctx.result.invalidLanguageCount++ < MAX_ISSUES) ctx.result.invalidLanguages.push(issue);
  }
  for (const { language, text } of values) ctx.result.values.push({ ...triple, language, value: text });
}

/**
 * The stored form of an element's value (docs/aas.md §Value forms); undefined for an element that holds none. A
 * MultiLanguageProperty matched to a field that is not multilingual keeps one text: its one English text, else the
 * JSON array of its lang-strings.
 */
export function elementValue(element: Jsonable): string | null | undefined {
  switch (element.modelType) {
    case "SubmodelElementList":
      // Only a list field takes a list (readListField); any other field cannot hold one.
      return undefined;
    case "Property":
    case "File":
      return typeof element.value === "string" ? element.value : null;
    case "MultiLanguageProperty": {
      const strings = arrayOf(element.value).map((s) => ({ language: stringOf(s.language), text: stringOf(s.text) }));
      if (strings.length === 0) return null;
      if (strings.length === 1 && strings[0]!.language === "en") return strings[0]!.text;
      return JSON.stringify(strings);
    }
    case "Range": {
      const min = typeof element.min === "string" ? element.min : "";
      const max = typeof element.max === "string" ? element.max : "";
      return min === "" && max === "" ? null : `${min}${RANGE_SEPARATOR}${max}`;
    }
    case "ReferenceElement": {
      const keys = arrayOf((element.value as Jsonable | undefined)?.keys);
      const last = keys[keys.length - 1];
      return last && typeof last.value === "string" ? last.value : null;
    }
    default:
      return undefined;
  }
}

/**
 * The child an element names: the one with its semanticId (when several share it, the one of them with its idShort),
 * else the one with its idShort.
 */
function matchOne<T extends { id: string; options?: Record<string, string> }>(
  ctx: Ctx,
  element: Jsonable,
  candidates: readonly T[],
): T | undefined {
  const idShort = typeof element.idShort === "string" ? element.idShort : undefined;
  const byIdShort = (list: readonly T[]) => (idShort === undefined ? undefined : list.find((c) => ctx.ids.get(c.id) === idShort));
  const semantic = firstKey(element.semanticId);
  const bySemantic = semantic === undefined ? [] : candidates.filter((c) => firstKey(aasMeta(c.options).semanticId) === semantic);
  if (bySemantic.length === 1) return bySemantic[0];
  if (bySemantic.length > 1) return byIdShort(bySemantic) ?? bySemantic[0];
  return byIdShort(candidates);
}

function firstKey(reference: unknown): string | undefined {
  const key = arrayOf((reference as Jsonable | undefined)?.keys)[0];
  return key && typeof key.value === "string" ? key.value : undefined;
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function arrayOf(value: unknown): Jsonable[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === "object" && v !== null) as Jsonable[]) : [];
}

function unmatched(ctx: Ctx, path: string, reason: string): void {
  if (ctx.result.unmatchedCount++ < MAX_UNMATCHED) ctx.result.unmatched.push({ path, reason });
}
