import { moveDataField } from "~/domain/template-draft-edits";
import type { TDataFieldMoveRequest, TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type MoveDraftDataFieldOptions = EditTemplateDraftOptions & {
  sectionId: string;
  fieldId: string;
  input: TDataFieldMoveRequest;
};

export async function moveDraftDataField({
  sectionId,
  fieldId,
  input,
  ...target
}: MoveDraftDataFieldOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, (document) => moveDataField(document, sectionId, fieldId, input));
}
