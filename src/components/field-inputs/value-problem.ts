import { browserLocale } from "~/components/field-inputs/browser-locale";
import { MAX_VALUE_LENGTH } from "~/domain/data-value";
import { readFieldOptions } from "~/domain/field-options";
import { fieldValueProblem, MAX_REFERENCE_LENGTH } from "~/domain/field-value";
import { isFilled } from "~/domain/completeness";
import { listEntries } from "~/domain/list-value";
import { formatLocaleNumber } from "~/domain/locale-number";
import { decodeRange } from "~/domain/range-value";
import type { TDataField } from "~/domain/template-schema";

type FieldSubject = Pick<TDataField, "type" | "options">;

type ProblemKey =
  | "problemTooLong"
  | "problemTextLength"
  | "problemChoices"
  | "problemDate"
  | "problemPassportLink"
  | "problemFile"
  | "problemRangeOrder"
  | "numberRequirement"
  | "problemListEntry"
  | "problemListEmptyEntry";
/**
 * The words of a problem, from the catalogues' `fieldInput` namespace (the member's language, from
 * useTranslations("fieldInput")). The domain's own messages (fieldValueProblem) stay English for the API.
 */
export type ProblemText = (key: ProblemKey, values?: Record<string, string | number>) => string;

/**
 * Why the server would refuse to save `value` for this field, worded for the field's own error line (the label is
 * right above it). The rules are the domain's, the same the server applies, so a save the form allows is not
 * refused for the value itself; the words are the member's. A number the person typed in their locale reaches here
 * already in stored form; what does not is answered with what to enter, in their locale.
 */
export function draftValueProblem(
  field: FieldSubject,
  value: string | null,
  text: ProblemText,
  locale = browserLocale(),
): string | undefined {
  // An empty required field is no problem: incomplete work may be saved, completeness reports it.
  if (value === null || value === "") return undefined;
  if (value.length > MAX_VALUE_LENGTH) return text("problemTooLong", { max: MAX_VALUE_LENGTH });
  if (fieldValueProblem(field, value) === undefined) return undefined;
  if (readFieldOptions(field).list === true) return listProblem(field, value, text, locale);
  if (readFieldOptions(field).range) return rangeProblem(field, value, text, locale);
  switch (field.type) {
    case "NumericField":
      return numberRequirement(field, text, locale);
    case "ProductPassportLink":
      return text("problemPassportLink");
    case "FileField":
      return text("problemFile", { max: MAX_REFERENCE_LENGTH });
    case "TextField":
      return textProblem(field, value, text);
  }
}

/** A range's problem: the first side's, in the words of a single value of the field, else min above max. */
function rangeProblem(field: FieldSubject, value: string, text: ProblemText, locale: string): string {
  const sides = decodeRange(value);
  // Each side is one value of the field's kind: the same field without its range option.
  const single = { ...field, options: { ...field.options, range: "false" } };
  for (const side of [sides?.min, sides?.max]) {
    const problem = side == null ? undefined : draftValueProblem(single, side, text, locale);
    if (problem !== undefined) return problem;
  }
  return text("problemRangeOrder");
}

/** A list's first refused entry (docs/field-options.md §Lists), in the words a single value's problem has. */
function listProblem(field: FieldSubject, value: string, text: ProblemText, locale: string): string | undefined {
  const entryField = { ...field, options: { ...field.options, list: "false" } };
  for (const [i, entry] of listEntries(value).entries()) {
    if (!isFilled(entry)) return text("problemListEmptyEntry", { n: i + 1 });
    const problem = draftValueProblem(entryField, entry, text, locale);
    if (problem !== undefined) return text("problemListEntry", { n: i + 1, problem });
  }
  return undefined;
}

/** Which of a text field's rules `value` (refused by the domain) breaks, in the domain's order. */
function textProblem(field: FieldSubject, value: string, text: ProblemText): string {
  const { maxLength, choices } = readFieldOptions(field);
  if (maxLength !== undefined && value.length > maxLength) return text("problemTextLength", { max: maxLength, length: value.length });
  if (choices !== undefined && !choices.includes(value)) return text("problemChoices", { choices: choices.join(", ") });
  return text("problemDate");
}

/**
 * What a number field accepts, in one sentence built from its own bounds and decimals, e.g. "Enter a number from 0
 * to 100 with at most 2 decimals."; without any, an example: "Enter a number, for example 12.5.".
 */
export function numberRequirement(field: FieldSubject, text: ProblemText, locale: string): string {
  const options = readFieldOptions(field);
  // The bounds are shown as the template wrote them (Number("0.10") would print 0.1), in the locale's form.
  const shown = (bound: "min" | "max") => formatLocaleNumber(field.options[bound] ?? "", locale);
  const isWhole = options.decimals === 0;
  const hasMin = options.min !== undefined;
  const hasMax = options.max !== undefined;
  return text("numberRequirement", {
    whole: isWhole ? "yes" : "no",
    bounds: hasMin && hasMax ? "between" : hasMin ? "atLeast" : hasMax ? "atMost" : "none",
    min: shown("min"),
    max: shown("max"),
    decimals: options.decimals ?? 0,
    example: hasMin || hasMax ? "none" : formatLocaleNumber(isWhole ? "12" : "12.5", locale),
  });
}
