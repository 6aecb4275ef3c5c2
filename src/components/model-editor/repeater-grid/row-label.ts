import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";

const MAX_LABEL_LENGTH = 60;

/**
 * A row's name in lists and headings: the value of the repeater's first text field, shortened; undefined when it has
 * none, and the caller names the row by its position ("Row 3", in the member's language).
 */
export function rowLabel(columns: readonly GridColumn[], valueOf: (column: GridColumn) => string | null): string | undefined {
  const first = columns.find((column) => column.field.type === "TextField");
  const text = first ? (valueOf(first) ?? "").trim().replace(/\s+/g, " ") : "";
  if (text === "") return undefined;
  return text.length > MAX_LABEL_LENGTH ? `${text.slice(0, MAX_LABEL_LENGTH - 1)}…` : text;
}

/** The words of a search, lower-cased; a row matches when each word is found in one of its cells. */
export function searchTerms(query: string): string[] {
  return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

export function rowMatches(terms: readonly string[], cells: readonly (string | null)[]): boolean {
  if (terms.length === 0) return true;
  const texts = cells.flatMap((cell) => (cell ? [cell.toLocaleLowerCase()] : []));
  return terms.every((term) => texts.some((text) => text.includes(term)));
}

/** The 0-based place of "jump to row" input (1-based, as shown), undefined when it names no row. */
export function parseRowJump(text: string, rowCount: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= rowCount ? n - 1 : undefined;
}
