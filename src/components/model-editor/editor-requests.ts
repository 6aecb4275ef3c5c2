import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, parseValueKey, placeKey } from "~/components/model-editor/draft-keys";
import { isAscending, type RowLists } from "~/components/model-editor/draft-rows";
import type { DraftValue } from "~/components/model-editor/draft-store";
import type { TModelChangesRequest, TRowOrder, TRowRef } from "~/domain/data-changes";
import type { TDataValue } from "~/domain/data-value";

/** The model the editor writes to, or one of its items when `itemId` is given (`owner-writes.ts`). */
export type EditorTarget = { organizationId: string; modelId: string; itemId?: string };
/** Drafts by key: the name, the description or a data value's triple (`draft-keys.ts`). */
export type Drafts = ReadonlyMap<string, DraftValue>;

/** A Save: the one changes request, and exactly what it carries, so the answer marks it saved. */
export type SaveRequest = { changes: TModelChangesRequest; sent: Drafts; sentRows: RowLists };

export type SaveRequestOptions = {
  edits: Drafts;
  /** The repeaters whose rows the draft changed, with their draft rows in order. */
  rows: RowLists;
  savedRows: (repeaterId: string) => readonly number[];
  repeaterOf: (sectionId: string) => string | null;
  /** The values that create a new row at a row number (`newRowAt`), before the user's edits in it. */
  newRow: (repeaterId: string, row: number) => TDataValue[];
  /**
   * Whether the saved state has a value at a key. Every place of a value has one (the server makes nulls), but a
   * multilingual field's value in a language never written has none: it is added, not modified (docs/languages.md).
   */
  isSaved: (key: string) => boolean;
};

/**
 * What a Save sends, as one atomic changes request (docs/api.md, "Changes"): rows the draft removed as row deletes,
 * its new rows as adds (their empty values plus the edits in them), the other edits as modifies, a repeater whose
 * draft order is not ascending as a reorder (the server then renumbers it 0…n-1), and the name, description
 * and GTIN as details. Only edits are sent, so a value someone else saved meanwhile is not overwritten with what this page
 * loaded. A cleared name, description or GTIN is sent as "". Undefined when there is nothing to save.
 */
export function saveRequest({ edits, rows, savedRows, repeaterOf, newRow, isSaved }: SaveRequestOptions): SaveRequest | undefined {
  const deleteRows: TRowRef[] = [];
  const reorder: TRowOrder[] = [];
  const added = new Map<string, TDataValue>();
  const newRows = new Map<string, Set<number>>();
  for (const [repeaterId, draft] of rows) {
    const saved = new Set(savedRows(repeaterId));
    const kept = new Set(draft);
    for (const row of saved) if (!kept.has(row)) deleteRows.push({ dataSectionId: repeaterId, row });
    const fresh = new Set(draft.filter((row) => !saved.has(row)));
    newRows.set(repeaterId, fresh);
    for (const row of fresh) {
      for (const v of newRow(repeaterId, row)) added.set(placeKey(v), v);
    }
    if (!isAscending(draft)) reorder.push({ dataSectionId: repeaterId, rows: [...draft] });
  }
  const modify: TDataValue[] = [];
  const details: NonNullable<TModelChangesRequest["details"]> = {};
  for (const [key, value] of edits) {
    if (key === NAME_KEY) details.name = value ?? "";
    if (key === DESCRIPTION_KEY) details.description = value ?? "";
    if (key === GTIN_KEY) details.gtin = value ?? "";
    const triple = parseValueKey(key);
    if (!triple) continue;
    const repeaterId = repeaterOf(triple.dataSectionId);
    const isNewRow = repeaterId !== null && newRows.get(repeaterId)?.has(triple.row) === true;
    if (isNewRow || !isSaved(key)) added.set(key, { ...triple, value });
    else modify.push({ ...triple, value });
  }
  const changes: TModelChangesRequest = {
    ...(deleteRows.length > 0 && { deleteRows }),
    ...(added.size > 0 && { add: [...added.values()] }),
    ...(modify.length > 0 && { modify }),
    ...(reorder.length > 0 && { reorder }),
    ...(Object.keys(details).length > 0 && { details }),
  };
  if (Object.keys(changes).length === 0) return undefined;
  return { changes, sent: new Map(edits), sentRows: new Map(rows) };
}
