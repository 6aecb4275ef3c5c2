import type { DraftBackup } from "~/components/model-editor/draft-backup";
import { keyInRow, parseValueKey, rowListOf } from "~/components/model-editor/draft-keys";
import { rebaseRows } from "~/components/model-editor/draft-rows";
import type { DraftSnapshot, DraftValue } from "~/components/model-editor/draft-store";
import { type Conflict, findConflicts } from "~/components/model-editor/conflicts";

/** The saved state a kept draft is put on: the current values by key, rows per row list, and where sections sit. */
export type CurrentState = {
  values: ReadonlyMap<string, DraftValue>;
  savedRowsOf: (list: string) => readonly number[];
  /** The repeaters a section is or sits in, outermost first. */
  repeaterPathOf: (sectionId: string) => readonly string[];
};

export type RebasedBackup = { snapshot: DraftSnapshot; conflicts: Conflict[]; droppedEdits: number };

/**
 * Puts a draft kept from another version of its owner on top of the current saved state, the way a refused save's
 * draft is put on the newer state: rows the draft added keep their place (under a free number if the newer state
 * took theirs), rows removed meanwhile go with the draft's edits in them (counted), and each value both the draft and
 * someone else changed since the draft's version is a conflict for the user to decide, so nothing the other side
 * saved is overwritten unseen. Values only the other side changed keep their newer value.
 */
export function rebaseBackup(backup: DraftBackup, current: CurrentState): RebasedBackup {
  const savedThen = new Map(backup.base.rows);
  const rows: [string, number[]][] = [];
  const renumbered = new Map<string, ReadonlyMap<number, number>>();
  const rowsNow = new Map<string, ReadonlySet<number>>();
  for (const [repeaterId, draft] of backup.snapshot.rows) {
    const saved = current.savedRowsOf(repeaterId);
    const rebased = rebaseRows(savedThen.get(repeaterId) ?? [], saved, draft);
    if (rebased.rows) rows.push([repeaterId, rebased.rows]);
    renumbered.set(repeaterId, rebased.renumbered);
    rowsNow.set(repeaterId, new Set(rebased.rows ?? saved));
  }

  const edits = new Map<string, DraftValue>();
  let droppedEdits = 0;
  for (const [key, value] of backup.snapshot.edits) {
    const triple = parseValueKey(key);
    const place = triple && rowListOf(triple, current.repeaterPathOf(triple.dataSectionId));
    if (!triple || !place) {
      edits.set(key, value);
      continue;
    }
    const repeaterId = place.list;
    const row = renumbered.get(repeaterId)?.get(place.row) ?? place.row;
    if (!(rowsNow.get(repeaterId) ?? new Set(current.savedRowsOf(repeaterId))).has(row)) {
      droppedEdits++;
      continue;
    }
    edits.set(keyInRow(triple, row), value);
  }

  const valuesThen = new Map(backup.base.values);
  const conflicts = findConflicts(edits, (key) => valuesThen.get(key) ?? null, current.values);
  return { snapshot: { edits: [...edits], rows }, conflicts, droppedEdits };
}

/**
 * The part of a kept draft that is not saved: an edit whose value the saved state holds now is no change (it was
 * saved — here, before the copy was cleared, or in another tab), nor is a repeater's row list the saved state has
 * now. The editor offers only what is left to restore, and nothing when nothing is (undefined).
 */
export function unsavedBackup(backup: DraftBackup, current: Pick<CurrentState, "values" | "savedRowsOf">): DraftBackup | undefined {
  const edits = backup.snapshot.edits.filter(([key, value]) => !(current.values.has(key) && current.values.get(key) === value));
  const rows = backup.snapshot.rows.filter(([repeaterId, draft]) => !sameRows(draft, current.savedRowsOf(repeaterId)));
  if (edits.length + rows.length === 0) return undefined;
  return { ...backup, snapshot: { edits, rows } };
}

function sameRows(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((row, i) => row === b[i]);
}
