import type { DataValueTriple } from "~/domain/data-value";
import { rowPathOf, splitRowPath } from "~/domain/row-path";
import type { TemplateIndex } from "~/domain/template-index";

/**
 * Keys of the editor's drafts. A data value's key is its identity (`section|field|row`, the row as its whole path
 * `3.0.2` inside nested repeaters, as `tripleKey` writes it, and `|language` for a value of a multilingual field,
 * which is kept once per language: docs/languages.md); the model's name, description and GTIN get keys of their own
 * so one unsaved-changes count covers them.
 */

/** A value's place: its triple, and its language when its field is multilingual (absent for every other value). */
export type ValuePlace = DataValueTriple & { language?: string };
export const NAME_KEY = "model|name";
export const DESCRIPTION_KEY = "model|description";
export const GTIN_KEY = "model|gtin";

/**
 * A value's key; `row` is its row, or its whole row path inside nested repeaters (outermost first) — an empty path,
 * outside repeaters, is row 0.
 */
export function valueKey(dataSectionId: string, dataFieldId: string, row: number | readonly number[], language?: string): string {
  const rowText = typeof row === "number" ? String(row) : row.length > 0 ? row.join(".") : "0";
  const place = `${dataSectionId}|${dataFieldId}|${rowText}`;
  return language ? `${place}|${language}` : place;
}

/** The key of a value (from the server, an issue, a parsed key), its language included. */
export function placeKey(place: ValuePlace): string {
  return valueKey(place.dataSectionId, place.dataFieldId, rowPathOf(place), place.language);
}

/** The key of the same field and language in another row of its own repeater (the last step of its path). */
export function keyInRow(place: ValuePlace, row: number): string {
  return valueKey(place.dataSectionId, place.dataFieldId, [...rowPathOf(place).slice(0, -1), row], place.language);
}

/** The key of the same field and language at another whole row path: a value inside a renumbered outer row. */
export function keyAtPath(place: ValuePlace, path: readonly number[]): string {
  return valueKey(place.dataSectionId, place.dataFieldId, path, place.language);
}

/** The place of a data value's key; undefined for the name, description and GTIN keys. */
export function parseValueKey(key: string): ValuePlace | undefined {
  const [dataSectionId, dataFieldId, rowText, language, extra] = key.split("|");
  if (!dataSectionId || !dataFieldId || rowText === undefined || extra !== undefined || dataSectionId === "model") {
    return undefined;
  }
  const path = rowText.split(".").map(Number);
  if (rowText === "" || !path.every(Number.isInteger)) return undefined;
  const rows = splitRowPath(path);
  return language ? { dataSectionId, dataFieldId, ...rows, language } : { dataSectionId, dataFieldId, ...rows };
}

/**
 * A list of rows in the draft: the rows of a repeater inside one row of the repeaters around it (`parentPath`, that
 * row's whole path; empty for an outermost repeater). Row changes, undo and Save work per list, so a nested
 * repeater's rows under one parent row are added, removed and reordered like an outer repeater's.
 */
export type RowList = { repeaterId: string; parentPath: readonly number[] };

/**
 * The key of a row list: the repeater's id for an outermost one (as before nesting), else its id and the parent
 * path joined by "_", which neither a UUID nor a row number holds — a valid DOM id part too (the Add row button's).
 */
export function rowListKey(repeaterId: string, parentPath: readonly number[] = []): string {
  return parentPath.length === 0 ? repeaterId : [repeaterId, ...parentPath].join("_");
}

export function parseRowListKey(key: string): RowList {
  const [repeaterId = "", ...parentPath] = key.split("_");
  return { repeaterId, parentPath: parentPath.map(Number) };
}

/**
 * The row list a value sits in and its row there, given the repeater path of its section (outermost first); undefined
 * outside repeaters. The one rule the store, Save and the views place a value's row by.
 */
export function rowListOf(place: ValuePlace, repeaterPath: readonly string[]): { list: string; row: number } | undefined {
  const repeaterId = repeaterPath.at(-1);
  if (repeaterId === undefined) return undefined;
  const path = rowPathOf(place);
  return { list: rowListKey(repeaterId, path.slice(0, -1)), row: path.at(-1) as number };
}

/**
 * Whether a value (its section's repeater path, its row path) lies inside row `row` of a list: in that row's own
 * fields, its Groups', or any repeater nested in it.
 */
export function isInsideRow(repeaterPath: readonly string[], path: readonly number[], list: RowList, row: number): boolean {
  const depth = list.parentPath.length;
  if (repeaterPath[depth] !== list.repeaterId || path[depth] !== row) return false;
  return list.parentPath.every((parentRow, i) => path[i] === parentRow);
}

/**
 * Where the control of a draft's key sits in repeaters: the repeaters around it, outermost first, and its row in each.
 * A value's are its section's repeaters and its row path; a row minimum's (its list's "Add row") are the list's
 * repeater and those around it, with one row fewer — the parent row's path: the button ends its list, in no row of it.
 * Undefined for the name, description and GTIN. What a list not rendering every row's inside asks of a key
 * (`use-nested-reveal.ts`): `isInsideRow` takes this place for either kind.
 */
export function placeInRows(
  key: string,
  index: TemplateIndex,
): { repeaterPath: readonly string[]; path: readonly number[] } | undefined {
  const rowMinimum = parseRowMinimumKey(key);
  if (rowMinimum) {
    const list = parseRowListKey(rowMinimum.list);
    return { repeaterPath: index.sections.get(list.repeaterId)?.repeaterPath ?? [], path: list.parentPath };
  }
  const place = parseValueKey(key);
  if (!place) return undefined;
  return { repeaterPath: index.sections.get(place.dataSectionId)?.repeaterPath ?? [], path: rowPathOf(place) };
}

/** A DOM id for a field's input in one row; template ids are UUIDs, so the result is a valid, unique id. */
export function inputIdFor(key: string): string {
  return `field-${key.replaceAll("|", "-")}`;
}

// A repeater's `minRows` counts in completeness like required values, one per row it needs (in each parent row for
// a nested one); these keys stand for them. ":" never occurs in a value key, so no value key is mistaken for one.
const ROW_MINIMUM = "min-rows:";

export function rowMinimumKey(list: string, position: number): string {
  return `${ROW_MINIMUM}${list}:${position}`;
}

/** The row list (`rowListKey`) and 0-based place of a row-minimum key; undefined for every other key. */
export function parseRowMinimumKey(key: string): { list: string; position: number } | undefined {
  if (!key.startsWith(ROW_MINIMUM)) return undefined;
  const [list, position] = key.slice(ROW_MINIMUM.length).split(":");
  return list && position !== undefined ? { list, position: Number(position) } : undefined;
}

/** The DOM id of a row list's "Add row" button, where "Jump to next missing" lands for a missing row. */
export function addRowButtonId(list: string): string {
  return `add-row-${list}`;
}

/** The DOM id of what a key brings into view: its input, or for a row minimum its list's "Add row" button. */
export function controlIdFor(key: string): string {
  const rowMinimum = parseRowMinimumKey(key);
  return rowMinimum ? addRowButtonId(rowMinimum.list) : inputIdFor(key);
}
