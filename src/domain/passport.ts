import { isFilled } from "~/domain/completeness";
import type { TDataValue } from "~/domain/data-value";
import type { LanguageSettings } from "~/domain/languages/language";
import { type AccessLevel, canReadAccess, fieldAccess } from "~/domain/field-options";
import { answeredValue } from "~/domain/list-value";
import type { TPassport, TPassportRow, TPassportSection, TPassportValue, TReaderLevel } from "~/domain/passport-schema";
import { compareRowPaths, rowPathText } from "~/domain/row-path";
import { fieldLevel, isRepeaterSection, type TemplateIndex } from "~/domain/template-index";
import { localizeTemplate } from "~/domain/languages/template-translations";
import type { TDataField, TSection } from "~/domain/template-schema";
import { defaultLanguageValues } from "~/domain/languages/value-languages";

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
  /**
   * The organization's published languages (the default first); absent, the default only. A value in any other
   * language is left out here, once: no reader, signed version or AAS export shows it (docs/languages.md).
   */
  publishedLanguages?: readonly string[];
};

/**
 * A field's values by row, each row by its key: its whole path as text (`3`, or `3.0.1` in nested repeaters,
 * rowPathText). `rows` holds what a reader gets without asking for a language: a multilingual field's
 * value in the default language. `languages` (multilingual fields only) holds every language's value per row, the
 * `{language: value}` map a cut picks from (docs/languages.md).
 */
export type AssembledField = {
  field: TDataField;
  access: AccessLevel;
  rows: Map<string, string | null>;
  languages?: Map<string, Record<string, string | null>>;
};
/** `hasRowPaths`: the section's outermost repeater holds nested repeaters, so its rows are answered with their paths. */
export type AssembledSection = { section: TSection; fields: AssembledField[]; hasRowPaths: boolean };
export type AssembledPassport = {
  header: PassportHeader;
  sections: AssembledSection[];
  defaultLanguage: string;
  /** The organization's published languages, the default first: what a published version freezes. Absent, the default only. */
  publishedLanguages?: readonly string[];
};

/** Whether the passport holds a field above the public level: what a member's read of it is audited for. */
export function hasRestrictedFields(assembled: AssembledPassport): boolean {
  return assembled.sections.some((section) => section.fields.some((field) => field.access !== "public"));
}

export function assemblePassport({
  header,
  index,
  modelValues,
  itemValues,
  defaultLanguage,
  publishedLanguages,
}: PassportSource): AssembledPassport {
  const modelRows = rowsByField(defaultLanguageValues(modelValues, defaultLanguage));
  const itemRows = itemValues ? rowsByField(defaultLanguageValues(itemValues, defaultLanguage)) : undefined;
  const published = new Set(publishedLanguages ?? [defaultLanguage]);
  const modelLanguages = languagesByField(modelValues, published);
  const itemLanguages = itemValues ? languagesByField(itemValues, published) : undefined;
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
      const rows = source?.get(valueKey(sectionId, field.id)) ?? new Map<string, string | null>();
      const languages = (isItemField ? itemLanguages : modelLanguages)?.get(valueKey(sectionId, field.id));
      fields.push({ field, access: fieldAccess(field), rows, ...(languages && { languages }) });
    }
    sections.push({ section: entry.section, fields, hasRowPaths: hasNestedRows(index, entry.repeaterPath[0]) });
  }
  return { header, sections, defaultLanguage, ...(publishedLanguages && { publishedLanguages }) };
}

/**
 * What a reader of `level` may see, in `language` (the default language when not given): the signed document of
 * every published language (passportDocument) cut to one (passportInLanguage), so the working copy and a published
 * version are read by the same rules. A member sees every field.
 */
export function passportFor(assembled: AssembledPassport, level: TReaderLevel, language = assembled.defaultLanguage): TPassport {
  return passportInLanguage(passportDocument(assembled, level), language);
}

/**
 * The passport a reader of `level` may see in every published language (docs/versions.md §Languages): what a
 * published version signs. Names and values are the default language's (`language`), `languages` the published ones;
 * each section keeps its template `translations` (its fields theirs, in `dataFields`) and, when it shows a
 * multilingual field, `dataValueLanguages`: per row, each such field's `{language: value}` map over the published
 * languages (a value in an unpublished language is never shown, so it is not frozen either).
 */
