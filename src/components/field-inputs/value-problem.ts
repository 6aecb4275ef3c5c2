import { browserLocale } from "~/components/field-inputs/browser-locale";
import { formatLocaleNumber } from "~/domain/languages/locale-number";
import { valueProblem, type ValueProblem, type ValueProblemKey } from "~/domain/value-problem";
import type { TDataField } from "~/domain/template-schema";

/**
 * The words of a problem, from the catalogues' `fieldInput` namespace (the member's language, from
 * useTranslations("fieldInput")). The domain's own messages (fieldValueProblem) stay English for the API.
 */
export type ProblemText = (key: ValueProblemKey | "problemListEntry", values?: Record<string, string | number>) => string;

/**
 * Why the server would refuse to save `value` for this field, worded for the field's own error line (the label is
 * right above it). The rules are the domain's (`valueProblem`, the same the server applies), so a save the form
 * allows is not refused for the value itself; the words are the member's. A number the person typed in their
 * locale reaches here already in stored form; what does not is answered with what to enter, in their locale.
 */
export function draftValueProblem(
  field: Pick<TDataField, "type" | "options">,
  value: string | null,
  text: ProblemText,
  locale = browserLocale(),
): string | undefined {
  const problem = valueProblem(field, value);
  return problem && valueProblemText(problem, text, locale);
}

/**
 * A value's problem in the member's words: the editor's error line, and a spreadsheet import's problem table, which
 * gets the problem as the server coded it. Numbers in it (a number field's bounds, its example) are written in
 * `locale`, as the field's input takes them.
 */
export function valueProblemText(problem: ValueProblem, text: ProblemText, locale: string): string {
  const values =
    problem.key === "numberRequirement"
      ? {
          ...problem.values,
          min: formatLocaleNumber(String(problem.values.min ?? ""), locale),
          max: formatLocaleNumber(String(problem.values.max ?? ""), locale),
          example: problem.values.example === "none" ? "none" : formatLocaleNumber(String(problem.values.example), locale),
        }
      : problem.values;
  const words = text(problem.key, values);
  return problem.entry === undefined ? words : text("problemListEntry", { n: problem.entry, problem: words });
}
