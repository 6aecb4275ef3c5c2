import type { Actor } from "~/domain/actor";
import type { TTemplateDraftSummary } from "~/domain/template-draft-schema";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { toTemplateDraftSummaryDto } from "~/server/services/template-drafts/internal/template-draft-dto";

export type ListTemplateDraftsOptions = { actor: Actor; organizationId: string };

/** The organization's drafts, most recently edited first. */
export async function listTemplateDrafts({ actor, organizationId }: ListTemplateDraftsOptions): Promise<TTemplateDraftSummary[]> {
  assertMemberOf(actor, organizationId);
  const rows = await getDb().templateDraft.findMany({
    where: { organizationId },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, document: true, version: true, updatedAt: true },
  });
  return rows.map(toTemplateDraftSummaryDto);
}
