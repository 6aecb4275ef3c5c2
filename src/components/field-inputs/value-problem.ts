import { browserLocale } from "~/components/field-inputs/browser-locale";
import { MAX_VALUE_LENGTH } from "~/domain/data-value";
import { readFieldOptions } from "~/domain/field-options";
import { fieldValueProblem } from "~/domain/field-value";
import { formatLocaleNumber } from "~/domain/locale-number";
import type { TDataField } from "~/domain/template-schema";

type FieldSubject = Pick<TDataField, "type" | "options">;

/**
 * Why the server would refuse to save `value` for this field, worded for the field's own error line (the label is
 * right above it). The rules are the domain's, the same the server applies, so a save the form allows is not
 * refused for the value itself. A number the person typed in their locale reaches here already in stored form;
 * what does not is answered with what to enter, in their locale.
 */
export function draftValueProblem(field: FieldSubject, value: string | null, locale = browserLocale()): string | undefined {
  if (value === null || value === "") {
    return readFieldOptions(field).required ? "Required: enter a value." : undefined;
  }
  if (value.length > MAX_VALUE_LENGTH) return `Must be at most ${MAX_VALUE_LENGTH} characters.`;
  const problem = fieldValueProblem(field, value);
  if (problem === undefined) return undefined;
  if (field.type === "NumericField") return `${numberRequirement(field, locale)}.`;
  return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
}

/**
 * What a number field accepts, in one sentence built from its own bounds and decimals, e.g. "Enter a number from 0
 * to 100 with at most 2 decimals"; without any, an example: "Enter a number, for example 12.5".
 */
export function numberRequirement(field: FieldSubject, locale: string): string {
  const options = readFieldOptions(field);
  // The bounds are shown as the template wrote them (Number("0.10") would print 0.1), in the locale's form.
  const shown = (bound: "min" | "max") => formatLocaleNumber(field.options[bound] ?? "", locale);
  const isWhole = options.decimals === 0;
  let text = isWhole ? "Enter a whole number" : "Enter a number";
  if (options.min !== undefined && options.max !== undefined) text += ` from ${shown("min")} to ${shown("max")}`;
  else if (options.min !== undefined) text += ` of at least ${shown("min")}`;
  else if (options.max !== undefined) text += ` of at most ${shown("max")}`;
  if (options.decimals !== undefined && options.decimals > 0) {
    text += ` with at most ${options.decimals} decimal${options.decimals === 1 ? "" : "s"}`;
  }
  if (options.min === undefined && options.max === undefined) {
    text += `, for example ${formatLocaleNumber(isWhole ? "12" : "12.5", locale)}`;
  }
  return text;
}
