import { readSectionOptions, rowsText, type SectionOptions, type SectionOptionsSubject } from "~/domain/section-options";

/**
 * What the editor says and allows about a repeater's `minRows` / `maxRows` (docs/field-options.md §Section options).
 * The server refuses a save over `maxRows`, so the editor stops every way of adding rows at the limit and says why;
 * fewer rows than `minRows` is allowed to save and only shown.
 */
export type RowLimits = SectionOptions;

export function rowLimitsOf(section: SectionOptionsSubject): RowLimits {
  return readSectionOptions(section);
}

/** How many rows may still be added: Infinity without a `maxRows`, 0 at or over it. */
export function roomFor({ maxRows }: RowLimits, rowCount: number): number {
  return maxRows === undefined ? Infinity : Math.max(0, maxRows - rowCount);
}

/** "3 rows", or "3 of 5 rows" under a `maxRows`. */
export function rowCountText({ maxRows }: RowLimits, rowCount: number): string {
  return maxRows === undefined ? rowsText(rowCount) : `${rowCount.toLocaleString("en-US")} of ${rowsText(maxRows)}`;
}

/** Why no row can be added, or undefined while one can. */
export function fullText(name: string, limits: RowLimits, rowCount: number): string | undefined {
  if (limits.maxRows === undefined || rowCount < limits.maxRows) return undefined;
  // More rows than the limit only come from a template upgrade that lowered it; they stay saveable, adding does not.
  const over = rowCount - limits.maxRows;
  const advice = over > 0 ? `it has ${over.toLocaleString("en-US")} more, so no row can be added` : "delete a row to add another";
  return `${name} allows at most ${rowsText(limits.maxRows)}; ${advice}.`;
}

/** "Needs at least 2 rows" while the repeater has fewer than its `minRows`. */
export function shortText(limits: RowLimits, rowCount: number): string | undefined {
  if (limits.minRows === undefined || rowCount >= limits.minRows) return undefined;
  return `Needs at least ${rowsText(limits.minRows)}.`;
}

/** Why adding `count` rows at once (a paste, an import) is refused, or undefined when they fit. */
export function tooManyText(name: string, limits: RowLimits, rowCount: number, count: number): string | undefined {
  if (count <= roomFor(limits, rowCount) || limits.maxRows === undefined) return undefined;
  return `That needs ${count.toLocaleString("en-US")} more row${count === 1 ? "" : "s"}, but ${name} allows at most ${rowsText(limits.maxRows)} (it has ${rowCount.toLocaleString("en-US")}); nothing was added.`;
}

/** The DOM id of the note that explains a repeater's limit, which every disabled way of adding rows points to. */
export function rowLimitNoteId(repeaterId: string): string {
  return `row-limit-${repeaterId}`;
}
