import { readSectionOptions, type SectionOptions, type SectionOptionsSubject } from "~/domain/section-options";

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

/**
 * The words of the texts below, from the catalogues' `editorRows` namespace (the member's language, from
 * useTranslations("editorRows")), so these stay pure and their wording is tested without a browser.
 */
type RowLimitsKey = "rowCount" | "rowCountOf" | "full" | "fullOver" | "short" | "tooMany";
export type RowLimitsText = (key: RowLimitsKey, values: Record<string, string | number>) => string;

/** "3 rows", or "3 of 5 rows" under a `maxRows`. */
export function rowCountText(text: RowLimitsText, { maxRows }: RowLimits, rowCount: number): string {
  return maxRows === undefined ? text("rowCount", { count: rowCount }) : text("rowCountOf", { count: rowCount, max: maxRows });
}

/** Why no row can be added, or undefined while one can. */
export function fullText(text: RowLimitsText, name: string, limits: RowLimits, rowCount: number): string | undefined {
  if (limits.maxRows === undefined || !isFull(limits, rowCount)) return undefined;
  // More rows than the limit only come from a template upgrade that lowered it; they stay saveable, adding does not.
  const over = rowCount - limits.maxRows;
  return over > 0 ? text("fullOver", { name, max: limits.maxRows, over }) : text("full", { name, max: limits.maxRows });
}

/** Whether no row can be added (the repeater is at or over its `maxRows`). */
export function isFull(limits: RowLimits, rowCount: number): boolean {
  return limits.maxRows !== undefined && rowCount >= limits.maxRows;
}

/** "Needs at least 2 rows" while the repeater has fewer than its `minRows`. */
export function shortText(text: RowLimitsText, limits: RowLimits, rowCount: number): string | undefined {
  if (limits.minRows === undefined || rowCount >= limits.minRows) return undefined;
  return text("short", { min: limits.minRows });
}

/** Why adding `count` rows at once (a paste, an import) is refused, or undefined when they fit. */
export function tooManyText(
  text: RowLimitsText,
  name: string,
  limits: RowLimits,
  rowCount: number,
  count: number,
): string | undefined {
  if (count <= roomFor(limits, rowCount) || limits.maxRows === undefined) return undefined;
  return text("tooMany", { count, name, max: limits.maxRows, rowCount });
}

/** The DOM id of the note that explains a repeater's limit, which every disabled way of adding rows points to. */
export function rowLimitNoteId(repeaterId: string): string {
  return `row-limit-${repeaterId}`;
}
