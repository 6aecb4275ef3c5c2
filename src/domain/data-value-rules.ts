import type { Issue } from "~/domain/app-error";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import { readFieldOptions } from "~/domain/field-options";
import { fieldValueProblem } from "~/domain/field-value";
import { isModelLevelField, repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";

export { isRepeaterSection } from "~/domain/template-index";

export type ValidateDataValuesOptions = {
  /**
   * Lets a write set a `required` field to null or "". Off by default: required means a caller may not clear it;
   * only the nulls the server creates itself (new models, completed repeater rows) are exempt.
   */
  isEmptyRequiredAllowed?: boolean;
};

/**
 * Checks each value against the template: section, field, Model level, row, and the value itself. Every problem
 * is listed; `startIndex` offsets the `$[i]` paths when the values are a slice of a larger request.
 */
export function validateDataValues(
  index: TemplateIndex,
  values: readonly TDataValue[],
  startIndex = 0,
  options: ValidateDataValuesOptions = {},
): Issue[] {
  const issues: Issue[] = [];
  for (const [i, v] of values.entries()) {
    const add = (key: keyof TDataValue, message: string) =>
      issues.push({
        path: `$[${startIndex + i}].${key}`,
        message,
        dataSectionId: v.dataSectionId,
        dataFieldId: v.dataFieldId,
        row: v.row,
      });
    const entry = index.sections.get(v.dataSectionId);
    if (!entry) {
      add("dataSectionId", `Section ${v.dataSectionId} is not part of the model's template`);
      continue;
    }
    const sectionName = `"${entry.section.name}"`;
    const field = entry.fields.get(v.dataFieldId);
    if (!field) {
      add("dataFieldId", `Data field ${v.dataFieldId} is not in section ${sectionName}`);
      continue;
    }
    if (!isModelLevelField(entry, field)) {
      const isSectionItem = entry.section.granularityLevel === "Item";
      add(
        isSectionItem ? "dataSectionId" : "dataFieldId",
        `${isSectionItem ? `Section ${sectionName}` : `Data field "${field.name}"`} is Item-level; ` +
          "a model holds Model-level values only",
      );
      continue;
    }
    if (entry.repeaterId === null && v.row !== 0) {
      add("row", `row must be 0: section ${sectionName} is not a repeater and not inside one`);
    }
    const label = `"${field.name}"`;
    if (v.value === null || v.value === "") {
      if (readFieldOptions(field).required && !options.isEmptyRequiredAllowed) {
        add("value", `${label} is required and cannot be empty`);
      } else if (v.value === "" && field.type !== "TextField") {
        add("value", `${label} ${fieldValueProblem(field, "") ?? "cannot be empty"}; send null for no value`);
      }
      continue;
    }
    const problem = fieldValueProblem(field, v.value);
    if (problem) add("value", `${label} ${problem}`);
  }
  return issues;
}

/**
 * A JSON number is a convenience for NumericFields (stored as its decimal string); for any other field it is
 * almost certainly a client bug, so it is refused rather than silently turned into text.
 */
export function numberInputIssues(
  index: TemplateIndex,
  inputs: readonly { value: unknown; dataSectionId: string; dataFieldId: string; row: number }[],
): Issue[] {
  const issues: Issue[] = [];
  for (const [i, v] of inputs.entries()) {
    if (typeof v.value !== "number") continue;
    const field = index.sections.get(v.dataSectionId)?.fields.get(v.dataFieldId);
    if (!field || field.type === "NumericField") continue;
    issues.push({
      path: `$[${i}].value`,
      message: `"${field.name}" is a ${field.type}: send its value as a string (JSON numbers are for NumericFields)`,
      dataSectionId: v.dataSectionId,
      dataFieldId: v.dataFieldId,
      row: v.row,
    });
  }
  return issues;
}

/**
 * Every problem of a request's values against the template, one per value at most for its `value`: a JSON number
 * for a non-numeric field is reported as that, not also as a malformed string.
 */
export function requestValueIssues(
  index: TemplateIndex,
  inputs: readonly { value: unknown; dataSectionId: string; dataFieldId: string; row: number }[],
  values: readonly TDataValue[],
  options: ValidateDataValuesOptions = {},
): Issue[] {
  const numberIssues = numberInputIssues(index, inputs);
  const reported = new Set(numberIssues.map((issue) => issue.path));
  return [...numberIssues, ...validateDataValues(index, values, 0, options).filter((issue) => !reported.has(issue.path))];
}

/** The same triple twice in one request; reported at the later occurrence. */
export function findDuplicateTriples(values: readonly TDataValue[], startIndex = 0): Issue[] {
  const issues: Issue[] = [];
  // Nested maps rather than one map of joined strings: no key is built per value, which counts at 100,000 values.
  const firstAt = new Map<string, Map<string, Map<number, number>>>();
  for (const [i, v] of values.entries()) {
    let byField = firstAt.get(v.dataSectionId);
    if (!byField) firstAt.set(v.dataSectionId, (byField = new Map()));
    let byRow = byField.get(v.dataFieldId);
    if (!byRow) byField.set(v.dataFieldId, (byRow = new Map()));
    const first = byRow.get(v.row);
    if (first === undefined) {
      byRow.set(v.row, i);
      continue;
    }
    issues.push({
      path: `$[${startIndex + i}]`,
      message: `Same section, field and row as $[${startIndex + first}]; send each value once`,
      dataSectionId: v.dataSectionId,
      dataFieldId: v.dataFieldId,
      row: v.row,
    });
  }
  return issues;
}

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

/**
 * `added` plus a null for every field of each repeater row the added values touch (in the repeater and its nested
 * sections) that neither `added` nor `existingKeys` holds, so every row is complete. Request values come first, then
 * the fills, row by row in the order the rows first appear.
 */
export function completeRepeaterRows(
  index: TemplateIndex,
  added: readonly TDataValue[],
  existingKeys: ReadonlySet<string>,
): TDataValue[] {
  // Each repeater's row is a fixed list of slots (section, field); a row is tracked as one flag per slot, so a bulk
  // request of whole rows is completed without building a key per value.
  const slotsByRepeater = new Map<string, RowSlots>();
  const touched = new Map<string, Map<number, boolean[]>>();
  for (const v of added) {
    const repeaterId = index.sections.get(v.dataSectionId)?.repeaterId ?? null;
    if (repeaterId === null) continue;
    let slots = slotsByRepeater.get(repeaterId);
    if (!slots) slotsByRepeater.set(repeaterId, (slots = rowSlots(index, repeaterId)));
    let rows = touched.get(repeaterId);
    if (!rows) touched.set(repeaterId, (rows = new Map()));
    let filled = rows.get(v.row);
    if (!filled) rows.set(v.row, (filled = new Array<boolean>(slots.list.length).fill(false)));
    const slot = slots.at.get(v.dataSectionId)?.get(v.dataFieldId);
    if (slot !== undefined) filled[slot] = true;
  }
  const result = [...added];
  for (const [repeaterId, rows] of touched) {
    const slots = slotsByRepeater.get(repeaterId) as RowSlots;
    for (const [row, filled] of rows) {
      slots.list.forEach(({ dataSectionId, dataFieldId }, slot) => {
        if (filled[slot]) return;
        const fill = { value: null, dataSectionId, dataFieldId, row };
        if (existingKeys.size === 0 || !existingKeys.has(tripleKey(fill))) result.push(fill);
      });
    }
  }
  return result;
}

type RowSlots = { list: { dataSectionId: string; dataFieldId: string }[]; at: Map<string, Map<string, number>> };

function rowSlots(index: TemplateIndex, repeaterId: string): RowSlots {
  const list: RowSlots["list"] = [];
  const at: RowSlots["at"] = new Map();
  for (const sectionId of repeaterSectionIds(index, repeaterId)) {
    const entry = index.sections.get(sectionId);
    if (!entry) continue;
    const bySection = new Map<string, number>();
    at.set(sectionId, bySection);
    for (const field of entry.fields.values()) {
      if (!isModelLevelField(entry, field)) continue;
      bySection.set(field.id, list.length);
      list.push({ dataSectionId: sectionId, dataFieldId: field.id });
    }
  }
  return { list, at };
}

/** Whether the value has a place in the template: its section and field exist, Model-level, at a valid row. */
function fitsTemplate(index: TemplateIndex, v: TDataValue): boolean {
  const entry = index.sections.get(v.dataSectionId);
  const field = entry?.fields.get(v.dataFieldId);
  if (!entry || !field) return false;
  return isModelLevelField(entry, field) && (v.row === 0 || entry.repeaterId !== null);
}

/** The non-null values a switch to the template of `newIndex` would drop; any of them blocks the switch. */
export function valuesLostOnTemplateChange(values: readonly TDataValue[], newIndex: TemplateIndex): TDataValue[] {
  return values.filter((v) => v.value !== null && !fitsTemplate(newIndex, v));
}

/**
 * The values a model keeps after switching to the template of `newIndex`, completed like a new model: nulls for
 * the new template's row-0 fields, and for new fields of the repeater rows it keeps.
 */
export function valuesKeptOnTemplateChange(values: readonly TDataValue[], newIndex: TemplateIndex): TDataValue[] {
  const kept = values.filter((v) => fitsTemplate(newIndex, v));
  const keptKeys = new Set(kept.map(tripleKey));
  const initial = initialDataValues(newIndex).filter((v) => !keptKeys.has(tripleKey(v)));
  return completeRepeaterRows(newIndex, [...kept, ...initial], new Set());
}

/** The existing values of one row of a repeater: the repeater's own and its nested sections'. */
export function repeaterRowTriples(
  index: TemplateIndex,
  repeaterId: string,
  row: number,
  existing: readonly TDataValue[],
): TDataValue[] {
  const sectionIds = new Set(repeaterSectionIds(index, repeaterId));
  return existing.filter((v) => v.row === row && sectionIds.has(v.dataSectionId));
}
