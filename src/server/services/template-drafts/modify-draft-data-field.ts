import { modifyDataField } from "~/domain/template-draft-edits";
import type { TDataFieldDraftUpdateRequest, TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type ModifyDraftDataFieldOptions = EditTemplateDraftOptions & {
  sectionId: string;
  fieldId: string;
  input: TDataFieldDraftUpdateRequest;
};

export async function modifyDraftDataField({
  sectionId,
  fieldId,
  input,
  ...target
}: ModifyDraftDataFieldOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, (document) => modifyDataField(document, sectionId, fieldId, input));
}
