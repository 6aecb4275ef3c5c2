import { isListField, isMultilingual, isYesNoField } from "~/domain/field-options";
import { localeKind } from "~/domain/languages/locale-value";
import { EXCEL_SHEET_NAME_LENGTH, excelSheetName } from "~/domain/spreadsheet/sheet-headers";
import type { XlsxCellType } from "~/domain/spreadsheet/xlsx-cell";
import { fieldLevel, type TemplateIndex } from "~/domain/template-index";
import type { TDataField } from "~/domain/template-schema";

/**
 * The spreadsheet form of a model's items (docs/spreadsheets.md): one sheet "Items" with one row per item — its
 * identifiers, then one column per Item-level field outside repeaters — and one more sheet per Item-level repeater at
 * every depth, one row per repeater row, keyed by the item's (first) identifier, the row of each repeater around it
 * (outermost first) and its own row number. Every sheet starts with two header rows: the column's title
 * (`Section › Field`, for people) and its key (for the import, so a renamed section or field does not break a round
 * trip).
 *
 * A multilingual field (docs/languages.md) has one column per language the organization publishes, the default
 * first: titled `Section › Field [de]`, keyed `<section>/<field>@de`. Its default language's column also answers
 * to the field's plain title and key, so a file made for one language (or before the field was multilingual) still
 * fills the default language.
 */

/** A column of a sheet: what it holds, its title (first header row) and key (second header row). */
export type SheetColumn =
  | { kind: "identifier"; n: number; title: string; key: string }
  | {
      kind: "row";
      /** Which row of the sheet's row path the column holds: 0 the outermost repeater's, the last the sheet's own. */
      level: number;
      title: string;
      key: string;
    }
  | {
      kind: "field";
      sectionId: string;
      fieldId: string;
      field: TDataField;
      title: string;
      key: string;
      /** A multilingual field's column: the language of its values. */
      language?: string;
      /** The plain title and key the column also answers to (a multilingual field's default language column). */
      alias?: { title: string; key: string };
    };

export type FieldColumn = Extract<SheetColumn, { kind: "field" }>;

export type SheetLayout = {
  /** The sheet's name in a workbook; the CSV file's name (`<fileName>.csv`) in a zip. */
  name: string;
  fileName: string;
  /** The repeater this sheet lists rows of; null for the items sheet. */
  repeaterId: string | null;
  columns: SheetColumn[];
};

export type ItemSheetsLayout = { items: SheetLayout; repeaters: SheetLayout[] };

export const ITEMS_SHEET = "Items";
export const IDENTIFIER_KEY = "identifier";
export const ROW_KEY = "row";

/** The key of the column holding a row of an enclosing repeater: `row:<sectionId>`, stable when it is renamed. */
export function parentRowKey(repeaterId: string): string {
  return `${ROW_KEY}:${repeaterId}`;
}

/** The key of the n-th identifier column (1-based): `identifier`, `identifier:2`, … */
export function identifierKey(n: number): string {
  return n === 1 ? IDENTIFIER_KEY : `${IDENTIFIER_KEY}:${n}`;
}

/** The key of a field's column: its section's and its own id, which stay when either is renamed. */
export function fieldKey(sectionId: string, fieldId: string): string {
  return `${sectionId}/${fieldId}`;
}

/** The key of a value's column: its field's key, with `@<language>` for a multilingual field's value. */
export function valueKey(sectionId: string, fieldId: string, language: string | undefined): string {
  return language === undefined ? fieldKey(sectionId, fieldId) : `${fieldKey(sectionId, fieldId)}@${language}`;
}

/** A section's path from the root of the template, as titles show it: `Battery › Cells`. */
function sectionPath(index: TemplateIndex, sectionId: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let id: string | null = sectionId; id !== null && !seen.has(id);) {
    seen.add(id);
    const entry = index.sections.get(id);
    if (!entry) break;
    names.unshift(entry.section.name);
    id = entry.section.parentId;
  }
  return names;
}

/**
 * A sheet's name from its repeater's section path, within Excel's 31 characters: the whole path when it fits, else
 * its last sections after `… › ` (a nested repeater's own name tells its sheet apart; its start is what its parent's
 * sheet shares).
 */
function fittingPath(names: readonly string[]): string {
  for (let from = 0; from < names.length; from++) {
    const text = `${from > 0 ? "… › " : ""}${names.slice(from).join(" › ")}`;
    if (text.length <= EXCEL_SHEET_NAME_LENGTH) return text;
  }
  return names.at(-1) ?? "";
}

