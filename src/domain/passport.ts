import type { TDataValue } from "~/domain/data-value";
import { type AccessLevel, canReadAccess, fieldAccess } from "~/domain/field-options";
import type { TPassport, TPassportRow, TPassportSection, TReaderLevel } from "~/domain/passport-schema";
import { fieldLevel, type TemplateIndex } from "~/domain/template-index";
import type { TDataField, TSection } from "~/domain/template-schema";
import { defaultLanguageValues } from "~/domain/value-languages";

/**
 * A passport is built in two steps (docs/api.md §Passports): `assemblePassport` lays the template's sections out with
 * every field the owner holds and its values (done once per write and cached), and `passportFor` cuts that down to
 * what one reader's level may see. A field a reader may not see is dropped from the section's fields and from every
 * row, so nothing of it — not even its key — reaches that reader.
 */

export type PassportHeader = Omit<TPassport, "readerLevel" | "hiddenFieldCount" | "dataSections">;

export type PassportSource = {
  header: PassportHeader;
  index: TemplateIndex;
  modelValues: readonly TDataValue[];
  /** The item's values; absent for a model's passport. */
  itemValues?: readonly TDataValue[];
  /** The organization's default language: a multilingual field shows its value in it (docs/languages.md). */
  defaultLanguage: string;
};

/**
 * A field's values by row. `rows` holds what a reader gets without asking for a language: a multilingual field's
 * value in the default language. `languages` (multilingual fields only) holds every language's value per row, the
 * `{language: value}` map a cut picks from (docs/languages.md).
 */
export type AssembledField = {
  field: TDataField;
  access: AccessLevel;
  rows: Map<number, string | null>;
  languages?: Map<number, Record<string, string | null>>;
};
export type AssembledSection = { section: TSection; fields: AssembledField[] };
export type AssembledPassport = { header: PassportHeader; sections: AssembledSection[]; defaultLanguage: string };

export function assemblePassport({ header, index, modelValues, itemValues, defaultLanguage }: PassportSource): AssembledPassport {
  const modelRows = rowsByField(defaultLanguageValues(modelValues, defaultLanguage));
  const itemRows = itemValues ? rowsByField(defaultLanguageValues(itemValues, defaultLanguage)) : undefined;
  const modelLanguages = languagesByField(modelValues);
  const itemLanguages = itemValues ? languagesByField(itemValues) : undefined;
  const sections: AssembledSection[] = [];
  for (const sectionId of index.orderedSectionIds) {
    const entry = index.sections.get(sectionId);
    if (!entry) continue;
    const fields: AssembledField[] = [];
    for (const field of entry.section.dataFields) {
      const isItemField = fieldLevel(entry, field) === "Item";
      // A model's passport describes the model: the fields each item holds for itself have no value there.
      if (isItemField && !itemRows) continue;
      const source = isItemField ? itemRows : modelRows;
      const rows = source?.get(valueKey(sectionId, field.id)) ?? new Map<number, string | null>();
      const languages = (isItemField ? itemLanguages : modelLanguages)?.get(valueKey(sectionId, field.id));
      fields.push({ field, access: fieldAccess(field), rows, ...(languages && { languages }) });
    }
    sections.push({ section: entry.section, fields });
  }
  return { header, sections, defaultLanguage };
}

/**
 * What a reader of `level` may see; a member sees every field. A multilingual field shows its value in `language`,
 * or the default language's where that language has none (absent or blank); without `language`, the default's.
 */
export function passportFor(assembled: AssembledPassport, level: TReaderLevel, language?: string): TPassport {
  let hiddenFieldCount = 0;
  const dataSections = assembled.sections.map(({ section, fields }): TPassportSection => {
    const visible = visibleFields(fields, level).map((f) => inLanguage(f, language, assembled.defaultLanguage));
    hiddenFieldCount += fields.length - visible.length;
    return {
      id: section.id,
      name: section.name,
      type: section.type,
      parentId: section.parentId,
      subSections: section.subSections,
      granularityLevel: section.granularityLevel,
      layout: section.layout,
      dataFields: visible.map((f) => f.field),
      dataValues: rowsOf(visible),
      hiddenFieldCount: fields.length - visible.length,
    };
  });
  return { ...assembled.header, readerLevel: level, hiddenFieldCount, dataSections, ...(language !== undefined && { language }) };
}

/** The field with its rows in `language`, falling back to the default language's value where it has none. */
function inLanguage(f: AssembledField, language: string | undefined, defaultLanguage: string): AssembledField {
  if (!f.languages || language === undefined || language === defaultLanguage) return f;
  const rows = new Map<number, string | null>();
  for (const [row, byLanguage] of f.languages) rows.set(row, pickLanguage(byLanguage, language, defaultLanguage));
  for (const [row, value] of f.rows) if (!rows.has(row)) rows.set(row, value);
  return { ...f, rows };
}

/** A multilingual value in `language`, or the default language's when that one is absent or blank. */
export function pickLanguage(byLanguage: Record<string, string | null>, language: string, defaultLanguage: string): string | null {
  const value = byLanguage[language];
  return value !== undefined && value !== null && value.trim() !== "" ? value : (byLanguage[defaultLanguage] ?? null);
}

/** The fields of a section a reader of `level` may see: the one cut of the passport JSON and the AAS export. */
export function visibleFields(fields: readonly AssembledField[], level: TReaderLevel): readonly AssembledField[] {
  return level === "member" ? fields : fields.filter((f) => canReadAccess(level, f.access));
}

/** The rows any visible field has a value in, in order; each row names every visible field (null when unset). */
function rowsOf(fields: readonly AssembledField[]): TPassportRow[] {
  const rowNumbers = new Set<number>();
  for (const { rows } of fields) for (const row of rows.keys()) rowNumbers.add(row);
  return [...rowNumbers]
    .sort((a, b) => a - b)
    .map((row) => {
      const values: TPassportRow = {};
      for (const { field, rows } of fields) values[field.id] = rows.get(row) ?? null;
      return values;
    });
}

function valueKey(sectionId: string, fieldId: string): string {
  return `${sectionId}/${fieldId}`;
}

/** A multilingual field's values per row as `{language: value}` maps, by field; values without a language are left out. */
function languagesByField(values: readonly TDataValue[]): Map<string, Map<number, Record<string, string | null>>> {
  const byField = new Map<string, Map<number, Record<string, string | null>>>();
  for (const v of values) {
    if (v.language === undefined) continue;
    const key = valueKey(v.dataSectionId, v.dataFieldId);
    let rows = byField.get(key);
    if (!rows) byField.set(key, (rows = new Map<number, Record<string, string | null>>()));
    rows.set(v.row, { ...rows.get(v.row), [v.language]: v.value });
  }
  return byField;
}

function rowsByField(values: readonly TDataValue[]): Map<string, Map<number, string | null>> {
  const byField = new Map<string, Map<number, string | null>>();
  for (const v of values) {
    const key = valueKey(v.dataSectionId, v.dataFieldId);
    let rows = byField.get(key);
    if (!rows) byField.set(key, (rows = new Map<number, string | null>()));
    rows.set(v.row, v.value);
  }
  return byField;
}
