import { addSection } from "~/domain/template-draft-edits";
import type { TSectionDraftCreateRequest, TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type AddDraftSectionOptions = EditTemplateDraftOptions & { input: TSectionDraftCreateRequest };

export async function addDraftSection({ input, ...target }: AddDraftSectionOptions): Promise<TTemplateDraft> {
  const id = crypto.randomUUID();
  return editTemplateDraft(target, (document) => addSection(document, input, id));
}
