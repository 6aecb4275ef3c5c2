import type { TDataValue } from "~/domain/data-value";
import { MAX_ROW } from "~/domain/data-value";
import { isDecimalString } from "~/domain/decimal";
import { isListField, readFieldOptions } from "~/domain/field-options";
import { cellToList } from "~/domain/spreadsheet/list-cell";
import { fieldValueProblem } from "~/domain/field-value";
import { localeKind, parseLocaleValue } from "~/domain/locale-value";
import { isRangeField, rangeFromCell } from "~/domain/range-value";
import { normaliseIdentifierValue } from "~/domain/gs1/gs1-key";
import { readSectionOptions } from "~/domain/section-options";
import {
  type FieldColumn,
  type ItemSheetsLayout,
  itemSheetsLayout,
  ROW_KEY,
  type SheetColumn,
  type SheetLayout,
} from "~/domain/spreadsheet/item-sheet-layout";
import { type ImportRule, ProblemList } from "~/domain/spreadsheet/import-problems";
import {
  hasKeyRow,
  mapColumns,
  matchSheet,
  type Sheet,
  type TMappingOverrides,
  type TSheetMapping,
} from "~/domain/spreadsheet/sheet-mapping";
import type { TSheetReading } from "~/domain/spreadsheet/item-import-schema";
import { detectSheetLocale } from "~/domain/spreadsheet/sheet-locale";
import type { TemplateIndex } from "~/domain/template-index";

/** The most identifier columns the items sheet may have. */
export const MAX_IDENTIFIER_COLUMNS = 20;

/** One item of the file: its identifiers (stored form), its values outside repeaters, its rows per repeater. */
export type PlannedItem = {
  /** The items sheet's row number, for problems found later (an identifier taken by another model). */
  line: number;
  identifiers: string[];
  values: TDataValue[];
  /** Per repeater whose sheet the file has: every row the item will hold there (the file replaces the rows). */
  repeaterRows: Map<string, TDataValue[]>;
};

export type ItemImportPlan = {
  items: PlannedItem[];
  /** How the file was read: the items sheet's delimiter (null for XLSX) and the locale of its numbers and dates. */
  reading: TSheetReading;
  /** Repeaters whose sheet the file has: their rows are replaced; the others are left as they are. */
  repeaterIds: string[];
  mapping: TSheetMapping[];
  problems: ProblemList;
};

type MappedSheet = { sheet: Sheet; layout: SheetLayout; columns: (SheetColumn | undefined)[]; firstDataRow: number };

/** The locale cells of delimited sheets are read in; null for XLSX sheets, whose typed cells are exact. */
type CellLocale = (sheet: Sheet) => string | null;

/**
 * Reads a file's sheets as the items of a model (docs/spreadsheets.md): maps columns, checks every cell with the
 * template's rules (the same `fieldValueProblem` as every write) and lists each problem by sheet, row and column,
 * bounded. Nothing about the database is known here: whether an identifier names an existing item is the
 * service's question. `languages` are the organization's published languages, default first (a multilingual
 * field's column per language); `locale` the caller's locale of a CSV or TSV file's numbers and dates, detected
 * from the file when not given (sheet-locale.ts).
 */
