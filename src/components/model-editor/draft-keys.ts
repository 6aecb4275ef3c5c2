import { tripleKey, type DataValueTriple } from "~/domain/data-value";

/**
 * Keys of the editor's drafts. A data value's key is its identity triple (`section|field|row`, the domain's own
 * `tripleKey`); the model's name and description get keys of their own so one unsaved-changes count covers both.
 */
export const NAME_KEY = "model|name";
export const DESCRIPTION_KEY = "model|description";

export function valueKey(dataSectionId: string, dataFieldId: string, row: number): string {
  return tripleKey({ dataSectionId, dataFieldId, row });
}

/** The triple of a data value's key; undefined for the name and description keys. */
export function parseValueKey(key: string): DataValueTriple | undefined {
  const [dataSectionId, dataFieldId, rowText, extra] = key.split("|");
  if (!dataSectionId || !dataFieldId || rowText === undefined || extra !== undefined || dataSectionId === "model") {
    return undefined;
  }
  const row = Number(rowText);
  return Number.isInteger(row) ? { dataSectionId, dataFieldId, row } : undefined;
}

/** A DOM id for a field's input in one row; template ids are UUIDs, so the result is a valid, unique id. */
export function inputIdFor(key: string): string {
  return `field-${key.replaceAll("|", "-")}`;
}
