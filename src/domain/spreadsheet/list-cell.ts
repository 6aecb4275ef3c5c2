/**
 * A list field's value in a spreadsheet cell (docs/spreadsheets.md §Lists): its entries on separate lines of one
 * cell, which people read and type (Alt+Enter in Excel). Entries that lines cannot carry — one holding a line break,
 * or a first entry starting with `[` (it would read as the other form) — are written as the list's canonical JSON
 * text instead, which the import reads back as is. Pure; the one cell codec of lists, for export and import alike.
 */
import { decodeListValue, encodeListValue, listEntries } from "~/domain/list-value";

const LINE_BREAK = /\r\n|\r|\n/;

/** The cell of a list's stored value: entries one per line; "" for no value. */
export function listToCell(stored: string | null): string {
  const entries = listEntries(stored);
  if (entries.length === 0) return "";
  const linesCarryThem = entries.every((entry) => !LINE_BREAK.test(entry)) && !entries[0]!.startsWith("[");
  return linesCarryThem ? entries.join("\n") : (stored ?? "");
}

/**
 * The stored value of a list's cell: its canonical JSON text as is, else one entry per line (blank lines are no
 * entry), each through `readEntry` (a number or date in the file's locale into its stored form); null for no entry.
 */
export function cellToList(cell: string, readEntry: (entry: string) => string = (entry) => entry): string | null {
  if (cell.startsWith("[") && decodeListValue(cell) !== undefined) return cell;
  const lines = cell.split(LINE_BREAK).filter((line) => line.trim() !== "");
  return encodeListValue(lines.map(readEntry));
}