export function planItemImport(
  index: TemplateIndex,
  sheets: readonly Sheet[],
  overrides: TMappingOverrides = {},
  languages: readonly string[] = [],
  locale?: string,
): ItemImportPlan {
  const layout = itemSheetsLayout(index, MAX_IDENTIFIER_COLUMNS, languages);
  const problems = new ProblemList();
  const mapped = mapSheets(layout, sheets, overrides, problems);
  const mapping = mapped.map(toMapping);
  const reading = readingOf(mapped, locale);
  const localeOf: CellLocale = (sheet) => (sheet.delimiter === undefined ? null : reading.locale);
  const itemsSheet = mapped.find((m) => m.layout.repeaterId === null);
  if (!itemsSheet) {
    problems.add({ sheet: sheets[0]?.name ?? "", row: null, column: null, rule: "file", message: "The file has no items sheet" });
    return { items: [], reading, repeaterIds: [], mapping, problems };
  }
  const repeaterSheets = mapped.filter((m) => m.layout.repeaterId !== null);
  if (!checkMapped(itemsSheet, mapped, problems)) return { items: [], reading, repeaterIds: [], mapping, problems };
  const items = readItems(itemsSheet, localeOf, problems);
  const repeaterIds = repeaterSheets.map((m) => m.layout.repeaterId as string);
  for (const item of items) for (const id of repeaterIds) item.repeaterRows.set(id, []);
  const byIdentifier = new Map(items.flatMap((item) => item.identifiers.map((value) => [value, item] as const)));
  for (const sheet of repeaterSheets) readRepeaterRows(index, sheet, byIdentifier, localeOf, problems);
  return { items, reading, repeaterIds, mapping, problems };
}

/**
 * Whether the file's columns say what its rows are: a file none of whose columns maps to a field or the identifier (a
 * CSV read with the wrong delimiter is one column named `Identifier;Notes;…`) would import empty items, and repeater rows
 * without an identifier column in the items sheet could not find their items; either is a `file` problem.
 */
function checkMapped(itemsSheet: MappedSheet, mapped: readonly MappedSheet[], problems: ProblemList): boolean {
  const headers = (itemsSheet.sheet.rows[0] ?? []).filter((header) => header.trim() !== "");
  const at = { sheet: itemsSheet.sheet.name, row: null, column: null, rule: "file" as const };
  // An Identifier column alone names the items to create or find: only a file mapping neither is refused.
  if (!mapped.some((m) => m.columns.some((column) => column?.kind === "field" || column?.kind === "identifier"))) {
    const shown = headers
      .slice(0, 5)
      .map((header) => `"${header}"`)
      .join(", ");
    problems.add({
      ...at,
      message: `No column maps to a field of the model or to its identifiers (the header row holds ${shown || "nothing"})`,
    });
    return false;
  }
  const hasIdentifier = itemsSheet.columns.some((column) => column?.kind === "identifier");
  if (!hasIdentifier && mapped.length > 1) {
    problems.add({ ...at, message: "The items sheet has no Identifier column, which its repeater sheets' rows refer to" });
    return false;
  }
  return true;
}

/** How the file is read: its items sheet's delimiter, and the caller's locale or the one detected. */
function readingOf(mapped: readonly MappedSheet[], locale: string | undefined): TSheetReading {
  const delimited = mapped.filter((m) => m.sheet.delimiter !== undefined);
  const delimiter = delimited[0]?.sheet.delimiter ?? null;
  if (delimiter === null) return { delimiter, locale: null, isLocaleDetected: false };
  if (locale !== undefined) return { delimiter, locale, isLocaleDetected: false };
  const samples = delimited.flatMap((m) =>
    dataRows(m).flatMap(({ cells }) =>
      m.columns.flatMap((column, c) => {
        const text = cells[c] ?? "";
        return column?.kind === "field" && localeKind(column.field) !== undefined && text.trim() !== "" ? [{ column, text }] : [];
      }),
    ),
  );
  return { delimiter, locale: detectSheetLocale(samples, delimiter), isLocaleDetected: true };
}

function mapSheets(
  layout: ItemSheetsLayout,
  sheets: readonly Sheet[],
  overrides: TMappingOverrides,
  problems: ProblemList,
): MappedSheet[] {
  const layouts = [layout.items, ...layout.repeaters];
  const used = new Set<SheetLayout>();
  return sheets.flatMap((sheet, position) => {
    const target = matchSheet(sheet, position, layouts);
    if (!target || used.has(target)) {
      const message = target
        ? `A second sheet for "${target.name}"; it is left out`
        : "Matches no repeater of the model; it is left out";
      problems.add({ sheet: sheet.name, row: null, column: null, rule: "file", message });
      return [];
    }
    used.add(target);
    const isKeyed = hasKeyRow(sheet.rows, [target]);
    const keys = mapColumns(sheet.rows[0] ?? [], isKeyed ? sheet.rows[1] : undefined, target, overrides[sheet.name]);
    const columns = keys.map((key) => target.columns.find((c) => c.key === key));
    return [{ sheet, layout: target, columns, firstDataRow: isKeyed ? 2 : 1 }];
  });
}

