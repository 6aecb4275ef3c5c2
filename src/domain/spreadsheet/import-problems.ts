import { z } from "zod";
import { MAX_ISSUES } from "~/domain/app-error";
import { ZValueProblem } from "~/domain/value-problem";

/** The rule a cell or row of an imported file broke (docs/spreadsheets.md, Problems). */
export const IMPORT_RULES = [
  "type",
  "range",
  "required",
  "choice",
  "identifier-format",
  "duplicate-identifier",
  "unknown-item",
  "row",
  "file",
] as const;
export type ImportRule = (typeof IMPORT_RULES)[number];

/**
 * What each problem says, as a stable code: the import's page words it from the catalogues
 * (`itemsImport.problemText`) with its `params`, in the member's language; `message` says the same in English for API
 * clients and logs (docs/app-text.md §Errors). A refused value (`value`) carries which of the field's rules it
 * broke as `valueProblem`, worded as the editor words it under an input.
 */
export const IMPORT_PROBLEM_CODES = [
  "no-items-sheet",
  "no-column-mapped",
  "no-identifier-column",
  "sheet-twice",
  "unknown-sheet",
  "no-parent-column",
  "identifier-format",
  "duplicate-identifier",
  "identifier-taken",
  "identifiers-of-two-items",
  "value",
  "unknown-item",
  "row-number",
  "row-twice",
  "no-parent-row",
  "too-many-rows",
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

export const ZImportProblem = z.object({
  sheet: z.string(),
  /** The spreadsheet's own row number (1 is the first header row); null for a problem of the whole sheet. */
  row: z.number().int().nullable(),
  /** The column's header as the file wrote it; null for a problem of the whole row or sheet. */
  column: z.string().nullable(),
  rule: z.enum(IMPORT_RULES),
  code: z.enum(IMPORT_PROBLEM_CODES),
  /** The values the code's words name (a field, an identifier, a row, a limit). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  valueProblem: ZValueProblem.optional(),
  message: z.string(),
});
export type TImportProblem = z.infer<typeof ZImportProblem>;

/**
 * The problems of one import, bounded like every error answer: the first MAX_ISSUES are kept, the rest only
 * counted, so a file of a million bad cells costs no more memory than one of a hundred.
 */
export class ProblemList {
  readonly kept: TImportProblem[] = [];
  private more = 0;

  add(problem: TImportProblem): void {
    if (this.kept.length < MAX_ISSUES) this.kept.push(problem);
    else this.more++;
  }

  /** How many problems were found beyond those kept. */
  get moreProblems(): number {
    return this.more;
  }

  get count(): number {
    return this.kept.length + this.more;
  }
}
