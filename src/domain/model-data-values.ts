import { type TDataValue, tripleKey } from "~/domain/data-value";
import { hasPlaceInTemplate } from "~/domain/data-value-validation";
import { completeRepeaterRows } from "~/domain/repeater-rows";
import { fieldLevel, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import { inDefaultLanguage } from "~/domain/languages/value-languages";

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

/**
 * A value of the template of `from` where the template of `to` holds it (docs/data-model.md §Rows, "Template change
 * and upgrade"): a section at the same repeater depth keeps its values at the same row path; a section that now sits
 * in more repeaters, with the repeaters it sat in still around it (outermost first), keeps them as the first row (0)
 * of each new one — so a Group an earlier import kept as one entry per row, now a nested repeater, keeps that entry
 * as its row's first one. Any other value is left as it is, and has no place in `to` if its depth changed.
 */
export function movedToTemplate<V extends TDataValue>(v: V, from: TemplateIndex, to: TemplateIndex): V {
  const before = from.sections.get(v.dataSectionId)?.repeaterPath;
  const after = to.sections.get(v.dataSectionId)?.repeaterPath;
  if (!before || !after || after.length <= before.length || !before.every((id, i) => after[i] === id)) return v;
  const added = innerRowCount(after) - innerRowCount(before);
  if (added === 0) return v;
  return { ...v, innerRows: [...(v.innerRows ?? []), ...Array.from({ length: added }, () => 0)] };
}

/** The rows below the outermost repeater a section at `repeaterPath` has. */
function innerRowCount(repeaterPath: readonly string[]): number {
  return Math.max(0, repeaterPath.length - 1);
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
