import { storedDataValue } from "~/domain/list-value";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, placeKey } from "~/components/model-editor/draft-keys";
import type { DraftValue, EditorOwnerState } from "~/components/model-editor/draft-store";

/** A field both this draft and someone else changed since the draft's saved state: which value wins is the user's call. */
export type Conflict = {
  key: string;
  mine: DraftValue;
  theirs: DraftValue;
  /** Undefined until the user decides; "mine" keeps the edit, "theirs" drops it for the saved value. */
  choice?: "mine" | "theirs";
  /** Who saved their value, and when (ISO 8601), from the history; unknown for the name, description and GTIN. */
  changedBy?: string;
  changedAt?: string;
};

/** The values of an owner by draft key, as the draft store keys them. */
export function ownerValues(owner: EditorOwnerState): Map<string, DraftValue> {
  const values = new Map<string, DraftValue>();
  if (owner.name !== undefined) values.set(NAME_KEY, owner.name);
  if (owner.description !== undefined) values.set(DESCRIPTION_KEY, owner.description);
  if (owner.gtin !== undefined) values.set(GTIN_KEY, owner.gtin ?? "");
  // The draft keeps a list field's value in its stored form, canonical JSON text (docs/field-options.md §Lists).
  for (const v of owner.dataValues) values.set(placeKey(v), storedDataValue(v).value);
  return values;
}

/**
 * The conflicts between the draft's edits and a newer saved state: an edited key whose newer value differs both
 * from the value the edit was made on and from the edit. Keys the newer state lacks (a row removed elsewhere) are
 * not conflicts; the store drops those edits and says so. Keys only the other side changed are no conflict either:
 * they simply take the newer value.
 */
export function findConflicts(
  edits: ReadonlyMap<string, DraftValue>,
  savedValue: (key: string) => DraftValue,
  latest: ReadonlyMap<string, DraftValue>,
): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const [key, mine] of edits) {
    if (!latest.has(key)) continue;
    const theirs = latest.get(key) ?? null;
    if (theirs !== savedValue(key) && theirs !== mine) conflicts.push({ key, mine, theirs });
  }
  return conflicts;
}
