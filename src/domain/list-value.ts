/**
 * A list field's value (docs/field-options.md §Lists): the entries, in order, kept in the one value slot
 * (section, field, row, language) as canonical JSON array text — `JSON.stringify` of the entries, e.g.
 * `["DOC-1","DOC-2"]`. The empty list is no value (null), so a stored list always has an entry and completeness
 * (FILLED_PATTERN, in JavaScript and in SQL) needs no rule of its own. Every door (REST, passport JSON, AAS, sheets)
 * reads and writes lists through this one codec.
 */
import { isFilled } from "~/domain/completeness";
import { isListField, isMultilingual } from "~/domain/field-options";
import type { TDataValue } from "~/domain/data-value";
import { decodeRange, encodeRange, isRangeField, type RangeSides } from "~/domain/range-value";
import { findField, type TemplateIndex } from "~/domain/template-index";
import type { TDataField } from "~/domain/template-schema";

/** Most entries a list field's value may hold. */
export const MAX_LIST_ENTRIES = 1000;

/** The stored form of a list: canonical JSON array text, or null for no entry. */
export function encodeListValue(entries: readonly string[]): string | null {
  return entries.length === 0 ? null : JSON.stringify(entries);
}

/**
 * A list's stored text from text that is one already (canonical, or "" for no entry) or else one entry's text: what a
 * key typed over a list's table cell starts, as typing replaces a cell's value (docs/editor.md §Lists of values).
 */
export function listTextOf(text: string): string {
  if (text === "" || decodeListValue(text) !== undefined) return text;
  return encodeListValue([text]) ?? "";
}

/** The entries of a stored list, or undefined when `text` is not a list's canonical form (encodeListValue's). */
export function decodeListValue(text: string): string[] | undefined {
  if (!text.startsWith("[")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((entry) => typeof entry === "string")) return undefined;
  const entries = parsed;
  return JSON.stringify(entries) === text ? entries : undefined;
}

/** The entries of a list field's stored value: none for null (or for text that is not a list, which no write stores). */
export function listEntries(value: string | null): string[] {
  return value === null ? [] : (decodeListValue(value) ?? []);
}

/**
 * Why a list field's stored text is not a valid list, or undefined when it is: the canonical form, at most
 * MAX_LIST_ENTRIES entries, each holding content (a multilingual list may hold "" where an entry has no text in the
 * value's language, so that entries stay aligned by index across languages, but not only those), and each entry
 * meeting `entryProblem` — the field's own value rules (fieldValueProblem), so a list is checked entry by entry
 * exactly as a single value would be.
 */
export function listValueProblem(
  field: Pick<TDataField, "type" | "options">,
  text: string,
  entryProblem: (entry: string) => string | undefined,
): string | undefined {
  const entries = decodeListValue(text);
  if (entries === undefined) return `is a list: send its entries as a JSON array of strings, e.g. ["A", "B"], or null for none`;
  if (entries.length > MAX_LIST_ENTRIES) return `must have at most ${MAX_LIST_ENTRIES} entries (has ${entries.length})`;
  const placeholdersAllowed = isMultilingual(field);
  if (placeholdersAllowed && !entries.some(isFilled)) return "has no entry with content; send null for none";
  for (const [i, entry] of entries.entries()) {
    if (placeholdersAllowed && entry === "") continue;
    if (!isFilled(entry)) return `entry ${i + 1} is empty; leave it out`;
    const problem = entryProblem(entry);
    if (problem !== undefined) return `entry ${i + 1} (${JSON.stringify(entry.slice(0, 60))}) ${problem}`;
  }
  return undefined;
}

/** An answered value: a list's entries, a range's sides, any other value's text. */
export type TAnsweredValue = string | string[] | RangeSides | null;

/**
 * THE conversion of a stored value to the form every answer carries (REST, tRPC, the passport JSON, docs/api.md): a
 * list field's entries as an array, a range field's `{min, max}` object (range-value.ts), any other value as stored.
 */
export function answeredValue(field: Pick<TDataField, "type" | "options">, value: string | null): TAnsweredValue {
  if (value === null) return null;
  if (isListField(field)) return listEntries(value);
  return isRangeField(field) ? (decodeRange(value) ?? value) : value;
}

/** A data value as the API answers it (answeredValue). */
export type TAnsweredDataValue = Omit<TDataValue, "value"> & { value: TAnsweredValue };

const templatesWithForms = new WeakMap<TemplateIndex, boolean>();

/** Whether the template has a list or range field; a template without one answers its values exactly as stored. */
function hasAnsweredForms(index: TemplateIndex): boolean {
  let known = templatesWithForms.get(index);
  if (known === undefined) {
    known = [...index.sections.values()].some((entry) => [...entry.fields.values()].some((f) => isListField(f) || isRangeField(f)));
    templatesWithForms.set(index, known);
  }
  return known;
}

/** Values as the API answers them (REST, tRPC): each through answeredValue. */
export function answerDataValues<V extends TDataValue>(
  index: TemplateIndex,
  values: readonly V[],
): (Omit<V, "value"> & TAnsweredDataValue)[] {
  if (!hasAnsweredForms(index)) return [...values];
  return values.map((v) => {
    const field = findField(index, v.dataSectionId, v.dataFieldId);
    return field === undefined ? v : { ...v, value: answeredValue(field, v.value) };
  });
}

/** The stored form of an answered value: a list's entries back as its canonical text (the editor keeps that form). */
export function storedDataValue<V extends TAnsweredDataValue>(v: V): Omit<V, "value"> & TDataValue {
  return { ...v, value: storedPassportValue(v.value) };
}

/**
 * An answered value (a list as its entries, a range as its `{min, max}` object) in its stored form: what the editor
 * keeps and a frozen version's AAS export is built from.
 */
export function storedPassportValue(value: string | readonly string[] | RangeSides | null): string | null {
  if (value === null || typeof value === "string") return value;
  return isStringArray(value) ? encodeListValue(value) : encodeRange(value);
}

function isStringArray(value: readonly string[] | RangeSides): value is readonly string[] {
  return Array.isArray(value);
}
