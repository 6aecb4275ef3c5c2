import { deleteDataField } from "~/domain/template-draft-edits";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type DeleteDraftDataFieldOptions = EditTemplateDraftOptions & { sectionId: string; fieldId: string };

export async function deleteDraftDataField({ sectionId, fieldId, ...target }: DeleteDraftDataFieldOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, (document) => deleteDataField(document, sectionId, fieldId));
}