export function passportDocument(assembled: AssembledPassport, level: TReaderLevel): TPassport {
  const languages = assembled.publishedLanguages ?? [assembled.defaultLanguage];
  let hiddenFieldCount = 0;
  const dataSections = assembled.sections.map(({ section, fields }): TPassportSection => {
    const visible = visibleFields(fields, level);
    hiddenFieldCount += fields.length - visible.length;
    const rows = rowKeysOf(visible);
    const valueLanguages = languageRows(visible, rows, languages);
    const hasRowPaths = assembled.sections.find((s) => s.section === section)?.hasRowPaths === true;
    return {
      id: section.id,
      name: section.name,
      type: section.type,
      parentId: section.parentId,
      subSections: section.subSections,
      granularityLevel: section.granularityLevel,
      layout: section.layout,
      dataFields: visible.map((f) => f.field),
      dataValues: rows.map((row) =>
        Object.fromEntries(visible.map(({ field, rows }) => [field.id, passportValue(field, rows.get(row) ?? null)])),
      ),
      ...(hasRowPaths && { rowPaths: rows.map(parseRowKey) }),
      hiddenFieldCount: fields.length - visible.length,
      ...(section.translations && { translations: section.translations }),
      ...(valueLanguages && { dataValueLanguages: valueLanguages }),
    };
  });
  return {
    ...assembled.header,
    readerLevel: level,
    hiddenFieldCount,
    language: assembled.defaultLanguage,
    languages: [...languages],
    dataSections,
  };
}

/**
 * A passport document (passportDocument's, or a published version's) as a reader of `language` sees it: section and
 * field names, descriptions and choice labels through localizeTemplate (the original where there is no translation),
 * each multilingual value in `language`, else the default language's (absent or blank). The translations and the
 * per-language values are left out: a reader gets one language. A version frozen before versions kept every language
 * names no language: it holds one, and is answered as it was frozen, but for its fields' raw `translations`, which
 * no reader's answer holds.
 */
export function passportInLanguage(document: TPassport, language: string): TPassport {
  const defaultLanguage = document.language;
  if (defaultLanguage === undefined) return withoutTranslations(document);
  const { sections } = localizeTemplate(
    { name: document.name, description: document.description, sections: document.dataSections },
    language,
    defaultLanguage,
  );
  const dataSections = sections.map(({ translations: _section, dataValueLanguages, ...section }): TPassportSection => ({
    ...section,
    dataFields: section.dataFields.map(({ translations: _field, ...field }) => field),
    dataValues: dataValueLanguages
      ? section.dataValues.map((row, i) => rowInLanguage(row, dataValueLanguages[i], language, defaultLanguage))
      : section.dataValues,
  }));
  return { ...document, language, dataSections };
}

/**
 * The languages a frozen document (a published version's) was published in: its default and the others, the settings
 * its readers negotiate over (docs/versions.md §Languages); undefined for one frozen before versions kept every language.
 */
export function documentLanguages(document: TPassport): LanguageSettings | undefined {
  if (document.language === undefined || document.languages === undefined) return undefined;
  return { defaultLanguage: document.language, publishedLanguages: document.languages };
}

/**
 * A document frozen in one language (before versions kept every language), as every reader gets it: as frozen, with
 * the template `translations` it may hold left out (none: the document itself).
 */
export function withoutTranslations(document: TPassport): TPassport {
  const hasTranslations = document.dataSections.some(
    (section) => section.translations !== undefined || section.dataFields.some((field) => field.translations !== undefined),
  );
  if (!hasTranslations) return document;
  const dataSections = document.dataSections.map(({ translations: _section, ...section }) => ({
    ...section,
    dataFields: section.dataFields.map(({ translations: _field, ...field }) => field),
  }));
  return { ...document, dataSections };
}

function rowInLanguage(
  row: TPassportRow,
  byField: Record<string, Record<string, TPassportValue>> | undefined,
  language: string,
  defaultLanguage: string,
): TPassportRow {
  if (!byField || language === defaultLanguage) return row;
  const values = { ...row };
  for (const [fieldId, byLanguage] of Object.entries(byField)) {
    // Only multilingual fields have languages, and their values are text or a list's entries (never a range).
    values[fieldId] = pickLanguage({ ...byLanguage, [defaultLanguage]: row[fieldId] ?? null }, language, defaultLanguage);
  }
  return values;
}

