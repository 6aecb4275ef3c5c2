import type { TTemplateDraft, TTemplateDraftUpdateRequest } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type UpdateTemplateDraftOptions = EditTemplateDraftOptions & { input: TTemplateDraftUpdateRequest };

/** Name, description, sectors and the version label of the next publication. */
export async function updateTemplateDraft({ input, ...target }: UpdateTemplateDraftOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, (document) => ({
    ...document,
    name: input.name ?? document.name,
    description: input.description ?? document.description,
    sectors: input.sectors ?? document.sectors,
    version: input.version ?? document.version,
  }));
}
