import { addDataField } from "~/domain/template-draft-edits";
import type { TDataFieldDraftCreateRequest, TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type AddDraftDataFieldOptions = EditTemplateDraftOptions & { sectionId: string; input: TDataFieldDraftCreateRequest };

export async function addDraftDataField({ sectionId, input, ...target }: AddDraftDataFieldOptions): Promise<TTemplateDraft> {
  const id = crypto.randomUUID();
  return editTemplateDraft(target, (document) => addDataField(document, sectionId, input, id));
}
