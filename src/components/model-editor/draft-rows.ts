/**
 * The rows of the editor's repeaters as a draft: the saved rows (ascending row numbers) and, for a repeater the
 * user changed, its rows in their new order — saved rows left out were removed, row numbers the saved state lacks
 * are new rows. Pure functions over those two lists; `DraftStore` holds them.
 */

export type RowLists = ReadonlyMap<string, readonly number[]>;

/** How many changes a repeater's draft rows are against its saved rows: each row added or removed, and a new order. */
export function rowChangeCount(saved: readonly number[], draft: readonly number[]): number {
  const savedSet = new Set(saved);
  const draftSet = new Set(draft);
  const added = draft.filter((row) => !savedSet.has(row)).length;
  const removed = saved.filter((row) => !draftSet.has(row)).length;
  return added + removed + (isAscending(draft) ? 0 : 1);
}

export function isAscending(rows: readonly number[]): boolean {
  return rows.every((row, i) => i === 0 || (rows[i - 1] as number) < row);
}

/** A row number no saved or draft row of the repeater has: above all of them, so a gap is never reused. */
export function freeRowNumber(saved: readonly number[], draft: readonly number[]): number {
  // A loop, not Math.max(...rows): tens of thousands of arguments can overflow the stack.
  let highest = -1;
  for (const row of saved) if (row > highest) highest = row;
  for (const row of draft) if (row > highest) highest = row;
  return highest + 1;
}

export type Rebased = {
  /** The draft rows on top of the new saved rows; undefined when they equal the saved rows. */
  rows: number[] | undefined;
  /** New rows whose number the new saved state took meanwhile, and the number each moves to. */
  renumbered: Map<number, number>;
};

/**
 * Puts a repeater's draft rows on top of newer saved rows (after reloading a model changed elsewhere): rows removed
 * elsewhere go — except those in `keep` (rows this draft edited), which stay in their place as new rows under a
 * fresh number, so an edit is never lost to a removal elsewhere —, rows added elsewhere come in at the end, rows this
 * draft removed stay removed, and this draft's new rows keep their place — under a fresh number if the newer state
 * has taken theirs.
 */
export function rebaseRows(
  before: readonly number[],
  after: readonly number[],
  draft: readonly number[],
  keep: ReadonlySet<number> = new Set(),
): Rebased {
  const beforeSet = new Set(before);
  const afterSet = new Set(after);
  const renumbered = new Map<number, number>();
  let next = freeRowNumber(after, draft);
  const rows: number[] = [];
  for (const row of draft) {
    if (beforeSet.has(row)) {
      if (afterSet.has(row)) rows.push(row);
      else if (keep.has(row)) {
        renumbered.set(row, next);
        rows.push(next++);
      }
      continue;
    }
    if (afterSet.has(row)) {
      renumbered.set(row, next);
      rows.push(next++);
    } else rows.push(row);
  }
  const placed = new Set(rows);
  for (const row of after) if (!beforeSet.has(row) && !placed.has(row)) rows.push(row);
  const isSaved = rows.length === after.length && rows.every((row, i) => row === after[i]);
  return { rows: isSaved ? undefined : rows, renumbered };
}

/** Moves `row` to position `to` (clamped) of `rows`. */
export function moveInList(rows: readonly number[], row: number, to: number): number[] {
  const rest = rows.filter((r) => r !== row);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), row, ...rest.slice(at)];
}
