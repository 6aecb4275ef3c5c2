import { z } from "zod";
import { MAX_VALUE_LENGTH } from "~/domain/data-value";
import { isFilled } from "~/domain/completeness";
import { readFieldOptions } from "~/domain/field-options";
import { fieldValueProblem, MAX_REFERENCE_LENGTH } from "~/domain/field-value";
import { listEntries } from "~/domain/list-value";
import { decodeRange } from "~/domain/range-value";
import type { TDataField } from "~/domain/template-schema";
import { unstorableTextReason } from "~/domain/text";

type FieldSubject = Pick<TDataField, "type" | "options">;

/** The kinds of problem a value can have, each a key of the catalogues' `fieldInput` namespace. */
export const VALUE_PROBLEM_KEYS = [
  "problemTooLong",
  "problemCharacters",
  "problemTextLength",
  "problemChoices",
  "problemDate",
  "problemDateTime",
  "problemPassportLink",
  "problemFile",
  "problemRangeOrder",
  "numberRequirement",
  "problemListEmptyEntry",
] as const;
export type ValueProblemKey = (typeof VALUE_PROBLEM_KEYS)[number];

/**
 * Which of the field's rules a refused value breaks, as a code with its parameters, so each side words it in the
 * reader's language: the editor under the input, the spreadsheet import's problem table (docs/app-text.md §Errors).
 * `entry`: the list entry (from 1) the problem is in. Numbers (`min`, `max`, `example`) are in stored form; the
 * wording writes them in the reader's locale. The rules are `fieldValueProblem`'s, so a value is refused here
 * exactly when the server refuses it; only the choice of words is added.
 */
export const ZValueProblem = z.object({
  key: z.enum(VALUE_PROBLEM_KEYS),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  entry: z.number().int().optional(),
});
export type ValueProblem = z.infer<typeof ZValueProblem>;

export function valueProblem(field: FieldSubject, value: string | null): ValueProblem | undefined {
  // An empty required field is no problem: incomplete work may be saved, completeness reports it.
  if (value === null || value === "") return undefined;
  if (value.length > MAX_VALUE_LENGTH) return { key: "problemTooLong", values: { max: MAX_VALUE_LENGTH } };
  if (fieldValueProblem(field, value) === undefined) return undefined;
  if (unstorableTextReason(value) !== undefined) return { key: "problemCharacters", values: {} };
  const options = readFieldOptions(field);
  if (options.list === true) return listProblem(field, value);
  if (options.range) return rangeProblem(field, value);
  switch (field.type) {
    case "NumericField":
      return numberRequirement(field);
    case "ProductPassportLink":
      return { key: "problemPassportLink", values: {} };
    case "FileField":
      return { key: "problemFile", values: { max: MAX_REFERENCE_LENGTH } };
    case "TextField":
      return textProblem(field, value);
  }
}

/** A range's problem: the first side's, as a single value of the field, else min above max. */
function rangeProblem(field: FieldSubject, value: string): ValueProblem {
  const sides = decodeRange(value);
  // Each side is one value of the field's kind: the same field without its range option.
  const single = { ...field, options: { ...field.options, range: "false" } };
  for (const side of [sides?.min, sides?.max]) {
    const problem = side == null ? undefined : valueProblem(single, side);
    if (problem !== undefined) return problem;
  }
  return { key: "problemRangeOrder", values: {} };
}

/** A list's first refused entry (docs/field-options.md §Lists), as a single value's problem in that entry. */
function listProblem(field: FieldSubject, value: string): ValueProblem | undefined {
  const entryField = { ...field, options: { ...field.options, list: "false" } };
  for (const [i, entry] of listEntries(value).entries()) {
    if (!isFilled(entry)) return { key: "problemListEmptyEntry", values: { n: i + 1 } };
    const problem = valueProblem(entryField, entry);
    if (problem !== undefined) return { ...problem, entry: i + 1 };
  }
  return undefined;
}

/** Which of a text field's rules `value` (refused by the domain) breaks, in the domain's order. */
function textProblem(field: FieldSubject, value: string): ValueProblem {
  const { maxLength, choices, format } = readFieldOptions(field);
  if (maxLength !== undefined && value.length > maxLength) {
    return { key: "problemTextLength", values: { max: maxLength, length: value.length } };
  }
  if (choices !== undefined && !choices.includes(value)) return { key: "problemChoices", values: { choices: choices.join(", ") } };
  return { key: format === "dateTime" ? "problemDateTime" : "problemDate", values: {} };
}

/**
 * What a number field accepts, from its own bounds and decimals ("a number from 0 to 100 with at most 2 decimals");
 * without any, an example. The bounds as the template wrote them (Number("0.10") would print 0.1).
 */
function numberRequirement(field: FieldSubject): ValueProblem {
  const options = readFieldOptions(field);
  const isWhole = options.decimals === 0;
  const hasMin = options.min !== undefined;
  const hasMax = options.max !== undefined;
  return {
    key: "numberRequirement",
    values: {
      whole: isWhole ? "yes" : "no",
      bounds: hasMin && hasMax ? "between" : hasMin ? "atLeast" : hasMax ? "atMost" : "none",
      min: field.options.min ?? "",
      max: field.options.max ?? "",
      decimals: options.decimals ?? 0,
      example: hasMin || hasMax ? "none" : isWhole ? "12" : "12.5",
    },
  };
}
