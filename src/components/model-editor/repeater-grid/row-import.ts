import { columnName, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { withProblems, type PlannedCell } from "~/components/model-editor/repeater-grid/paste-plan";
import { headerLookup, takeFirst } from "~/domain/spreadsheet/sheet-headers";
import type { OwnerLevel, TemplateIndex } from "~/domain/template-index";

/** A column's header in exported files; import reads it back, or the bare field name when that is unambiguous. */
export function columnTitle(column: GridColumn): string {
  return column.group ? `${column.group.name} › ${columnName(column)}` : columnName(column);
}

/**
 * Which column of the repeater each file column fills, by header name (the items import's rule, sheet-headers.ts:
 * case and spacing ignored; a unit in parentheses after the name, as exports write it, is allowed). Undefined for a
 * file column that matches none, or one a previous file column already took.
 */
export function mapHeaders(headers: readonly string[], columns: readonly GridColumn[]): (number | undefined)[] {
  const byName = headerLookup(columns.map((column, i) => ({ id: i, titles: [columnTitle(column)], bareName: column.field.name })));
  return takeFirst(headers.map(byName)).map((i) => i ?? undefined);
}

export type ImportPlan = {
  /** Per file row, the cells it writes (`row` is the 0-based place among the new rows). */
  cells: PlannedCell[];
  rowCount: number;
  mapping: (number | undefined)[];
  ignoredHeaders: string[];
  problemCount: number;
};

/** The rows a file adds to a repeater: the first line is headers, mapped to fields; every cell checked as a paste is. */
export function planImport(
  table: readonly (readonly string[])[],
  columns: readonly GridColumn[],
  index: TemplateIndex,
  level: OwnerLevel,
): ImportPlan {
  const [headers = [], ...rows] = table;
  const mapping = mapHeaders(headers, columns);
  const body = rows.filter((row) => row.some((cell) => cell.trim() !== ""));
  const writes = body.flatMap((row, r) =>
    mapping.flatMap((col, c) => {
      if (col === undefined) return [];
      const text = row[c] ?? "";
      return [{ row: r, col, value: text === "" ? null : text }];
    }),
  );
  const cells = withProblems(writes, columns, index, level);
  return {
    cells,
    rowCount: body.length,
    mapping,
    ignoredHeaders: headers.filter((_, i) => mapping[i] === undefined),
    problemCount: cells.filter((cell) => cell.problem).length,
  };
}

/** A repeater's rows as a table for export: a header line, then one line per row. */
export function exportTable(
  columns: readonly GridColumn[],
  rows: readonly number[],
  valueAt: (column: GridColumn, row: number) => string | null,
): string[][] {
  return [columns.map(columnTitle), ...rows.map((row) => columns.map((column) => valueAt(column, row) ?? ""))];
}