/** A multilingual value in `language`, or the default language's when that one is absent or blank. */
export function pickLanguage<V extends TPassportValue>(
  byLanguage: Record<string, V>,
  language: string,
  defaultLanguage: string,
): V | null {
  const value = byLanguage[language];
  // A list is filled when an entry is (docs/field-options.md §Lists).
  const filled = Array.isArray(value)
    ? value.some(isFilled)
    : typeof value === "string"
      ? isFilled(value)
      : value !== undefined && value !== null;
  return value !== undefined && filled ? value : (byLanguage[defaultLanguage] ?? null);
}

/** The fields of a section a reader of `level` may see: the one cut of the passport JSON and the AAS export. */
export function visibleFields(fields: readonly AssembledField[], level: TReaderLevel): readonly AssembledField[] {
  return level === "member" ? fields : fields.filter((f) => canReadAccess(level, f.access));
}

/**
 * The rows any visible field has a value in, by key, in order (level by level), in any language: a row a translation
 * holds is a row of the passport in every language (the default's value there is then null).
 */
export function rowKeysOf(fields: readonly AssembledField[]): string[] {
  const keys = new Set<string>();
  for (const { rows, languages } of fields) {
    for (const row of rows.keys()) keys.add(row);
    for (const row of languages?.keys() ?? []) keys.add(row);
  }
  return [...keys].sort(compareRowKeys);
}

/** A row's key in an assembled passport: its whole path as text (`3`, `3.0.1`). */
export function rowKey(v: { row: number; innerRows?: readonly number[] }): string {
  return v.innerRows ? rowPathText(v) : String(v.row);
}

/** A row key back to its path. */
export function parseRowKey(key: string): number[] {
  return key.split(".").map(Number);
}

function compareRowKeys(a: string, b: string): number {
  return compareRowPaths(parseRowKey(a), parseRowKey(b));
}

/** Whether the outermost repeater `repeaterId` (undefined: none) holds a repeater anywhere inside it. */
function hasNestedRows(index: TemplateIndex, repeaterId: string | undefined): boolean {
  if (repeaterId === undefined) return false;
  return (index.sections.get(repeaterId)?.descendants ?? []).some((id) => isRepeaterSection(index, id));
}

/** Per row, each visible multilingual field's values in the published languages; undefined when the section shows none. */
function languageRows(
  fields: readonly AssembledField[],
  rows: readonly string[],
  languages: readonly string[],
): Record<string, Record<string, TPassportValue>>[] | undefined {
  const multilingual = fields.filter((f) => f.languages !== undefined);
  if (multilingual.length === 0) return undefined;
  return rows.map((row) => {
    const byField: Record<string, Record<string, TPassportValue>> = {};
    for (const { field, languages: values } of multilingual) {
      const byLanguage = values?.get(row) ?? {};
      byField[field.id] = Object.fromEntries(
        languages.flatMap((language) =>
          language in byLanguage ? [[language, answeredValue(field, byLanguage[language] ?? null)]] : [],
        ),
      );
    }
    return byField;
  });
}

function valueKey(sectionId: string, fieldId: string): string {
  return `${sectionId}/${fieldId}`;
}

/**
 * A multilingual field's values per row as `{language: value}` maps over the `published` languages, by field; values
 * without a language, or in a language not published, are left out.
 */
function languagesByField(
  values: readonly TDataValue[],
  published: ReadonlySet<string>,
): Map<string, Map<string, Record<string, string | null>>> {
  const byField = new Map<string, Map<string, Record<string, string | null>>>();
  for (const v of values) {
    if (v.language === undefined || !published.has(v.language)) continue;
    const key = valueKey(v.dataSectionId, v.dataFieldId);
    let rows = byField.get(key);
    if (!rows) byField.set(key, (rows = new Map<string, Record<string, string | null>>()));
    const row = rowKey(v);
    rows.set(row, { ...rows.get(row), [v.language]: v.value });
  }
  return byField;
}

function rowsByField(values: readonly TDataValue[]): Map<string, Map<string, string | null>> {
  const byField = new Map<string, Map<string, string | null>>();
  for (const v of values) {
    const key = valueKey(v.dataSectionId, v.dataFieldId);
    let rows = byField.get(key);
    if (!rows) byField.set(key, (rows = new Map<string, string | null>()));
    rows.set(rowKey(v), v.value);
  }
  return byField;
}

/** A stored value as a passport shows it: a list field's as its entries, a range field's as its `{min, max}` object. */
function passportValue(field: TDataField, value: string | null): TPassportValue {
  return answeredValue(field, value);
}
