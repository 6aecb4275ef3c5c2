import { type TDataValue, tripleKey } from "~/domain/data-value";
import { hasPlaceInTemplate } from "~/domain/data-value-validation";
import { completeRepeaterRows } from "~/domain/repeater-rows";
import { isModelLevelField, type TemplateIndex } from "~/domain/template-index";

/** Which values a model holds as a whole: a new model's nulls, and what it keeps when its template changes. */

/** Null at row 0 for every field a new model holds: Model-level, outside repeaters, in document order. */
export function initialDataValues(index: TemplateIndex): TDataValue[] {
  const values: TDataValue[] = [];
  for (const sectionId of index.orderedSectionIds) {
    const entry = index.sections.get(sectionId);
    if (!entry || entry.repeaterId !== null) continue;
    for (const field of entry.fields.values()) {
      if (isModelLevelField(entry, field)) {
        values.push({ value: null, dataSectionId: sectionId, dataFieldId: field.id, row: 0 });
      }
    }
  }
  return values;
}

/** The non-null values a switch to the template of `newIndex` would drop; any of them blocks the switch. */
export function valuesLostOnTemplateChange(values: readonly TDataValue[], newIndex: TemplateIndex): TDataValue[] {
  return values.filter((v) => v.value !== null && !hasPlaceInTemplate(newIndex, v));
}

/**
 * The values a model keeps after switching to the template of `newIndex`, completed like a new model: nulls for
 * the new template's row-0 fields, and for new fields of the repeater rows it keeps.
 */
export function valuesKeptOnTemplateChange(values: readonly TDataValue[], newIndex: TemplateIndex): TDataValue[] {
  const kept = values.filter((v) => hasPlaceInTemplate(newIndex, v));
  const keptKeys = new Set(kept.map(tripleKey));
  const initial = initialDataValues(newIndex).filter((v) => !keptKeys.has(tripleKey(v)));
  return completeRepeaterRows(newIndex, [...kept, ...initial]);
}
