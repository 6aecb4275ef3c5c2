import type { DataValueTriple } from "~/domain/data-value";

/**
 * Keys of the editor's drafts. A data value's key is its identity (`section|field|row`, and `|language` for a value
 * of a multilingual field, which is kept once per language: docs/languages.md); the model's name, description and
 * GTIN get keys of their own so one unsaved-changes count covers them.
 */

/** A value's place: its triple, and its language when its field is multilingual (absent for every other value). */
export type ValuePlace = DataValueTriple & { language?: string };
export const NAME_KEY = "model|name";
export const DESCRIPTION_KEY = "model|description";
export const GTIN_KEY = "model|gtin";

export function valueKey(dataSectionId: string, dataFieldId: string, row: number, language?: string): string {
  const place = `${dataSectionId}|${dataFieldId}|${row}`;
  return language ? `${place}|${language}` : place;
}

/** The key of a value (from the server, an issue, a parsed key), its language included. */
export function placeKey(place: ValuePlace): string {
  return valueKey(place.dataSectionId, place.dataFieldId, place.row, place.language);
}

/** The key of the same field and language in another row: a copied, moved or renumbered row's value. */
export function keyInRow(place: ValuePlace, row: number): string {
  return valueKey(place.dataSectionId, place.dataFieldId, row, place.language);
}

/** The place of a data value's key; undefined for the name, description and GTIN keys. */
export function parseValueKey(key: string): ValuePlace | undefined {
  const [dataSectionId, dataFieldId, rowText, language, extra] = key.split("|");
  if (!dataSectionId || !dataFieldId || rowText === undefined || extra !== undefined || dataSectionId === "model") {
    return undefined;
  }
  const row = Number(rowText);
  if (!Number.isInteger(row)) return undefined;
  return language ? { dataSectionId, dataFieldId, row, language } : { dataSectionId, dataFieldId, row };
}

/** A DOM id for a field's input in one row; template ids are UUIDs, so the result is a valid, unique id. */
export function inputIdFor(key: string): string {
  return `field-${key.replaceAll("|", "-")}`;
}

// A repeater's `minRows` counts in completeness like required values, one per row it needs; these keys stand for
// them. ":" never occurs in a value key, so no value key is mistaken for one.
const ROW_MINIMUM = "min-rows:";

export function rowMinimumKey(repeaterId: string, position: number): string {
  return `${ROW_MINIMUM}${repeaterId}:${position}`;
}

/** The repeater and 0-based place of a row-minimum key; undefined for every other key. */
export function parseRowMinimumKey(key: string): { repeaterId: string; position: number } | undefined {
  if (!key.startsWith(ROW_MINIMUM)) return undefined;
  const [repeaterId, position] = key.slice(ROW_MINIMUM.length).split(":");
  return repeaterId && position !== undefined ? { repeaterId, position: Number(position) } : undefined;
}

/** The DOM id of a repeater's "Add row" button, where "Jump to next missing" lands for a missing row. */
export function addRowButtonId(repeaterId: string): string {
  return `add-row-${repeaterId}`;
}
