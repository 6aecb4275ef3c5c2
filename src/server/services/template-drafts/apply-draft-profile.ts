import { applyProfile, type ProfileReport } from "~/domain/profiles/apply-profile";
import { profileById, type TProfileId } from "~/domain/profiles/profiles";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type ApplyDraftProfileOptions = EditTemplateDraftOptions & { profile: TProfileId };

/**
 * The builder's "Apply profile": the profile's access levels, granularities and added elements over the whole draft
 * (docs/profiles.md), through the draft's one edit path, answered with what the profile matched and what it did not.
 */
export async function applyDraftProfile({
  profile,
  ...target
}: ApplyDraftProfileOptions): Promise<{ templateDraft: TTemplateDraft; report: ProfileReport }> {
  let report: ProfileReport | undefined;
  const templateDraft = await editTemplateDraft(target, (document) => {
    const applied = applyProfile(document, profileById(profile));
    report = applied.report;
    return applied.document;
  });
  if (!report) throw new Error("The draft's edit ran without its edit.");
  return { templateDraft, report };
}