function fileNameOf(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._()-]/gu, "_");
}

/**
 * The sheets of a template's items. `identifierColumns` is how many identifier columns the items sheet has (the most
 * identifiers any exported item holds; at least one); `languages` the organization's published languages, default
 * first (a multilingual field's columns). Fields and repeaters come in the template's document order.
 */
export function itemSheetsLayout(index: TemplateIndex, identifierColumns = 1, languages: readonly string[] = []): ItemSheetsLayout {
  const identifiers: SheetColumn[] = Array.from({ length: Math.max(1, identifierColumns) }, (_, i) => ({
    kind: "identifier",
    n: i + 1,
    title: i === 0 ? "Identifier" : `Identifier ${i + 1}`,
    key: identifierKey(i + 1),
  }));
  const itemFields: SheetColumn[] = [];
  const repeaterFields = new Map<string, SheetColumn[]>();
  for (const sectionId of index.orderedSectionIds) {
    const entry = index.sections.get(sectionId);
    if (!entry) continue;
    const path = sectionPath(index, sectionId).join(" › ");
    for (const field of entry.section.dataFields) {
      if (fieldLevel(entry, field) !== "Item") continue;
      const columns = fieldColumns(sectionId, field, `${path} › ${field.name}`, languages);
      if (entry.repeaterId === null) itemFields.push(...columns);
      else repeaterFields.set(entry.repeaterId, [...(repeaterFields.get(entry.repeaterId) ?? []), ...columns]);
    }
  }
  const taken = new Set([ITEMS_SHEET.toLowerCase()]);
  // Document order puts each repeater before those nested in it, so a parent's sheet comes before its children's.
  const repeaters = index.orderedSectionIds.flatMap((repeaterId): SheetLayout[] => {
    const columns = repeaterFields.get(repeaterId);
    const enclosing = index.sections.get(repeaterId)?.repeaterPath.slice(0, -1);
    if (!columns || !enclosing) return [];
    const name = excelSheetName(fittingPath(sectionPath(index, repeaterId)), taken);
    // A nested repeater's row is one of many inside a row of each repeater around it: a column per enclosing row.
    const parentRows = enclosing.map((parentId, level): SheetColumn => {
      const parentName = index.sections.get(parentId)?.section.name ?? "";
      return { kind: "row", level, title: `${parentName} row`, key: parentRowKey(parentId) };
    });
    return [
      {
        name,
        fileName: fileNameOf(name),
        repeaterId,
        columns: [
          { kind: "identifier", n: 1, title: "Identifier", key: IDENTIFIER_KEY },
          ...parentRows,
          { kind: "row", level: enclosing.length, title: "Row", key: ROW_KEY },
          ...columns,
        ],
      },
    ];
  });
  return {
    items: { name: ITEMS_SHEET, fileName: "items", repeaterId: null, columns: [...identifiers, ...itemFields] },
    repeaters,
  };
}

/** A field's columns: one, or one per language for a multilingual field (the first, the default's, with the alias). */
function fieldColumns(sectionId: string, field: TDataField, title: string, languages: readonly string[]): FieldColumn[] {
  const plain = { kind: "field" as const, sectionId, fieldId: field.id, field, title, key: fieldKey(sectionId, field.id) };
  if (languages.length === 0 || !isMultilingual(field)) return [plain];
  return languages.map((language, i) => ({
    ...plain,
    title: `${title} [${language}]`,
    key: valueKey(sectionId, field.id, language),
    language,
    ...(i === 0 && { alias: { title: plain.title, key: plain.key } }),
  }));
}

/** The two header rows of a sheet. */
export function headerRows(sheet: SheetLayout): string[][] {
  return [sheet.columns.map((c) => c.title), sheet.columns.map((c) => c.key)];
}

/**
 * How XLSX writes a column's values (xlsx-cell.ts): a number field's and the row columns as numbers, a date field's
 * as dates, a yes/no field's as booleans, the rest (identifiers, text, links, dates with times) as text — an XLSX
 * date cell has no zone, which a date and time may name.
 */
export function columnCellType(column: SheetColumn): XlsxCellType {
  if (column.kind === "row") return "number";
  // A list's cell holds its entries as lines of text (list-cell.ts), never one number or date.
  if (column.kind !== "field" || isListField(column.field)) return "text";
  if (isYesNoField(column.field)) return "boolean";
  const kind = localeKind(column.field);
  return kind === "number" || kind === "date" ? kind : "text";
}
