import { AppError, type Issue } from "~/domain/app-error";
import type { TDataValue } from "~/domain/data-value";
import { maxRowsIssue, readSectionOptions } from "~/domain/section-options";
import { repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { rowNumbers } from "~/server/services/data-values/internal/data-value-sql";
import type { WritingOwner } from "~/server/services/internal/write-passport-data";

/**
 * Refuses a write that leaves a repeater of the owner with more rows than its `maxRows`, after the write's own
 * statements (so deletes in the same save make room). Only repeaters the write added values to are counted: only an
 * add creates rows, and a repeater already over a limit (kept through a template upgrade) can still be edited and
 * shrunk. Fewer rows than `minRows` is allowed; it counts in completeness (docs/field-options.md §Section options).
 */
export async function assertRowLimits(
  tx: Tx,
  owner: WritingOwner,
  index: TemplateIndex,
  added: readonly TDataValue[],
  path: string,
): Promise<void> {
  const repeaterIds = new Set<string>();
  for (const value of added) {
    const repeaterId = index.sections.get(value.dataSectionId)?.repeaterId;
    if (repeaterId) repeaterIds.add(repeaterId);
  }
  const issues: Issue[] = [];
  for (const repeaterId of repeaterIds) {
    const section = index.sections.get(repeaterId)?.section;
    if (!section || readSectionOptions(section).maxRows === undefined) continue;
    const count = (await rowNumbers(tx, owner, repeaterSectionIds(index, repeaterId))).length;
    const issue = maxRowsIssue(section, count, path);
    if (issue) issues.push(issue);
  }
  const [first] = issues;
  if (!first) return;
  throw new AppError("VALIDATION", `${first.message}. Nothing was saved.`, issues);
}
