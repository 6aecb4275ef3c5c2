import type { Actor } from "~/domain/actor";
import type { TTemplateDraftSummary } from "~/domain/template-draft-schema";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { toTemplateDraftSummaryDto } from "~/server/services/template-drafts/internal/template-draft-dto";

export type ListTemplateDraftsOptions = { actor: Actor; organizationId: string };

/** The organization's drafts, most recently edited first, each with the version its next publication proposes. */
export async function listTemplateDrafts({ actor, organizationId }: ListTemplateDraftsOptions): Promise<TTemplateDraftSummary[]> {
  assertMemberOf(actor, organizationId);
  const db = getDb();
  const rows = await db.templateDraft.findMany({
    where: { organizationId },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, document: true, version: true, updatedAt: true, lineageId: true },
  });
  const published = await db.template.findMany({
    where: { organizationId, lineageId: { in: [...new Set(rows.map((row) => row.lineageId))] } },
    select: { lineageId: true, version: true },
  });
  const versionsOf = new Map<string, string[]>();
  for (const { lineageId, version } of published) versionsOf.set(lineageId, [...(versionsOf.get(lineageId) ?? []), version]);
  return rows.map((row) => toTemplateDraftSummaryDto(row, versionsOf.get(row.lineageId) ?? []));
}
