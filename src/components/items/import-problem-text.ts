import { valueProblemText, type ProblemText } from "~/components/field-inputs/value-problem";
import type { ImportProblemCode, TImportProblem } from "~/domain/spreadsheet/import-problems";

/** The `itemsImport` translator, narrowed to the problems' words, so tests word them in any language. */
export type ImportProblemText = (key: `problemText.${ImportProblemCode}`, values: Record<string, string | number>) => string;

/**
 * A spreadsheet import's problem in the member's words (docs/app-text.md §Errors): by its code and parameters; a
 * refused value as the editor words it under an input (`fieldInput`), its numbers written in `locale`.
 */
export function importProblemText(
  { code, params, valueProblem }: TImportProblem,
  text: ImportProblemText,
  fieldText: ProblemText,
  locale: string,
): string {
  const problem = valueProblem ? valueProblemText(valueProblem, fieldText, locale) : "";
  return text(`problemText.${code}`, { ...params, problem });
}
