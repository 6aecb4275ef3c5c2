import type { TDataValue } from "~/domain/data-value";
import { isModelLevelField, repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";

/**
 * The values that create the next row of a repeater: the row after the highest existing one (rows keep their
 * numbers when others are removed, so a gap is never reused), with null for each Model-level field of the
 * repeater itself. The server adds the nulls of the nested sections. A repeater without fields of its own names
 * the first field of a nested section instead, since a request needs at least one value. Undefined when the
 * repeater has no Model-level field at all, so no row can exist.
 */
export function newRowValues(index: TemplateIndex, repeaterId: string, rows: readonly number[]): TDataValue[] | undefined {
  const row = rows.length === 0 ? 0 : Math.max(...rows) + 1;
  const valuesOf = (sectionId: string): TDataValue[] => {
    const entry = index.sections.get(sectionId);
    if (!entry) return [];
    return [...entry.fields.values()]
      .filter((field) => isModelLevelField(entry, field))
      .map((field) => ({ value: null, dataSectionId: sectionId, dataFieldId: field.id, row }));
  };
  const own = valuesOf(repeaterId);
  if (own.length > 0) return own;
  for (const sectionId of repeaterSectionIds(index, repeaterId).slice(1)) {
    const [first] = valuesOf(sectionId);
    if (first) return [first];
  }
  return undefined;
}
