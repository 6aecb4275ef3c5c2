import type { TTemplate } from "~/domain/template-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { templateSelect, toTemplateDto } from "~/server/services/templates/internal/template-dto";

export type ListTemplatesOptions = { actor: Actor; organizationId: string };

/** The organization's templates, newest first, whole: a picker needs their sections for a preview. */
export async function listTemplates({ actor, organizationId }: ListTemplatesOptions): Promise<TTemplate[]> {
  assertMemberOf(actor, organizationId);
  const rows = await getDb().template.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: templateSelect,
  });
  return rows.map(toTemplateDto);
}

/** One template with its versions: the newest, and the ones published before it, newest first. */
export type TemplateLineage = { latest: TTemplate; older: TTemplate[] };

/**
 * The organization's templates as lineages (the versions of one template, docs/data-model.md), newest lineage first:
 * a picker offers each template's newest version and keeps the older ones behind it.
 */
export async function listTemplateLineages({ actor, organizationId }: ListTemplatesOptions): Promise<TemplateLineage[]> {
  assertMemberOf(actor, organizationId);
  const rows = await getDb().template.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { ...templateSelect, lineageId: true },
  });
  const lineages = new Map<string, TemplateLineage>();
  for (const row of rows) {
    const lineage = lineages.get(row.lineageId);
    if (lineage) lineage.older.push(toTemplateDto(row));
    else lineages.set(row.lineageId, { latest: toTemplateDto(row), older: [] });
  }
  return [...lineages.values()];
}
