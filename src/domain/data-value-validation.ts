import type { Issue } from "~/domain/app-error";
import { dataValueIssue, type DataValueTriple, type TDataValue } from "~/domain/data-value";
import { isListField } from "~/domain/field-options";
import { fieldValueProblem } from "~/domain/field-value";
import { isRangeField } from "~/domain/range-value";
import { rowPathText } from "~/domain/row-path";
import { fieldLevel, findField, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import type { TDataField } from "~/domain/template-schema";

type Problem = { key: Exclude<keyof DataValueTriple, "language">; message: string };
type Placement = { field?: TDataField; problem?: Problem };

/**
 * Where a value stands in the template: the field it fills, or why it has no place there (section, field, the
 * owner's level, row). A value at a wrong row still names its field, so that its value is checked as well.
 */
function placeInTemplate(index: TemplateIndex, v: DataValueTriple, level: OwnerLevel): Placement {
  const entry = index.sections.get(v.dataSectionId);
  if (!entry) {
    const message = `Section ${v.dataSectionId} is not part of the model's template`;
    return { problem: { key: "dataSectionId", message } };
  }
  const sectionName = `"${entry.section.name}"`;
  const field = entry.fields.get(v.dataFieldId);
  if (!field) {
    return { problem: { key: "dataFieldId", message: `Data field ${v.dataFieldId} is not in section ${sectionName}` } };
  }
  const valueLevel = fieldLevel(entry, field);
  if (valueLevel !== level) {
    const isSectionItem = entry.section.granularityLevel === "Item";
    const what = isSectionItem ? `Section ${sectionName}` : `Data field "${field.name}"`;
    const owner = level === "Model" ? "a model" : "an item";
    return {
      problem: {
        key: isSectionItem ? "dataSectionId" : "dataFieldId",
        message: `${what} is ${valueLevel}-level; ${owner} holds ${level}-level values only`,
      },
    };
  }
  if (entry.repeaterId === null && v.row !== 0) {
    const message = `row must be 0: section ${sectionName} is not a repeater and not inside one`;
    return { field, problem: { key: "row", message } };
  }
  const inner = entry.repeaterPath.length - 1;
  const given = v.innerRows?.length ?? 0;
  if (given !== Math.max(0, inner)) {
    const message =
      inner <= 0
        ? `innerRows must be left out: section ${sectionName} is not inside a nested repeater`
        : `innerRows must name ${inner} row${inner === 1 ? "" : "s"}: section ${sectionName} sits in ${inner + 1} nested repeaters`;
    return { field, problem: { key: "innerRows", message } };
  }
  return { field };
}

/** Whether the value has a place in the template: its section and field exist, of the owner's level, at a valid row. */
export function hasPlaceInTemplate(index: TemplateIndex, v: DataValueTriple, level: OwnerLevel): boolean {
  return placeInTemplate(index, v, level).problem === undefined;
}

/**
 * What is wrong with a value of this field, if anything; `undefined` when it may be stored. An empty `required` field
 * may be stored, as a new model's are: saving incomplete work is allowed everywhere, completeness reports it
 * (docs/data-model.md §Completeness), and an upgrade that removes a required field must be able to clear its value.
 */
function valueProblem(field: TDataField, value: string | null): string | undefined {
  const label = `"${field.name}"`;
  if (value === null || value === "") {
    // A list's "" is not an empty list (null is): it is refused as text that is not a list.
    if (value === "" && (field.type !== "TextField" || isListField(field))) {
      return `${label} ${fieldValueProblem(field, "") ?? "cannot be empty"}; send null for no value`;
    }
    return undefined;
  }
  const problem = fieldValueProblem(field, value);
  return problem ? `${label} ${problem}` : undefined;
}

/** Checks each value against the template: section, field, the owner's level, row, and the value; lists every problem. */
export function validateDataValues(index: TemplateIndex, values: readonly TDataValue[], level: OwnerLevel): Issue[] {
  const issues: Issue[] = [];
  for (const [i, v] of values.entries()) {
    const { field, problem } = placeInTemplate(index, v, level);
    if (problem) issues.push(dataValueIssue(`$[${i}].${problem.key}`, problem.message, v));
    if (!field) continue;
    const message = valueProblem(field, v.value);
    if (message) issues.push(dataValueIssue(`$[${i}].value`, message, v));
  }
  return issues;
}

/**
 * A JSON number is a convenience for NumericFields (stored as its decimal string); for any other field it is
 * almost certainly a client bug, so it is refused rather than silently turned into text.
 */
function numberInputIssues(index: TemplateIndex, inputs: readonly (DataValueTriple & { value: unknown })[]): Issue[] {
  const issues: Issue[] = [];
  for (const [i, v] of inputs.entries()) {
    const field = findField(index, v.dataSectionId, v.dataFieldId);
    if (!field) continue;
    if (typeof v.value === "object" && v.value !== null && !Array.isArray(v.value)) {
      // A `{min, max}` object is a range field's form only; stored as text, it would pass a text field's rule.
      if (!isRangeField(field)) {
        const message = `"${field.name}" is not a range field: send its value as a ${field.type === "NumericField" ? "number or string" : "string"}`;
        issues.push(dataValueIssue(`$[${i}].value`, message, v));
      }
      continue;
    }
    if (Array.isArray(v.value)) {
      const listIssue = listInputIssue(field, v.value as unknown[]);
      if (listIssue) issues.push(dataValueIssue(`$[${i}].value`, listIssue, v));
      continue;
    }
    if (typeof v.value !== "number" || field.type === "NumericField") continue;
    issues.push(
      dataValueIssue(
        `$[${i}].value`,
        `"${field.name}" is a ${field.type}: send its value as a string (JSON numbers are for NumericFields)`,
        v,
      ),
    );
  }
  return issues;
}

/**
 * An array is a list field's value (docs/field-options.md §Lists); for any other field it is refused rather than
 * stored as its JSON text, and a JSON number entry is for a NumericField's list only, as for a single value.
 */
function listInputIssue(field: TDataField, entries: readonly unknown[]): string | undefined {
  if (!isListField(field)) return `"${field.name}" is not a list: send one value, not an array`;
  if (field.type !== "NumericField" && entries.some((entry) => typeof entry === "number")) {
    return `"${field.name}" is a ${field.type} list: send its entries as strings (JSON numbers are for NumericFields)`;
  }
  return undefined;
}

/**
 * Every problem of a request's values against the template, one per value at most for its `value`: a JSON number
 * for a non-numeric field is reported as that, not also as a malformed string.
 */
export function requestValueIssues(
  index: TemplateIndex,
  inputs: readonly (DataValueTriple & { value: unknown })[],
  values: readonly TDataValue[],
  level: OwnerLevel,
): Issue[] {
  const numberIssues = numberInputIssues(index, inputs);
  const reported = new Set(numberIssues.map((issue) => issue.path));
  return [...numberIssues, ...validateDataValues(index, values, level).filter((issue) => !reported.has(issue.path))];
}

/** The same triple twice in one request; reported at the later occurrence. */
export function findDuplicateTriples(values: readonly TDataValue[]): Issue[] {
  const issues: Issue[] = [];
  // Nested maps rather than one map of joined strings: no key is built per value, which counts at 100,000 values.
  // A value in a language is keyed by row and language; the usual value without one by its row number alone.
  const firstAt = new Map<string, Map<string, Map<number | string, number>>>();
  for (const [i, v] of values.entries()) {
    let byField = firstAt.get(v.dataSectionId);
    if (!byField) firstAt.set(v.dataSectionId, (byField = new Map<string, Map<number | string, number>>()));
    let byRow = byField.get(v.dataFieldId);
    if (!byRow) byField.set(v.dataFieldId, (byRow = new Map<number | string, number>()));
    const row = v.innerRows === undefined ? v.row : rowPathText(v);
    const place = v.language === undefined ? row : `${row}|${v.language}`;
    const first = byRow.get(place);
    if (first === undefined) {
      byRow.set(place, i);
      continue;
    }
    const what = v.language === undefined ? "section, field and row" : "section, field, row and language";
    issues.push(dataValueIssue(`$[${i}]`, `Same ${what} as $[${first}]; send each value once`, v));
  }
  return issues;
}