function toMapping({ sheet, layout, columns }: MappedSheet): TSheetMapping {
  return {
    sheet: sheet.name,
    target: layout.name,
    columns: (sheet.rows[0] ?? []).map((header, i) => ({ header, key: columns[i]?.key ?? null })),
    available: layout.columns.map(({ key, title }) => ({ key, title })),
  };
}

/** The data rows of a sheet with their spreadsheet row numbers (1-based), skipping rows with no text at all. */
function dataRows({ sheet, firstDataRow }: MappedSheet): { cells: string[]; line: number }[] {
  return sheet.rows
    .map((cells, i) => ({ cells, line: i + 1 }))
    .slice(firstDataRow)
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
}

function readItems(mapped: MappedSheet, localeOf: CellLocale, problems: ProblemList): PlannedItem[] {
  const locale = localeOf(mapped.sheet);
  const seen = new Map<string, number>();
  return dataRows(mapped).map(({ cells, line }) => {
    const item: PlannedItem = { line, identifiers: [], values: [], repeaterRows: new Map() };
    mapped.columns.forEach((column, c) => {
      const cell = cells[c] ?? "";
      const at = { sheet: mapped.sheet.name, row: line, column: mapped.sheet.rows[0]?.[c] ?? "" };
      if (column?.kind === "identifier" && cell.trim() !== "") {
        const result = normaliseIdentifierValue(cell.trim());
        if ("message" in result) return problems.add({ ...at, rule: "identifier-format", message: result.message });
        const first = seen.get(result.value);
        if (first !== undefined) {
          const message = `"${cell.trim()}" is also the identifier of row ${first}`;
          return problems.add({ ...at, rule: "duplicate-identifier", message });
        }
        seen.set(result.value, line);
        item.identifiers.push(result.value);
      } else if (column?.kind === "field") {
        const value = checkedValue(column, cell, locale, at, problems);
        if (value !== undefined) item.values.push(cellValue(column, 0, value));
      }
    });
    return item;
  });
}

/** The data value a field's cell holds, in its column's language for a multilingual field. */
function cellValue(column: FieldColumn, row: number, value: string | null): TDataValue {
  const { sectionId: dataSectionId, fieldId: dataFieldId, language } = column;
  return { dataSectionId, dataFieldId, row, value, ...(language !== undefined && { language }) };
}

type CellPlace = { sheet: string; row: number; column: string };

/**
 * The value a cell stores, or undefined after listing its problem. An empty cell is null, in a required field too:
 * an import may leave an item incomplete, as the editor may (completeness reports what is missing). A number or
 * date of a CSV or TSV file is read in the file's locale (`97,5`, `29.02.2024` in de-DE) into its stored form.
 */
function checkedValue(
  column: FieldColumn,
  cell: string,
  locale: string | null,
  at: CellPlace,
  problems: ProblemList,
): string | null | undefined {
  const { field } = column;
  if (cell === "") return null;
  const read = (text: string) => (locale === null ? undefined : parseLocaleValue(field, text, locale)) ?? text;
  // A list's cell holds its entries on separate lines, each read as a single value's cell (list-cell.ts); a range
  // field's one cell "10 – 20" (docs/spreadsheets.md §Ranges), each side read like a cell of its kind.
  const value = isListField(field) ? cellToList(cell, read) : isRangeField(field) ? (rangeFromCell(cell, read) ?? cell) : read(cell);
  if (value === null) return null;
  const problem = fieldValueProblem(field, value);
  if (problem === undefined) return value;
  problems.add({ ...at, rule: ruleOf(column, value), message: `"${field.name}" ${problem}` });
  return undefined;
}

