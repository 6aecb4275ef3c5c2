import { AppError } from "~/domain/app-error";
import type { TTemplate } from "~/domain/template-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { templateSelect, toTemplateDto } from "~/server/services/templates/internal/template-dto";

export type GetTemplateOptions = { actor: Actor; organizationId: string; templateId: string };

export async function getTemplate({ actor, organizationId, templateId }: GetTemplateOptions): Promise<TTemplate> {
  assertMemberOf(actor, organizationId);
  const row = await getDb().template.findFirst({ where: { id: templateId, organizationId }, select: templateSelect });
  if (!row) throw new AppError("NOT_FOUND", "Template not found.");
  return toTemplateDto(row);
}
