/**
 * The one reading of a spreadsheet's header row and the one naming of sheets, shared by the items import
 * (sheet-mapping.ts) and the editor's table import (repeater-grid/row-import.ts), so a file made for one maps the
 * same way in the other (docs/spreadsheets.md, Mapping; docs/editor.md, Files).
 */

/** A header as compared: case, spacing and `>` for `›` ignored. */
export function normaliseHeader(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/\s*(›|>)\s*/g, " › ")
    .toLocaleLowerCase();
}

/** A column a header may name: its id, the titles it answers to, and its field's bare name (if it has one). */
export type NamedColumn<T> = { id: T; titles: readonly string[]; bareName?: string };

/**
 * A lookup of the column a header names: by one of its titles, else by a bare name only one column has; a unit in
 * parentheses after either (`Capacity (kWh)`, as people and exports add it) is allowed. Null when none matches.
 */
export function headerLookup<T>(columns: readonly NamedColumn<T>[]): (header: string) => T | null {
  const byTitle = new Map<string, T>();
  const byBareName = new Map<string, T | null>();
  for (const column of columns) {
    for (const title of column.titles) if (!byTitle.has(normaliseHeader(title))) byTitle.set(normaliseHeader(title), column.id);
    if (column.bareName === undefined) continue;
    const bare = normaliseHeader(column.bareName);
    const other = byBareName.get(bare);
    byBareName.set(bare, other === undefined || other === column.id ? column.id : null);
  }
  const find = (name: string) => byTitle.get(name) ?? byBareName.get(name) ?? null;
  return (header) => {
    const name = normaliseHeader(header);
    return find(name) ?? find(name.replace(/\s*\([^)]*\)$/, ""));
  };
}

/** Each column's choice, where a choice an earlier column already took leaves the later one with none (null). */
export function takeFirst<T>(choices: readonly (T | null)[]): (T | null)[] {
  const taken = new Set<T>();
  return choices.map((choice) => {
    if (choice === null || taken.has(choice)) return null;
    taken.add(choice);
    return choice;
  });
}

/** The longest name Excel accepts for a sheet. */
export const EXCEL_SHEET_NAME_LENGTH = 31;

/**
 * A name Excel accepts for a sheet: at most 31 characters, none of []:*?/\ and, given the names `taken` (lower
 * case, added to), unique regardless of case (` (2)`, ` (3)`, … appended).
 */
export function excelSheetName(name: string, taken: Set<string> = new Set()): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, " ")
      .trim()
      .slice(0, EXCEL_SHEET_NAME_LENGTH) || "Rows";
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, EXCEL_SHEET_NAME_LENGTH - 4)} (${n})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
