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
