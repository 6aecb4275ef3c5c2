/**
 * The inverse of value-only.ts for the DPP API's member writes (docs/versions.md §DPP API writes): a JSON Merge Patch
 * (RFC 7396) on a passport's compressed form — content keyed by its submodel's semanticId (else its id), elements by
 * idShort — mapped back to one changes request of the one write path. Pure: the caller gives the template, the
 * owner's level and current values, and runs the request through `applyDataChanges`.
 *
 * - A field's value takes the value-only form of its element kind (a Property's typed JSON value, a
 *   MultiLanguageProperty's `[{lang: text}]`, a File's `{contentType, value}`, a Range's `{min, max}`, a
 *   ReferenceElement's reference) or plain text; `null` removes the value.
 * - A repeater is an array of row objects and, as RFC 7396 does with arrays, replaces all the repeater's rows; `null`
 *   removes every row. A collection (a Group section) is patched key by key; `null` removes each of its values.
 * - Anything that names no element, a value of the other level (model or items) or a value of the wrong shape is a
 *   problem, listed (at most MAX_ISSUES) with its JSON path in the patch; the caller then stores nothing.
 */
import { AppError, type Issue, MAX_ISSUES } from "~/domain/app-error";
import { aasOption } from "~/domain/aas/aas-options";
import { aasMeta } from "~/domain/aas/export-metadata";
import { RANGE_SEPARATOR } from "~/domain/aas/export-environment";
import type { JsonValue } from "~/domain/aas/value-only";
import type { TModelChangesRequest, TRowRef } from "~/domain/data-changes";
import { type TDataValue, type TDataValueInput, tripleKey } from "~/domain/data-value";
import { toDecimalString } from "~/domain/decimal";
import { isListField, isMultilingual } from "~/domain/field-options";
import { encodeListValue } from "~/domain/list-value";
import { type LangText, multiLanguageValues } from "~/domain/aas/multi-language-values";
import { appendPath } from "~/domain/json-path";
import { encodeRange, isRangeField, rangeSidesOf } from "~/domain/range-value";
import { splitRowPath } from "~/domain/row-path";
import { fieldLevel, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import type { TDataField, TSection } from "~/domain/template-schema";

/** The keys of the compressed form's header (the DppMetadata submodel): derived by the server, never written. */
export const DPP_HEADER_KEYS = new Set([
  "digitalProductPassportId",
  "uniqueProductIdentifier",
  "granularity",
  "dppSchemaVersion",
  "dppStatus",
  "lastUpdate",
  "economicOperatorId",
  "facilityId",
  "commodityCode",
  "contentSpecificationIds",
]);

export type ValueOnlyPatchContext = {
  index: TemplateIndex;
  level: OwnerLevel;
  /** Each section's and field's idShort (templateIdShorts). */
  ids: ReadonlyMap<string, string>;
  /** The content key of a top-level section: its semanticId, else its submodel id (as the compressed form keys it). */
  submodelKey: (section: TSection) => string;
  /** The owner's current values (the working copy), a multilingual field's in every language it has. */
  current: readonly TDataValue[];
  /** The organization's default language: what a multilingual field's value without a language is. */
  defaultLanguage: string;
};

export type ValueOnlyPatchResult = {
  changes: Required<Pick<TModelChangesRequest, "deleteRows" | "add" | "modify">>;
  /** The patch path of each change, by the changes request's path (`$.add[3]`), to name problems the write finds. */
  pathOf: Map<string, string>;
};

type Walk = ValueOnlyPatchContext & {
  currentByKey: Map<string, string | null>;
  result: ValueOnlyPatchResult;
  problems: Issue[];
  problemCount: number;
};

/** The changes a merge patch makes; a VALIDATION error listing its problems when it cannot be applied as a whole. */
export function valueOnlyPatchChanges(patch: unknown, context: ValueOnlyPatchContext): ValueOnlyPatchResult {
  const w: Walk = {
    ...context,
    currentByKey: new Map(context.current.map((v) => [tripleKey(v), v.value])),
    result: { changes: { deleteRows: [], add: [], modify: [] }, pathOf: new Map() },
    problems: [],
    problemCount: 0,
  };
  if (!isObject(patch)) {
    problem(w, "$", "A merge patch of a DPP is a JSON object keyed by its content's semanticIds");
  } else {
    // Keyed as the compressed form keys them: a section without fields is not exported, and where two submodels
    // share a semanticId the later one holds the key (value-only.ts), so the later one takes its patch.
    const roots = new Map(
      w.index.rootSectionIds
        .filter((id) => hasAnyField(w, id))
        .map((id) => w.index.sections.get(id)!.section)
        .map((s) => [w.submodelKey(s), s] as const),
    );
    for (const [key, value] of Object.entries(patch)) {
      const at = appendPath("$", key);
      const section = roots.get(key);
      if (DPP_HEADER_KEYS.has(key)) problem(w, at, "is the DPP's metadata, which the server derives; it cannot be written");
      else if (!section) problem(w, at, "no content of this DPP has this key (a submodel's semanticId, else its id)");
      else if (section.type === "Repeatable") patchRootList(w, section, value, at);
      else patchSection(w, section, value, [0], at, false);
    }
  }
  if (w.problemCount > 0) {
    const message =
      w.problemCount === 1 && w.problems[0] ? `The merge patch is invalid: ${w.problems[0].message}.` : "The merge patch is invalid.";
    throw new AppError("VALIDATION", message, w.problems, undefined, w.problemCount);
  }
  return w.result;
}

/** A top-level repeater is its submodel's one list, as the export writes it: `{ListIdShort: [rows]}`. */
function patchRootList(w: Walk, section: TSection, value: unknown, at: string): void {
  const idShort = w.ids.get(section.id);
  if (value === null) return patchSection(w, section, null, [0], at, false);
  if (!isObject(value)) return problem(w, at, `the content of "${section.name}" is an object holding its list ${idShort}`);
  for (const [key, rows] of Object.entries(value)) {
    if (key === idShort) patchSection(w, section, rows, [0], appendPath(at, key), false);
    else problem(w, appendPath(at, key), `the content of "${section.name}" holds only its list ${idShort}`);
  }
}

/**
 * A section's value at `rowPath` (its row at every repeater level, [0] outside repeaters): a repeater's array of rows,
 * a collection's object, or null. A repeater inside a repeater row is part of that row, which is written whole: its
 * rows are the row's (null or [] for none).
 */
function patchSection(w: Walk, section: TSection, value: unknown, rowPath: readonly number[], at: string, inRow: boolean): void {
  if (section.type === "Repeatable") {
    if (!ownsValues(w, section.id)) return problem(w, at, `the rows of "${section.name}" belong to the ${otherLevel(w)}`);
    if (value !== null && !Array.isArray(value))
      return problem(w, at, `section "${section.name}" is a repeater: send an array of rows or null`);
    replaceRows(w, section, value ?? [], at, inRow ? rowPath : []);
    return;
  }
  if (value === null) return clearSection(w, section, rowPath, at, inRow);
  if (!isObject(value)) return problem(w, at, `section "${section.name}" is a collection: send an object or null`);
  patchContent(w, section, entityContent(w, section, value), rowPath, at, inRow);
}

/**
 * An entity section's value-only form is `{statements, entityType, globalAssetId}` (value-only.ts): its statements
 * are the section's content and its global asset id the value of its `aas.entityPart` field. The entity type is the
 * template's and is not written.
 */
function entityContent(w: Walk, section: TSection, value: Record<string, unknown>): Record<string, unknown> {
  if (aasMeta(section.options).entityType === undefined || !("statements" in value || "entityType" in value)) return value;
  const { statements, entityType: _entityType, globalAssetId, ...rest } = value;
  const idField = section.dataFields.find((f) => aasOption(f.options, "entityPart") === "globalAssetId");
  const idKey = idField ? w.ids.get(idField.id) : undefined;
  return {
    ...rest,
    ...(isObject(statements) ? statements : {}),
    ...(idKey !== undefined && globalAssetId !== undefined && { [idKey]: globalAssetId }),
  };
}

function patchContent(
  w: Walk,
  section: TSection,
  value: Record<string, unknown>,
  rowPath: readonly number[],
  at: string,
  inRow: boolean,
): void {
  for (const [key, child] of Object.entries(value)) {
    const path = appendPath(at, key);
    const field = section.dataFields.find((f) => w.ids.get(f.id) === key);
    if (field) {
      patchField(w, section, field, child, rowPath, path, inRow);
      continue;
    }
    const sub = section.subSections.map((id) => w.index.sections.get(id)?.section).find((s) => s && w.ids.get(s.id) === key);
    if (sub) patchSection(w, sub, child, rowPath, path, inRow);
    else problem(w, path, `nothing in section "${section.name}" has this idShort`);
  }
}

/**
 * RFC 7396 replaces an array whole: an outermost repeater's rows are deleted and the array's rows added as rows
 * 0…n-1; a nested repeater's rows (`parent`: the row path they sit in, whose outermost row was replaced) are added as
 * rows 0…n-1 inside it.
 */
function replaceRows(w: Walk, section: TSection, rows: readonly unknown[], at: string, parent: readonly number[]): void {
  const entry = w.index.sections.get(section.id)!;
  if (parent.length === 0) {
    const sections = new Set([section.id, ...entry.descendants]);
    const existing = new Set(w.current.filter((v) => sections.has(v.dataSectionId)).map((v) => v.row));
    for (const row of [...existing].sort((a, b) => a - b)) push(w, "deleteRows", { dataSectionId: section.id, row }, at);
  }
  rows.forEach((rowValue, r) => {
    const rowPath = [...parent, r];
    const path = appendPath(at, r);
    if (!isObject(rowValue)) return problem(w, path, `a row of "${section.name}" is an object`);
    const content = entityContent(w, section, rowValue);
    // Every own field of the row is given (null where the object has none), so an empty object is still a row.
    const given = new Set(Object.keys(content));
    for (const field of section.dataFields) {
      const key = w.ids.get(field.id);
      if (fieldLevel(entry, field) === w.level && (key === undefined || !given.has(key))) {
        push(w, "add", { dataSectionId: section.id, dataFieldId: field.id, ...splitRowPath(rowPath), value: null }, path);
      }
    }
    patchContent(w, section, content, rowPath, path, true);
  });
}

function patchField(
  w: Walk,
  section: TSection,
  field: TDataField,
  value: unknown,
  rowPath: readonly number[],
  at: string,
  inRow: boolean,
): void {
  const entry = w.index.sections.get(section.id)!;
  if (fieldLevel(entry, field) !== w.level) return problem(w, at, `field "${field.name}" belongs to the ${otherLevel(w)}`);
  const place = { dataSectionId: section.id, dataFieldId: field.id, ...splitRowPath(rowPath) };
  if (isListField(field)) return patchListField(w, field, place, value, at, inRow);
  if (isMultilingual(field)) {
    // An empty lang-string set (the export's form of a field without a value) is the default language's null, as on
    // the AAS import (docs/aas-import.md), not a value of the wrong form.
    if (Array.isArray(value) && value.length === 0) {
      return putValue(w, { ...place, language: w.defaultLanguage }, null, at, inRow);
    }
    const texts = languageTexts(w, value, at);
    if (texts !== undefined) {
      for (const { language, text } of texts) putValue(w, { ...place, language }, text, at, inRow);
      return;
    }
  }
  const stored = storedValue(field, value);
  if (stored === undefined) return problem(w, at, `this cannot be the value of field "${field.name}" (${fieldKind(field)})`);
  if (isMultilingual(field) && stored === null && !inRow) return clearLanguages(w, place, at);
  // A multilingual field's text without a language is the default language's, as the write path resolves it.
  putValue(w, isMultilingual(field) ? { ...place, language: w.defaultLanguage } : place, stored, at, inRow);
}

/**
 * A list field's value-only value (docs/field-options.md §Lists): an array of its entries' value-only forms (null
 * for none), each read as a single value's; a multilingual list's entries are `[{lang: text}]`, kept per language
 * aligned by index ("" where an entry has no text in a language).
 */
function patchListField(
  w: Walk,
  field: TDataField,
  place: Omit<TDataValue, "value" | "language">,
  value: unknown,
  at: string,
  inRow: boolean,
): void {
  if (value === null && isMultilingual(field) && !inRow) return clearLanguages(w, place, at);
  if (value !== null && !Array.isArray(value)) return problem(w, at, `field "${field.name}" is a list: send an array of its entries`);
  const entries = (value ?? []) as unknown[];
  if (!isMultilingual(field)) {
    const stored: string[] = [];
    for (const [i, entry] of entries.entries()) {
      const one = storedValue(field, entry);
      if (one === undefined)
        return problem(w, appendPath(at, i), `this cannot be an entry of list "${field.name}" (${fieldKind(field)})`);
      if (one !== null) stored.push(one);
    }
    return putValue(w, place, encodeListValue(stored), at, inRow);
  }
  const byLanguage = new Map<string, string[]>();
  for (const [i, entry] of entries.entries()) {
    for (const { language, text } of languageTexts(w, entry, appendPath(at, i)) ?? []) {
      const texts = byLanguage.get(language) ?? [];
      texts[i] = text;
      byLanguage.set(language, texts);
    }
  }
  if (byLanguage.size === 0) return putValue(w, { ...place, language: w.defaultLanguage }, null, at, inRow);
  for (const [language, texts] of byLanguage) {
    putValue(w, { ...place, language }, encodeListValue(Array.from(texts, (text) => text ?? "")), at, inRow);
  }
}

/**
 * A multilingual field's value-only MultiLanguageProperty (`[{lang: text}]`) as one text per language given (the
 * languages it leaves out keep their values); undefined when the value has another form. A tag that cannot be stored
 * is a problem.
 */
function languageTexts(w: Walk, value: unknown, at: string): LangText[] | undefined {
  const strings = langStringsOf(value);
  if (strings === undefined || strings.length === 0) return undefined;
  const { values, issues } = multiLanguageValues(strings, at);
  for (const issue of issues) problem(w, issue.path, issue.message);
  return values;
}

/** `null` on a multilingual field removes its value in every language the owner has. */
function clearLanguages(w: Walk, place: Omit<TDataValue, "value">, at: string): void {
  const prefix = `${tripleKey(place)}|`;
  const languages = [...w.currentByKey.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  for (const language of languages) putValue(w, { ...place, language }, null, at, false);
}

function putValue(w: Walk, triple: Omit<TDataValue, "value">, stored: string | null, at: string, inRow: boolean): void {
  if (inRow) return push(w, "add", { ...triple, value: stored }, at);
  const key = tripleKey(triple);
  if (!w.currentByKey.has(key)) {
    if (stored !== null) push(w, "add", { ...triple, value: stored }, at);
  } else if (w.currentByKey.get(key) !== stored) {
    push(w, "modify", { ...triple, value: stored }, at);
  }
}

/**
 * `null` on a collection removes each of its values at the row, and every row of a repeater inside it (in a repeater
 * row, written whole, that is: the row holds none).
 */
function clearSection(w: Walk, section: TSection, rowPath: readonly number[], at: string, inRow: boolean): void {
  const entry = w.index.sections.get(section.id)!;
  for (const field of section.dataFields) {
    const key = w.ids.get(field.id);
    if (fieldLevel(entry, field) === w.level) patchField(w, section, field, null, rowPath, appendPath(at, key ?? field.id), inRow);
  }
  for (const id of section.subSections) {
    const sub = w.index.sections.get(id)?.section;
    if (!sub) continue;
    const path = appendPath(at, w.ids.get(id) ?? id);
    if (sub.type === "Repeatable") {
      if (ownsValues(w, id) && !inRow) replaceRows(w, sub, [], path, []);
    } else clearSection(w, sub, rowPath, path, inRow);
  }
}

function fieldKind(field: TDataField): string {
  const meta = aasMeta(field.options);
  return (
    meta.modelType ?? (field.type === "FileField" ? "File" : field.type === "ProductPassportLink" ? "ReferenceElement" : "Property")
  );
}

/**
 * The stored form of a value-only value (docs/aas.md §Value forms), undefined when it has none: text is taken as is
 * for every kind (the export writes a value that cannot take its kind's form as text too).
 */
export function storedValue(field: TDataField, value: unknown): string | null | undefined {
  if (isRangeField(field) && typeof value === "object" && value !== null) {
    // A range field's `{min, max}` (a side as its typed JSON value or text, an absent side none): range-value.ts.
    const sides = rangeSidesOf(value);
    return sides === undefined ? undefined : encodeRange(sides);
  }
  if (value === null || typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? toDecimalString(value) : undefined;
  if (typeof value === "boolean") return String(value);
  switch (fieldKind(field)) {
    case "MultiLanguageProperty":
      return multiLanguageText(value);
    case "File":
      return isObject(value) && (value.value === null || typeof value.value === "string") ? value.value : undefined;
    case "Range":
      return rangeText(value);
    case "ReferenceElement": {
      const keys = isObject(value) && Array.isArray(value.keys) ? (value.keys as unknown[]) : [];
      const last = keys[keys.length - 1];
      return isObject(last) && typeof last.value === "string" ? last.value : undefined;
    }
    default:
      return undefined;
  }
}

/** The value-only form `[{lang: text}]` as lang-strings; undefined when the value has another form. */
function langStringsOf(value: unknown): LangText[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const strings: LangText[] = [];
  for (const entry of value) {
    const pairs = isObject(entry) ? Object.entries(entry) : [];
    const [pair] = pairs;
    if (pairs.length !== 1 || !pair || typeof pair[1] !== "string") return undefined;
    strings.push({ language: pair[0], text: pair[1] });
  }
  return strings;
}

/**
 * `[{lang: text}]` of a field that is not multilingual, as stored: one English text as itself, else the JSON of
 * `[{language, text}]` (import-values.ts).
 */
function multiLanguageText(value: unknown): string | null | undefined {
  const strings = langStringsOf(value);
  if (strings === undefined) return undefined;
  if (strings.length === 0) return null;
  if (strings.length === 1 && strings[0]!.language === "en") return strings[0]!.text;
  return JSON.stringify(strings);
}

function rangeText(value: unknown): string | null | undefined {
  if (!isObject(value)) return undefined;
  const bound = (b: unknown): string | undefined =>
    b === null || b === undefined
      ? ""
      : typeof b === "string"
        ? b
        : typeof b === "number" && Number.isFinite(b)
          ? toDecimalString(b)
          : undefined;
  const min = bound(value.min);
  const max = bound(value.max);
  if (min === undefined || max === undefined) return undefined;
  return min === "" && max === "" ? null : `${min}${RANGE_SEPARATOR}${max}`;
}

/** Whether the section or one below it has a field at all (the working copy's export leaves out one without). */
function hasAnyField(w: Walk, sectionId: string): boolean {
  const entry = w.index.sections.get(sectionId)!;
  return [sectionId, ...entry.descendants].some((id) => (w.index.sections.get(id)?.section.dataFields.length ?? 0) > 0);
}

/** Whether the repeater (or a section inside it) has a field of the owner's level. */
function ownsValues(w: Walk, sectionId: string): boolean {
  const entry = w.index.sections.get(sectionId)!;
  return [sectionId, ...entry.descendants].some((id) => {
    const e = w.index.sections.get(id);
    return e !== undefined && e.section.dataFields.some((f) => fieldLevel(e, f) === w.level);
  });
}

function otherLevel(w: Walk): string {
  return w.level === "Model" ? "items" : "model";
}

function push(w: Walk, part: "add" | "modify", value: TDataValueInput, at: string): void;
function push(w: Walk, part: "deleteRows", value: TRowRef, at: string): void;
function push(w: Walk, part: "add" | "modify" | "deleteRows", value: TDataValueInput | TRowRef, at: string): void {
  const list = w.result.changes[part] as (TDataValueInput | TRowRef)[];
  w.result.pathOf.set(`$.${part}[${list.length}]`, at);
  list.push(value);
}

function problem(w: Walk, path: string, message: string): void {
  if (w.problemCount++ < MAX_ISSUES) w.problems.push({ path, message });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** RFC 7396 MergePatch(target, patch): objects merge key by key, `null` removes a key, anything else replaces. */
export function mergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return patch;
  const result: Record<string, JsonValue> = isObject(target) ? { ...(target as Record<string, JsonValue>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
