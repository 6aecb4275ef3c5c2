import { readFieldOptions } from "~/domain/field-options";
import { readSectionOptions } from "~/domain/section-options";
import { fieldLevel, type OwnerLevel, repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";

/**
 * How complete passport data is: of the values of `required` fields (one per field outside repeaters, one per field
 * and row inside them), how many are filled; and a repeater's `minRows` counts like that many required values, one
 * filled per row it has (at most `minRows`). Saving incomplete data stays allowed (work in progress); this only
 * counts. The editor counts its draft, the models list counts what is saved (docs/data-model.md, "Completeness").
 */
export type TCompleteness = { filled: number; required: number };

/** A value counts as filled when it holds something other than white space. */
export function isFilled(value: string | null): boolean {
  return value !== null && value.trim() !== "";
}

/** The required fields of the owner's level in a template, as (section, field) pairs. */
export function requiredFields(index: TemplateIndex, level: OwnerLevel): { dataSectionId: string; dataFieldId: string }[] {
  const pairs: { dataSectionId: string; dataFieldId: string }[] = [];
  for (const [dataSectionId, entry] of index.sections) {
    for (const field of entry.fields.values()) {
      if (readFieldOptions(field).required && fieldLevel(entry, field) === level) pairs.push({ dataSectionId, dataFieldId: field.id });
    }
  }
  return pairs;
}

/**
 * The repeaters with a `minRows` whose rows the owner holds (those with a field of the owner's level, in the repeater
 * or its nested sections), with the sections whose values make up a row.
 */
export function rowMinimums(index: TemplateIndex, level: OwnerLevel): { repeaterId: string; sectionIds: string[]; minRows: number }[] {
  const minimums: { repeaterId: string; sectionIds: string[]; minRows: number }[] = [];
  for (const [repeaterId, entry] of index.sections) {
    const { minRows = 0 } = readSectionOptions(entry.section);
    if (minRows === 0) continue;
    const sectionIds = repeaterSectionIds(index, repeaterId);
    const holdsRows = sectionIds.some((id) => {
      const section = index.sections.get(id);
      return section !== undefined && [...section.fields.values()].some((field) => fieldLevel(section, field) === level);
    });
    if (holdsRows) minimums.push({ repeaterId, sectionIds, minRows });
  }
  return minimums;
}
