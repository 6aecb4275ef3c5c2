import type { TDataValue } from "~/domain/data-value";
import { isRangeField, rangeCellText } from "~/domain/range-value";
import { isListField } from "~/domain/field-options";
import { compareRowPaths, rowPathOf } from "~/domain/row-path";
import { listToCell } from "~/domain/spreadsheet/list-cell";
import { type ItemSheetsLayout, type SheetLayout, valueKey } from "~/domain/spreadsheet/item-sheet-layout";

/** An item as the export reads it: its identifier values (oldest first) and its data values. */
export type ExportedItem = { identifiers: readonly string[]; values: readonly TDataValue[] };

/**
 * The rows one item adds to each sheet of the layout (docs/spreadsheets.md): one row of the items sheet, and per
 * repeater one row for each row the item holds there, in row order (level by level in a nested repeater), its row
 * cells the stored rows + 1 (people count from 1; the import subtracts it again, so the numbers survive a round trip,
 * gaps included): the enclosing repeaters' rows, outermost first, then its own. A value that is null is an empty
 * cell. Cells are the values as stored: escaping is the file writer's job. A multilingual field's value fills its
 * language's column (a value stored without a language, its default language's column).
 */
export function itemSheetRows(layout: ItemSheetsLayout, item: ExportedItem): { items: string[]; repeaters: string[][][] } {
  // Per column key, the values by their row path's text (`3` or `3.0.2`); the paths themselves by that text.
  const byKey = new Map<string, Map<string, string | null>>();
  const paths = new Map<string, number[]>();
  for (const v of item.values) {
    const key = valueKey(v.dataSectionId, v.dataFieldId, v.language);
    const path = rowPathOf(v);
    const pathText = path.join(".");
    let rows = byKey.get(key);
    if (!rows) byKey.set(key, (rows = new Map<string, string | null>()));
    rows.set(pathText, v.value);
    if (!paths.has(pathText)) paths.set(pathText, path);
  }
  const valueAt = (key: string, pathText: string) => byKey.get(key)?.get(pathText);
  const first = item.identifiers[0] ?? "";
  const cellsAt = (sheet: SheetLayout, path: readonly number[]): string[] => {
    const pathText = path.join(".");
    return sheet.columns.map((column) => {
      if (column.kind === "identifier") return sheet.repeaterId === null ? (item.identifiers[column.n - 1] ?? "") : first;
      if (column.kind === "row") return String((path[column.level] ?? 0) + 1);
      const value = valueAt(column.key, pathText) ?? (column.alias ? valueAt(column.alias.key, pathText) : undefined) ?? "";
      // A list's entries on separate lines of the cell (list-cell.ts); a range field's value is one cell "10 – 20"
      // (docs/spreadsheets.md §Ranges).
      if (isListField(column.field)) return listToCell(value === "" ? null : value);
      return value !== "" && isRangeField(column.field) ? rangeCellText(value) : value;
    });
  };
  const repeaters = layout.repeaters.map((sheet) => {
    const rows = new Set<string>();
    for (const column of sheet.columns) {
      for (const key of column.kind === "field" && column.alias ? [column.key, column.alias.key] : [column.key]) {
        for (const pathText of byKey.get(key)?.keys() ?? []) rows.add(pathText);
      }
    }
    return [...rows]
      .map((pathText) => paths.get(pathText) ?? [])
      .sort(compareRowPaths)
      .map((path) => cellsAt(sheet, path));
  });
  return { items: cellsAt(layout.items, [0]), repeaters };
}