/** Which rule a value `fieldValueProblem` refused broke: its type, a range (bounds, length, decimals) or a choice. */
function ruleOf({ field }: FieldColumn, value: string): ImportRule {
  const options = readFieldOptions(field);
  if (field.type === "NumericField") return isDecimalString(value) ? "range" : "type";
  if (field.type !== "TextField") return "type";
  if (options.choices !== undefined && !options.choices.includes(value)) return "choice";
  if (options.maxLength !== undefined && value.length > options.maxLength) return "range";
  return "type";
}

function rowNumber(cell: string): number | undefined {
  const text = cell.trim();
  if (!/^\d{1,7}$/.test(text)) return undefined;
  const row = Number(text) - 1;
  return row >= 0 && row <= MAX_ROW ? row : undefined;
}

function readRepeaterRows(
  index: TemplateIndex,
  mapped: MappedSheet,
  byIdentifier: ReadonlyMap<string, PlannedItem>,
  localeOf: CellLocale,
  problems: ProblemList,
): void {
  const locale = localeOf(mapped.sheet);
  const repeaterId = mapped.layout.repeaterId as string;
  const identifierAt = mapped.columns.findIndex((c) => c?.kind === "identifier");
  const rowAt = mapped.columns.findIndex((c) => c?.key === ROW_KEY);
  const header = (c: number) => mapped.sheet.rows[0]?.[c] ?? "";
  const taken = new Set<string>();
  for (const { cells, line } of dataRows(mapped)) {
    const at = { sheet: mapped.sheet.name, row: line };
    const text = (cells[identifierAt] ?? "").trim();
    const normalised = normaliseIdentifierValue(text);
    const item = "value" in normalised ? byIdentifier.get(normalised.value) : undefined;
    if (!item) {
      const message = `"${text}" is the identifier of no row of the items sheet`;
      problems.add({ ...at, column: identifierAt < 0 ? null : header(identifierAt), rule: "unknown-item", message });
      continue;
    }
    const row = rowNumber(cells[rowAt] ?? "");
    const rowKey = `${item.line}|${row}`;
    if (row === undefined || taken.has(rowKey)) {
      const message = row === undefined ? `Row must be a whole number from 1 to ${MAX_ROW + 1}` : "This item has this row twice";
      problems.add({ ...at, column: rowAt < 0 ? null : header(rowAt), rule: "row", message });
      continue;
    }
    taken.add(rowKey);
    const rows = item.repeaterRows.get(repeaterId) ?? [];
    mapped.columns.forEach((column, c) => {
      if (column?.kind !== "field") return;
      const value = checkedValue(column, cells[c] ?? "", locale, { ...at, column: header(c) }, problems);
      if (value !== undefined) rows.push(cellValue(column, row, value));
    });
    item.repeaterRows.set(repeaterId, rows);
  }
  checkMaxRows(index, mapped, repeaterId, byIdentifier, problems);
}

function checkMaxRows(
  index: TemplateIndex,
  mapped: MappedSheet,
  repeaterId: string,
  byIdentifier: ReadonlyMap<string, PlannedItem>,
  problems: ProblemList,
): void {
  const section = index.sections.get(repeaterId)?.section;
  const { maxRows } = section ? readSectionOptions(section) : {};
  if (maxRows === undefined) return;
  for (const item of new Set(byIdentifier.values())) {
    const count = new Set(item.repeaterRows.get(repeaterId)?.map((v) => v.row)).size;
    if (count <= maxRows) continue;
    const message = `The item of row ${item.line} of the items sheet has ${count} rows here; "${section?.name}" allows at most ${maxRows}`;
    problems.add({ sheet: mapped.sheet.name, row: null, column: null, rule: "range", message });
  }
}
