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

export type AssembledField = { field: TDataField; access: AccessLevel; rows: Map<number, string | null> };
export type AssembledSection = { section: TSection; fields: AssembledField[] };
export type AssembledPassport = { header: PassportHeader; sections: AssembledSection[] };

export function assemblePassport({ header, index, modelValues, itemValues, defaultLanguage }: PassportSource): AssembledPassport {
  const modelRows = rowsByField(defaultLanguageValues(modelValues, defaultLanguage));
  const itemRows = itemValues ? rowsByField(defaultLanguageValues(itemValues, defaultLanguage)) : undefined;
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
      fields.push({ field, access: fieldAccess(field), rows });
    }
    sections.push({ section: entry.section, fields });
  }
  return { header, sections };
}

/** What a reader of `level` may see; a member sees every field. */
export function passportFor(assembled: AssembledPassport, level: TReaderLevel): TPassport {
  let hiddenFieldCount = 0;
  const dataSections = assembled.sections.map(({ section, fields }): TPassportSection => {
    const visible = visibleFields(fields, level);
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
  return { ...assembled.header, readerLevel: level, hiddenFieldCount, dataSections };
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
