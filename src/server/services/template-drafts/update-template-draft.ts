import { withTranslations } from "~/domain/languages/template-translations";
import type { TTemplateDraft, TTemplateDraftUpdateRequest } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type UpdateTemplateDraftOptions = EditTemplateDraftOptions & { input: TTemplateDraftUpdateRequest };

/** Name, description, sectors, the version label of the next publication and the name's and description's translations. */
export async function updateTemplateDraft({ input, ...target }: UpdateTemplateDraftOptions): Promise<TTemplateDraft> {
  return editTemplateDraft(target, ({ translations, ...document }) => ({
    ...document,
    name: input.name ?? document.name,
    description: input.description ?? document.description,
    sectors: input.sectors ?? document.sectors,
    version: input.version ?? document.version,
    ...withTranslations(input.translations ?? translations),
  }));
}
