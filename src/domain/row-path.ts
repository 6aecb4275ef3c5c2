import { z } from "zod";

/**
 * Where a value sits in nested repeaters (docs/data-model.md §Rows): `row` is its row in the outermost repeater, as
 * for every client before nesting, and `innerRows` its row in each deeper repeater, outermost first — absent (empty)
 * for a value outside nested repeaters. A section's value carries as many inner rows as repeaters enclose it, less one.
 */

/** The highest row number at any level. */
export const MAX_ROW = 1_000_000;

/** A repeater sits inside at most three others: the four levels the IDTA templates use (02035-2). */
export const MAX_REPEATER_DEPTH = 4;

const ZRow = z.number().int().min(0).max(MAX_ROW);

/** The inner rows on input: one per repeater below the outermost one. */
export const ZInnerRows = z
  .array(ZRow)
  .min(1)
  .max(MAX_REPEATER_DEPTH - 1);

/** Width of one stored inner row: MAX_ROW has seven digits. */
const WIDTH = 7;

/**
 * The inner rows as stored (`innerRows` text column, history's `valueInnerRows`): each row as seven digits and a dot,
 * so text order is row order and the rows of one parent share a prefix (deletes and reorders of a nested repeater's
 * rows are prefix matches). '' for none.
 */
export function encodeInnerRows(innerRows: readonly number[] | undefined): string {
  if (!innerRows || innerRows.length === 0) return "";
  return innerRows.map((row) => `${String(row).padStart(WIDTH, "0")}.`).join("");
}

/** The stored inner rows back; undefined for ''. */
export function decodeInnerRows(stored: string): number[] | undefined {
  if (stored === "") return undefined;
  const rows: number[] = [];
  for (let at = 0; at < stored.length; at += WIDTH + 1) rows.push(Number(stored.slice(at, at + WIDTH)));
  return rows;
}

/** The stored prefix of the first `count` inner rows, and the position (1-based, SQL's) of the next one. */
export function innerRowsPrefix(innerRows: readonly number[], count: number): { prefix: string; at: number } {
  return { prefix: encodeInnerRows(innerRows.slice(0, count)), at: count * (WIDTH + 1) + 1 };
}

/** One stored inner row, for SQL that replaces one level of a path (a reorder of a nested repeater's rows). */
export function encodeInnerRow(row: number): string {
  return String(row).padStart(WIDTH, "0");
}

/** A row's whole path, outermost first: `row` then the inner rows. */
export function rowPathOf(v: { row: number; innerRows?: readonly number[] }): number[] {
  return v.innerRows && v.innerRows.length > 0 ? [v.row, ...v.innerRows] : [v.row];
}

/** A path as the text of keys and messages: `3` or `3.0.2`. */
export function rowPathText(v: { row: number; innerRows?: readonly number[] }): string {
  return rowPathOf(v).join(".");
}

/** `row` and `innerRows` of a whole path (innerRows left out when empty). */
export function splitRowPath(path: readonly number[]): { row: number; innerRows?: number[] } {
  const [row = 0, ...inner] = path;
  return inner.length > 0 ? { row, innerRows: inner } : { row };
}

/** Orders two paths as the rows are shown: level by level. */
export function compareRowPaths(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const difference = (a[i] as number) - (b[i] as number);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
