import type { TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { cachedTemplateIndex, templateIndexFor } from "~/server/services/templates/internal/template-index-cache";

/** The index of a stored template, from the cache or, once per template and process, from the database. */
export async function loadTemplateIndex(tx: Tx, templateId: string): Promise<TemplateIndex> {
  const cached = cachedTemplateIndex(templateId);
  if (cached) return cached;
  const template = await tx.template.findUniqueOrThrow({ where: { id: templateId }, select: { sections: true } });
  return templateIndexFor(templateId, template.sections);
}
