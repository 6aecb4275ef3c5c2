import { z } from "zod";

/**
 * What an AAS import found and did (docs/aas-import.md §Problems): each verification finding of the input, and each
 * element the importer repaired, skipped or mapped in a way worth knowing. Bounded: at most MAX_AAS_PROBLEMS are
 * listed, `moreProblems` counts the rest, so a huge broken input cannot make a huge answer.
 */
/**
 * What each note says, as a stable code: pages word it from the catalogues (`builder.aasNote`) with its `params`, in
 * the member's language; `message` is the same in English for API clients and logs (docs/app-text.md §Errors).
 */
export const AAS_NOTE_CODES = [
  "shells-not-imported",
  "no-submodel",
  "not-an-environment",
  "nested-too-deep",
  "invalid-environment",
  "list-element-id-short",
  "duplicate-languages",
  "verification",
  "not-a-template",
  "entity-asset-ids",
  "repeats-too-deep",
  "list-without-element",
  "list-of-many-elements",
  "list-of-lists",
  "unrepresentable",
  "option-too-long",
  "too-many-sections",
  "too-many-fields",
  "placeholder-shortened",
  "value-list-as-text",
  "unit-too-long",
  "submodel-twice",
  "no-profile",
  "profile-applied",
  "profile-rule-unmatched",
] as const;
export type AasNoteCode = (typeof AAS_NOTE_CODES)[number];
export const ZNoteParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type NoteParams = z.infer<typeof ZNoteParams>;

export const ZAasImportProblem = z.object({
  /** Where in the input: a JSON path into the environment, e.g. `$.submodels[0].submodelElements[3]`. */
  path: z.string(),
  code: z.enum(AAS_NOTE_CODES),
  /** The values the code's words name (an element's idShort, a limit, a count). */
  params: ZNoteParams,
  message: z.string(),
  action: z.enum(["repaired", "skipped", "info"]),
});
export type AasImportProblem = z.infer<typeof ZAasImportProblem>;
export type AasImportAction = AasImportProblem["action"];

export const MAX_AAS_PROBLEMS = 100;

export class AasProblemList {
  private readonly listed: AasImportProblem[] = [];
  private more = 0;

  add(path: string, message: string, action: AasImportAction, code: AasNoteCode, params: NoteParams = {}): void {
    if (this.listed.length < MAX_AAS_PROBLEMS) this.listed.push({ path, code, params, message, action });
    else this.more += 1;
  }

  get problems(): AasImportProblem[] {
    return [...this.listed];
  }

  get moreProblems(): number {
    return this.more;
  }
}
