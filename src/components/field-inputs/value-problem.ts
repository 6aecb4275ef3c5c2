import { MAX_VALUE_LENGTH } from "~/domain/data-value";
import { readFieldOptions } from "~/domain/field-options";
import { fieldValueProblem } from "~/domain/field-value";
import type { TDataField } from "~/domain/template-schema";

/**
 * Why the server would refuse to save `value` for this field, worded for the field's own error line (the label is
 * right above it). The rules are the domain's, the same the server applies, so a save the form allows is not
 * refused for the value itself.
 */
export function draftValueProblem(field: Pick<TDataField, "type" | "options">, value: string | null): string | undefined {
  if (value === null || value === "") {
    return readFieldOptions(field).required ? "Required: enter a value." : undefined;
  }
  if (value.length > MAX_VALUE_LENGTH) return `Must be at most ${MAX_VALUE_LENGTH} characters.`;
  const problem = fieldValueProblem(field, value);
  return problem ? `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.` : undefined;
}
