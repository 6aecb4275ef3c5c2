import { deleteSection } from "~/domain/template-draft-edits";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type DeleteDraftSectionOptions = EditTemplateDraftOptions & { sectionId: string };

/** Deletes the section, its nested sections and their data fields. */
export async function deleteDraftSection({ sectionId, ...target }: DeleteDraftSectionOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, (document) => deleteSection(document, sectionId));
}
