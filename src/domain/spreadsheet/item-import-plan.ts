import type { TDataValue } from "~/domain/data-value";
import { MAX_ROW } from "~/domain/data-value";
import { isDecimalString } from "~/domain/decimal";
import { isListField, readFieldOptions } from "~/domain/field-options";
import { cellToList } from "~/domain/spreadsheet/list-cell";
import { fieldValueProblem } from "~/domain/field-value";
import { valueProblem } from "~/domain/value-problem";
import { localeKind, parseLocaleValue } from "~/domain/languages/locale-value";
import { isRangeField, rangeFromCell } from "~/domain/range-value";
import { normaliseIdentifierValue } from "~/domain/gs1/gs1-key";
import { splitRowPath } from "~/domain/row-path";
import { readSectionOptions } from "~/domain/section-options";
import {
  type FieldColumn,
  type ItemSheetsLayout,
  itemSheetsLayout,
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
  /**
   * Per repeater whose sheet the file has: every value of every row the item will hold there (the file replaces the
   * rows), a nested repeater's with their inner rows.
   */
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
    problems.add({
      sheet: sheets[0]?.name ?? "",
      row: null,
      column: null,
      rule: "file",
      code: "no-items-sheet",
      params: {},
      message: "The file has no items sheet",
    });
    return { items: [], reading, repeaterIds: [], mapping, problems };
  }
  const repeaterSheets = mapped.filter((m) => m.layout.repeaterId !== null);
  if (!checkMapped(itemsSheet, mapped, problems)) return { items: [], reading, repeaterIds: [], mapping, problems };
  const items = readItems(itemsSheet, localeOf, problems);
  const repeaterIds = repeaterSheets.map((m) => m.layout.repeaterId as string);
  for (const item of items) for (const id of repeaterIds) item.repeaterRows.set(id, []);
  const byIdentifier = new Map(items.flatMap((item) => item.identifiers.map((value) => [value, item] as const)));
  readRepeaterSheets(index, repeaterSheets, byIdentifier, localeOf, problems);
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
      code: "no-column-mapped",
      params: { headers: shown, count: headers.length },
      message: `No column maps to a field of the model or to its identifiers (the header row holds ${shown || "nothing"})`,
    });
    return false;
  }
  const hasIdentifier = itemsSheet.columns.some((column) => column?.kind === "identifier");
  if (!hasIdentifier && mapped.length > 1) {
    problems.add({
      ...at,
      code: "no-identifier-column",
      params: {},
      message: "The items sheet has no Identifier column, which its repeater sheets' rows refer to",
    });
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
      const at = { sheet: sheet.name, row: null, column: null, rule: "file" } as const;
      if (target) {
        const message = `A second sheet for "${target.name}"; it is left out`;
        problems.add({ ...at, code: "sheet-twice", params: { target: target.name }, message });
      } else {
        problems.add({ ...at, code: "unknown-sheet", params: {}, message: "Matches no repeater of the model; it is left out" });
      }
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
        if ("message" in result) {
          const params = { identifier: cell.trim() };
          return problems.add({ ...at, rule: "identifier-format", code: "identifier-format", params, message: result.message });
        }
        const first = seen.get(result.value);
        if (first !== undefined) {
          const message = `"${cell.trim()}" is also the identifier of row ${first}`;
          const params = { identifier: cell.trim(), row: first };
          return problems.add({ ...at, rule: "duplicate-identifier", code: "duplicate-identifier", params, message });
        }
        seen.set(result.value, line);
        item.identifiers.push(result.value);
      } else if (column?.kind === "field") {
        const value = checkedValue(column, cell, locale, at, problems);
        if (value !== undefined) item.values.push(cellValue(column, [0], value));
      }
    });
    return item;
  });
}

