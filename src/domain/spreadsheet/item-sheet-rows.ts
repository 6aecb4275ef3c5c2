import type { TDataValue } from "~/domain/data-value";
import { isRangeField, rangeCellText } from "~/domain/range-value";
import { isListField } from "~/domain/field-options";
import { listToCell } from "~/domain/spreadsheet/list-cell";
import { type ItemSheetsLayout, type SheetLayout, valueKey } from "~/domain/spreadsheet/item-sheet-layout";

/** An item as the export reads it: its identifier values (oldest first) and its data values. */
export type ExportedItem = { identifiers: readonly string[]; values: readonly TDataValue[] };

/**
 * The rows one item adds to each sheet of the layout (docs/spreadsheets.md): one row of the items sheet, and per
 * repeater one row for each row number the item holds there, in row order, its Row cell the stored row + 1 (people
 * count from 1; the import subtracts it again, so the numbers survive a round trip, gaps included). A value that is
 * null is an empty cell. Cells are the values as stored: escaping is the file writer's job. A multilingual field's
 * value fills its language's column (a value stored without a language, its default language's column).
 */
export function itemSheetRows(layout: ItemSheetsLayout, item: ExportedItem): { items: string[]; repeaters: string[][][] } {
  const byKey = new Map<string, Map<number, string | null>>();
  for (const v of item.values) {
    const key = valueKey(v.dataSectionId, v.dataFieldId, v.language);
    let rows = byKey.get(key);
    if (!rows) byKey.set(key, (rows = new Map<number, string | null>()));
    rows.set(v.row, v.value);
  }
  const valueAt = (key: string, row: number) => byKey.get(key)?.get(row);
  const first = item.identifiers[0] ?? "";
  const cellsAt = (sheet: SheetLayout, row: number): string[] =>
    sheet.columns.map((column) => {
      if (column.kind === "identifier") return sheet.repeaterId === null ? (item.identifiers[column.n - 1] ?? "") : first;
      if (column.kind === "row") return String(row + 1);
      const value = valueAt(column.key, row) ?? (column.alias ? valueAt(column.alias.key, row) : undefined) ?? "";
      // A list's entries on separate lines of the cell (list-cell.ts); a range field's value is one cell "10 – 20"
      // (docs/spreadsheets.md §Ranges).
      if (isListField(column.field)) return listToCell(value === "" ? null : value);
      return value !== "" && isRangeField(column.field) ? rangeCellText(value) : value;
    });
  const repeaters = layout.repeaters.map((sheet) => {
    const rows = new Set<number>();
    for (const column of sheet.columns) {
      for (const key of column.kind === "field" && column.alias ? [column.key, column.alias.key] : [column.key]) {
        for (const row of byKey.get(key)?.keys() ?? []) rows.add(row);
      }
    }
    return [...rows].sort((a, b) => a - b).map((row) => cellsAt(sheet, row));
  });
  return { items: cellsAt(layout.items, 0), repeaters };
}
