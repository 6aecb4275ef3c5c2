import { moveSection } from "~/domain/template-draft-edits";
import type { TSectionMoveRequest, TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type MoveDraftSectionOptions = EditTemplateDraftOptions & { sectionId: string; input: TSectionMoveRequest };

export async function moveDraftSection({ sectionId, input, ...target }: MoveDraftSectionOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, (document) => moveSection(document, sectionId, input));
}
