import { z } from "zod";

/**
 * What an AAS import found and did (docs/aas-import.md §Problems): each verification finding of the input, and each
 * element the importer repaired, skipped or mapped in a way worth knowing. Bounded: at most MAX_AAS_PROBLEMS are
 * listed, `moreProblems` counts the rest, so a huge broken input cannot make a huge answer.
 */
export const ZAasImportProblem = z.object({
  /** Where in the input: a JSON path into the environment, e.g. `$.submodels[0].submodelElements[3]`. */
  path: z.string(),
  message: z.string(),
  action: z.enum(["repaired", "skipped", "info"]),
});
export type AasImportProblem = z.infer<typeof ZAasImportProblem>;
export type AasImportAction = AasImportProblem["action"];

export const MAX_AAS_PROBLEMS = 100;

export class AasProblemList {
  private readonly listed: AasImportProblem[] = [];
  private more = 0;

  add(path: string, message: string, action: AasImportAction): void {
    if (this.listed.length < MAX_AAS_PROBLEMS) this.listed.push({ path, message, action });
    else this.more += 1;
  }

  get problems(): AasImportProblem[] {
    return [...this.listed];
  }

  get moreProblems(): number {
    return this.more;
  }
}
