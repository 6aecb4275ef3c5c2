import { modifySection } from "~/domain/template-draft-edits";
import type { TSectionDraftUpdateRequest, TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type ModifyDraftSectionOptions = EditTemplateDraftOptions & { sectionId: string; input: TSectionDraftUpdateRequest };

export async function modifyDraftSection({ sectionId, input, ...target }: ModifyDraftSectionOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, (document) => modifySection(document, sectionId, input));
}
