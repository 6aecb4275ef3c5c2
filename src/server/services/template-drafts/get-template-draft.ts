import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { readTemplateDraft } from "~/server/services/template-drafts/internal/template-draft-dto";

export type GetTemplateDraftOptions = { actor: Actor; organizationId: string; draftId: string };

export async function getTemplateDraft({ actor, organizationId, draftId }: GetTemplateDraftOptions): Promise<TTemplateDraft> {
  assertMemberOf(actor, organizationId);
  const draft = await readTemplateDraft(getDb(), organizationId, draftId);
  if (!draft) throw new AppError("NOT_FOUND", "Template draft not found.");
  return draft;
}
