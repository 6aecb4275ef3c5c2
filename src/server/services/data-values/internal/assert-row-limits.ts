import { AppError, type Issue } from "~/domain/app-error";
import type { DataValueTriple } from "~/domain/data-value";
import { maxRowsIssue, readSectionOptions } from "~/domain/section-options";
import { repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { repeaterRowCounts } from "~/server/services/data-values/internal/data-value-sql";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/** The owners a write added values to, all of one kind, and how an error names one (a sheet's row, or nothing). */
export type RowLimitOwners = {
  kind: PassportDataOwner["kind"];
  ids: readonly string[];
  labelOf?: (ownerId: string) => string | undefined;
};

/**
 * THE check of a repeater's `maxRows`, for a write of one owner and of many alike: refuses a write that leaves a
 * repeater of an owner with more rows than its `maxRows`, counted after the write's own statements (so deletes in
 * the same save make room), in one query whatever the number of owners. Only repeaters the write added values to are
 * counted: only an add creates rows, and a repeater already over a limit (kept through a template upgrade) can still
 * be edited and shrunk. Fewer rows than `minRows` is allowed; it counts in completeness (docs/field-options.md
 * §Section options). `added[i].owner` indexes `owners.ids` (0, the one owner, when absent); the issues (at `path`) are those of the first owner over
 * a limit, its label before the message.
 */
export async function assertRowLimits(
  tx: Tx,
  owners: RowLimitOwners,
  index: TemplateIndex,
  added: readonly (Pick<DataValueTriple, "dataSectionId"> & { owner?: number })[],
  path: string,
): Promise<void> {
  const limited = new Set<string>();
  const counted: { sectionId: string; repeaterId: string; level: number }[] = [];
  const touched = new Set<number>();
  for (const value of added) {
    // A value makes rows in its own repeater and in each around it (a new inner row in a new outer row).
    const around = index.sections.get(value.dataSectionId)?.repeaterPath ?? [];
    for (const [level, repeaterId] of around.entries()) {
      const section = index.sections.get(repeaterId)?.section;
      if (!section || readSectionOptions(section).maxRows === undefined) continue;
      if (!limited.has(repeaterId)) {
        limited.add(repeaterId);
        for (const sectionId of repeaterSectionIds(index, repeaterId)) counted.push({ sectionId, repeaterId, level });
      }
      touched.add(value.owner ?? 0);
    }
  }
  if (touched.size === 0) return;
  const ownerIds = [...touched].sort((a, b) => a - b).map((i) => owners.ids[i] as string);
  const counts = await repeaterRowCounts(tx, owners.kind, ownerIds, counted);
  const repeaterIds = [...limited];
  for (const ownerId of ownerIds) {
    const issues = repeaterIds.flatMap((repeaterId): Issue[] => {
      const section = index.sections.get(repeaterId)?.section;
      const issue = section ? maxRowsIssue(section, counts.get(`${ownerId}|${repeaterId}`) ?? 0, path) : undefined;
      return issue ? [issue] : [];
    });
    const [first] = issues;
    if (!first) continue;
    const label = owners.labelOf?.(ownerId);
    throw new AppError("VALIDATION", `${label ? `${label}: ` : ""}${first.message}. Nothing was saved.`, issues);
  }
}