/** The data value a field's cell holds at a row path, in its column's language for a multilingual field. */
function cellValue(column: FieldColumn, path: readonly number[], value: string | null): TDataValue {
  const { sectionId: dataSectionId, fieldId: dataFieldId, language } = column;
  return { dataSectionId, dataFieldId, ...splitRowPath(path), value, ...(language !== undefined && { language }) };
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
  problems.add({
    ...at,
    rule: ruleOf(column, value),
    code: "value",
    params: { field: field.name },
    valueProblem: valueProblem(field, value),
    message: `"${field.name}" ${problem}`,
  });
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

/** A row of a repeater's sheet the plan kept: its item, its whole row path (row-path.ts) and its spreadsheet row. */
type ReadRow = { item: PlannedItem; path: number[]; line: number };

/** A repeater's sheet as read: the rows it keeps (the parent rows a nested one's rows need are checked after). */
type ReadSheet = { mapped: MappedSheet; repeaterId: string; rows: ReadRow[] };

/**
 * Reads every repeater sheet, then checks what needs the others: a nested repeater's row must sit in a row of the
 * nearest enclosing repeater whose sheet the file has (the file replaces that repeater's rows, so a row it does not
 * list would be deleted), and no parent row may hold more rows than the repeater's `maxRows`.
 */
function readRepeaterSheets(
  index: TemplateIndex,
  sheets: readonly MappedSheet[],
  byIdentifier: ReadonlyMap<string, PlannedItem>,
  localeOf: CellLocale,
  problems: ProblemList,
): void {
  const read = new Map(
    sheets.map((mapped) => {
      const repeaterId = mapped.layout.repeaterId as string;
      return [repeaterId, { mapped, repeaterId, rows: readRepeaterRows(mapped, byIdentifier, localeOf, problems) }] as const;
    }),
  );
  for (const sheet of read.values()) {
    checkParentRows(index, sheet, read, problems);
    checkMaxRows(index, sheet, problems);
  }
}

/** The spreadsheet's positions of a sheet's row columns, outermost first (-1 for a column the file lacks). */
function rowColumnsOf(mapped: MappedSheet): number[] {
  const levels = mapped.layout.columns.filter((c) => c.kind === "row").length;
  return Array.from({ length: levels }, (_, level) => mapped.columns.findIndex((c) => c?.kind === "row" && c.level === level));
}

function readRepeaterRows(
  mapped: MappedSheet,
  byIdentifier: ReadonlyMap<string, PlannedItem>,
  localeOf: CellLocale,
  problems: ProblemList,
): ReadRow[] {
  const locale = localeOf(mapped.sheet);
  const repeaterId = mapped.layout.repeaterId as string;
  const identifierAt = mapped.columns.findIndex((c) => c?.kind === "identifier");
  const rowAt = rowColumnsOf(mapped);
  const header = (c: number) => mapped.sheet.rows[0]?.[c] ?? "";
  // Without the row of a repeater around it, no row of a nested repeater's sheet says where it sits.
  const parentMissing = mapped.layout.columns.find((c) => c.kind === "row" && c.level < rowAt.length - 1 && rowAt[c.level] === -1);
  if (parentMissing) {
    const message = `The sheet has no "${parentMissing.title}" column, which says which row of the repeater around it each row sits in`;
    const params = { column: parentMissing.title };
    problems.add({ sheet: mapped.sheet.name, row: null, column: null, rule: "file", code: "no-parent-column", params, message });
    return [];
  }
  const taken = new Set<string>();
  const kept: ReadRow[] = [];
  for (const { cells, line } of dataRows(mapped)) {
    const at = { sheet: mapped.sheet.name, row: line };
    const text = (cells[identifierAt] ?? "").trim();
    const normalised = normaliseIdentifierValue(text);
    const item = "value" in normalised ? byIdentifier.get(normalised.value) : undefined;
    if (!item) {
      const message = `"${text}" is the identifier of no row of the items sheet`;
      problems.add({
        ...at,
        column: identifierAt < 0 ? null : header(identifierAt),
        rule: "unknown-item",
        code: "unknown-item",
        params: { identifier: text },
        message,
      });
      continue;
    }
    const path = rowAt.map((c) => rowNumber(cells[c] ?? ""));
    const bad = path.findIndex((row) => row === undefined);
    const rowKey = `${item.line}|${path.join(".")}`;
    if (bad >= 0 || taken.has(rowKey)) {
      // The level at fault: the first row cell that is no row number, else the sheet's own row (named twice).
      const level = bad >= 0 ? bad : rowAt.length - 1;
      const title = mapped.layout.columns.find((c) => c.kind === "row" && c.level === level)?.title ?? "Row";
      const c = rowAt[level] ?? -1;
      const place = { ...at, column: c < 0 ? null : header(c), rule: "row" } as const;
      if (bad >= 0) {
        const message = `${title} must be a whole number from 1 to ${MAX_ROW + 1}`;
        problems.add({ ...place, code: "row-number", params: { column: title, max: MAX_ROW + 1 }, message });
      } else {
        problems.add({ ...place, code: "row-twice", params: {}, message: "This item has this row twice" });
      }
      continue;
    }
    taken.add(rowKey);
    const rowPath = path.filter((row) => row !== undefined);
    kept.push({ item, path: rowPath, line });
    const rows = item.repeaterRows.get(repeaterId) ?? [];
    mapped.columns.forEach((column, c) => {
      if (column?.kind !== "field") return;
      const value = checkedValue(column, cells[c] ?? "", locale, { ...at, column: header(c) }, problems);
      if (value !== undefined) rows.push(cellValue(column, rowPath, value));
    });
    item.repeaterRows.set(repeaterId, rows);
  }
  return kept;
}

/**
 * A nested repeater's row must be in the rows the file gives the nearest repeater around it that has a sheet: the
 * import replaces that repeater's rows with the file's, so a row outside them would be written into a row the same
 * import deletes. Without such a sheet, the rows around are left as they are (a new one is made by the write).
 */
function checkParentRows(index: TemplateIndex, sheet: ReadSheet, read: ReadonlyMap<string, ReadSheet>, problems: ProblemList): void {
  const enclosing = index.sections.get(sheet.repeaterId)?.repeaterPath.slice(0, -1) ?? [];
  const depth = enclosing.findLastIndex((id) => read.has(id)) + 1;
  const parent = read.get(enclosing[depth - 1] ?? "");
  if (!parent) return;
  const parentRows = new Set(parent.rows.map((r) => `${r.item.line}|${r.path.join(".")}`));
  const column = rowColumnsOf(sheet.mapped)[depth - 1] ?? -1;
  for (const { item, path, line } of sheet.rows) {
    const parentPath = path.slice(0, depth);
    if (parentRows.has(`${item.line}|${parentPath.join(".")}`)) continue;
    // Counted from 1, as the sheets show rows.
    const shown = parentPath.map((row) => row + 1).join(".");
    const message = `Row ${shown} of "${parent.mapped.sheet.name}" is no row of this item there`;
    problems.add({
      sheet: sheet.mapped.sheet.name,
      row: line,
      column: sheet.mapped.sheet.rows[0]?.[column] ?? null,
      rule: "row",
      code: "no-parent-row",
      params: { row: shown, sheet: parent.mapped.sheet.name },
      message,
    });
  }
}

/** No item may hold more rows than the repeater's `maxRows` inside one row around it (or at all, outermost). */
function checkMaxRows(index: TemplateIndex, { mapped, repeaterId, rows }: ReadSheet, problems: ProblemList): void {
  const section = index.sections.get(repeaterId)?.section;
  const { maxRows } = section ? readSectionOptions(section) : {};
  if (maxRows === undefined) return;
  const counts = new Map<string, { item: PlannedItem; parentPath: number[]; count: number }>();
  for (const { item, path } of rows) {
    const parentPath = path.slice(0, -1);
    const key = `${item.line}|${parentPath.join(".")}`;
    const entry = counts.get(key) ?? { item, parentPath, count: 0 };
    counts.set(key, { ...entry, count: entry.count + 1 });
  }
  for (const { item, parentPath, count } of counts.values()) {
    if (count <= maxRows) continue;
    const inParent = parentPath.length === 0 ? "" : ` inside row ${parentPath.map((row) => row + 1).join(".")} around it`;
    const message = `The item of row ${item.line} of the items sheet has ${count} rows here${inParent}; "${section?.name}" allows at most ${maxRows}`;
    const parentRow = parentPath.map((row) => row + 1).join(".");
    const params = { row: item.line, count, depth: parentPath.length, parentRow, section: section?.name ?? "", max: maxRows };
    problems.add({ sheet: mapped.sheet.name, row: null, column: null, rule: "range", code: "too-many-rows", params, message });
  }
}
