import { type TDataValue, tripleKey } from "~/domain/data-value";
import { hasPlaceInTemplate } from "~/domain/data-value-validation";
import { completeRepeaterRows } from "~/domain/repeater-rows";
import { fieldLevel, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import { inDefaultLanguage } from "~/domain/value-languages";

/**
 * Which values an owner (a model, or an item) holds as a whole: a new owner's nulls, and what it keeps when its
 * template changes. `level` says which fields are the owner's (template-index.ts `fieldLevel`).
 */

/**
 * Null at row 0 for every field a new owner holds: of its level, outside repeaters, in document order; a multilingual
 * field's in the organization's default language (a preview without an organization leaves the language out).
 */
export function initialDataValues(index: TemplateIndex, level: OwnerLevel, defaultLanguage?: string): TDataValue[] {
  const values: TDataValue[] = [];
  for (const sectionId of index.orderedSectionIds) {
    const entry = index.sections.get(sectionId);
    if (!entry || entry.repeaterId !== null) continue;
    for (const field of entry.fields.values()) {
      if (fieldLevel(entry, field) === level) {
        values.push({ value: null, dataSectionId: sectionId, dataFieldId: field.id, row: 0 });
      }
    }
  }
  return defaultLanguage === undefined ? values : inDefaultLanguage(index, values, defaultLanguage);
}

/** The non-null values a switch to the template of `newIndex` would drop; any of them blocks the switch. */
export function valuesLostOnTemplateChange<V extends TDataValue>(
  values: readonly V[],
  newIndex: TemplateIndex,
  level: OwnerLevel,
): V[] {
  return values.filter((v) => v.value !== null && !hasPlaceInTemplate(newIndex, v, level));
}

/**
 * The values an owner keeps after switching to the template of `newIndex`, completed like a new owner: nulls for
 * the new template's row-0 fields, and for new fields of the repeater rows it keeps.
 */
export function valuesKeptOnTemplateChange(
  values: readonly TDataValue[],
  newIndex: TemplateIndex,
  level: OwnerLevel,
  defaultLanguage: string,
): TDataValue[] {
  const kept = values.filter((v) => hasPlaceInTemplate(newIndex, v, level));
  const keptKeys = new Set(kept.map(tripleKey));
  const initial = initialDataValues(newIndex, level, defaultLanguage).filter((v) => !keptKeys.has(tripleKey(v)));
  const completed = completeRepeaterRows(newIndex, [...kept, ...initial], level);
  return [
    ...completed.slice(0, kept.length + initial.length),
    ...inDefaultLanguage(newIndex, completed.slice(kept.length + initial.length), defaultLanguage),
  ];
}
