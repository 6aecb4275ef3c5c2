import {
  DESCRIPTION_KEY,
  GTIN_KEY,
  NAME_KEY,
  parseRowListKey,
  parseValueKey,
  placeKey,
  rowListOf,
} from "~/components/model-editor/draft-keys";
import { isAscending, type RowLists } from "~/components/model-editor/draft-rows";
import type { DraftValue } from "~/components/model-editor/draft-store";
import type { TModelChangesRequest, TRowOrder, TRowRef } from "~/domain/data-changes";
import type { TDataValue } from "~/domain/data-value";
import { splitRowPath } from "~/domain/row-path";

/** The model the editor writes to, or one of its items when `itemId` is given (`owner-writes.ts`). */
export type EditorTarget = { organizationId: string; modelId: string; itemId?: string };
/** Drafts by key: the name, the description or a data value's triple (`draft-keys.ts`). */
export type Drafts = ReadonlyMap<string, DraftValue>;

/** A Save: the one changes request, and exactly what it carries, so the answer marks it saved. */
export type SaveRequest = { changes: TModelChangesRequest; sent: Drafts; sentRows: RowLists };

export type SaveRequestOptions = {
  edits: Drafts;
  /** The row lists (`rowListKey`) whose rows the draft changed, with their draft rows in order. */
  rows: RowLists;
  savedRows: (list: string) => readonly number[];
  /** The repeaters a section is or sits in, outermost first (empty outside repeaters). */
  repeaterPathOf: (sectionId: string) => readonly string[];
  /** The values that create a new row at a whole row path (`newRowAt`), before the user's edits in it. */
  newRow: (repeaterId: string, path: readonly number[]) => TDataValue[];
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
 * and GTIN as details. A nested repeater's rows are a row list inside one parent row: its deletes name the row by its
 * whole path, its reorder names the parent by `parentRows`. Reorders run in the order sent, each renumbering its own
 * level only, so the deepest go first: every `parentRows` then names a parent row by the number the draft knows. Only edits are sent, so a value someone else saved meanwhile is not overwritten with what this page
 * loaded. A cleared name, description or GTIN is sent as "". Undefined when there is nothing to save.
 */
export function saveRequest({ edits, rows, savedRows, repeaterPathOf, newRow, isSaved }: SaveRequestOptions): SaveRequest | undefined {
  const deleteRows: TRowRef[] = [];
  const reorder: TRowOrder[] = [];
  const added = new Map<string, TDataValue>();
  const newRows = new Map<string, Set<number>>();
  for (const [list, draft] of rows) {
    const { repeaterId, parentPath } = parseRowListKey(list);
    const saved = new Set(savedRows(list));
    const kept = new Set(draft);
    for (const row of saved) if (!kept.has(row)) deleteRows.push({ dataSectionId: repeaterId, ...splitRowPath([...parentPath, row]) });
    const fresh = new Set(draft.filter((row) => !saved.has(row)));
    newRows.set(list, fresh);
    for (const row of fresh) {
      for (const v of newRow(repeaterId, [...parentPath, row])) added.set(placeKey(v), v);
    }
    if (!isAscending(draft)) {
      reorder.push({ dataSectionId: repeaterId, ...(parentPath.length > 0 && { parentRows: [...parentPath] }), rows: [...draft] });
    }
  }
  reorder.sort((a, b) => (b.parentRows?.length ?? 0) - (a.parentRows?.length ?? 0));
  const modify: TDataValue[] = [];
  const details: NonNullable<TModelChangesRequest["details"]> = {};
  for (const [key, value] of edits) {
    if (key === NAME_KEY) details.name = value ?? "";
    if (key === DESCRIPTION_KEY) details.description = value ?? "";
    if (key === GTIN_KEY) details.gtin = value ?? "";
    const triple = parseValueKey(key);
    if (!triple) continue;
    const place = rowListOf(triple, repeaterPathOf(triple.dataSectionId));
    const isNewRow = place !== undefined && newRows.get(place.list)?.has(place.row) === true;
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
