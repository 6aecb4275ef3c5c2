import { z } from "zod";
import type { SheetColumn, SheetLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { headerLookup, normaliseHeader, takeFirst } from "~/domain/spreadsheet/sheet-headers";

/** The delimiters a CSV or TSV file may use: comma, semicolon (Excel in locales whose decimal separator is a comma), tab. */
export const SHEET_DELIMITERS = [",", ";", "\t"] as const;
export type SheetDelimiter = (typeof SHEET_DELIMITERS)[number];

/**
 * A sheet as read from a file: its name, its rows of text cells (already unescaped, spreadsheet-cell.ts) and, for a
 * CSV or TSV file, the delimiter it was read with.
 */
export type Sheet = { name: string; rows: string[][]; delimiter?: SheetDelimiter };

/** Which column of the layout each column of a file's sheet fills (its key), or null for a column left out. */
export const ZSheetMapping = z.object({
  sheet: z.string(),
  /** The layout sheet it was matched to; null for a sheet the import ignores. */
  target: z.string().nullable(),
  columns: z.array(z.object({ header: z.string(), key: z.string().nullable() })),
  /** Every key the target sheet offers with its title, for a mapping screen to choose from. */
  available: z.array(z.object({ key: z.string(), title: z.string() })),
});
export type TSheetMapping = z.infer<typeof ZSheetMapping>;

/**
 * Changes the caller makes to the automatic mapping (the browser's mapping screen): per sheet name, per column
 * position (0-based), the key it fills or null to leave it out.
 */
export const ZMappingOverrides = z.record(
  z.string().max(200),
  z.record(z.string().regex(/^\d{1,4}$/), z.string().max(200).nullable()),
);
export type TMappingOverrides = z.infer<typeof ZMappingOverrides>;

/** The keys a column answers to in a file's key row: its own, and a multilingual default column's plain key. */
function keysOf(column: SheetColumn): string[] {
  return column.kind === "field" && column.alias ? [column.key, column.alias.key] : [column.key];
}

/** Whether a sheet's second row holds column keys (an export's second header row) rather than data. */
export function hasKeyRow(rows: readonly (readonly string[])[], layouts: readonly SheetLayout[]): boolean {
  const keys = new Set(layouts.flatMap((layout) => layout.columns.flatMap(keysOf)));
  return (rows[1] ?? []).some((cell) => keys.has(cell.trim()));
}

/**
 * Maps a sheet's columns to the layout's keys: the caller's override first, then the key row, then the title
 * (`Section › Field`, case, spacing and `>` for `›` ignored), then a field's bare name when only one field has
 * it. A multilingual field's plain key, title or name fills its default language's column. A key already taken by
 * an earlier column leaves the later one unmapped.
 */
export function mapColumns(
  headers: readonly string[],
  keyRow: readonly string[] | undefined,
  layout: SheetLayout,
  overrides: Record<string, string | null> = {},
): (string | null)[] {
  const known = new Set(layout.columns.map((c) => c.key));
  const byKey = new Map(layout.columns.flatMap((c) => keysOf(c).map((key) => [key, c.key] as const)));
  const byName = headerLookup(
    layout.columns.map((column) => ({
      id: column.key,
      titles: column.kind === "field" && column.alias ? [column.title, column.alias.title] : [column.title],
      // A field's other languages' columns are named by their titles only.
      bareName: column.kind === "field" && (column.language === undefined || column.alias) ? column.field.name : undefined,
    })),
  );
  const choices = headers.map((header, i) => {
    const override = overrides[String(i)];
    const keyCell = keyRow?.[i]?.trim();
    const fromKeyRow = keyCell === undefined ? undefined : byKey.get(keyCell);
    const candidate = override !== undefined ? override : (fromKeyRow ?? byName(header));
    return candidate !== null && known.has(candidate) ? candidate : null;
  });
  return takeFirst(choices);
}

/**
 * Which layout sheet a file's sheet holds: the one whose keys its key row names, else the one of its name (or CSV
 * file name); the first sheet of a file is the items sheet when nothing else says so.
 */
export function matchSheet(sheet: Sheet, position: number, layouts: readonly SheetLayout[]): SheetLayout | undefined {
  const keyRow = new Set((sheet.rows[1] ?? []).map((cell) => cell.trim()));
  const byKeys = layouts.find((layout) => layout.columns.some((c) => c.kind === "field" && keysOf(c).some((key) => keyRow.has(key))));
  if (byKeys) return byKeys;
  const name = normaliseHeader(sheet.name.replace(/\.(csv|tsv|txt)$/i, ""));
  const byName = layouts.find((layout) => normaliseHeader(layout.name) === name || normaliseHeader(layout.fileName) === name);
  return byName ?? (position === 0 ? layouts[0] : undefined);
}
