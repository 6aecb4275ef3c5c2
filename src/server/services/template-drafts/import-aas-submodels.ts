import { addImportedSections } from "~/domain/aas/add-imported-sections";
import { MAX_AAS_PROBLEMS, type AasImportProblem } from "~/domain/aas/aas-import-problems";
import { type AasUpload, type TAasSubmodelsImported, uploadedEnvironment } from "~/domain/aas/aas-upload";
import { withImportProfile } from "~/domain/aas/import-profile";
import { importAasTemplate } from "~/domain/aas/import-template";
import { AppError } from "~/domain/app-error";
import { profileById, type TProfileId } from "~/domain/profiles/profiles";
import { MAX_SECTIONS } from "~/domain/template-schema";
import { editTemplateDraft, type EditTemplateDraftOptions } from "~/server/services/template-drafts/internal/edit-template-draft";

export type ImportAasSubmodelsOptions = EditTemplateDraftOptions & { upload: AasUpload; profile?: TProfileId };

/**
 * Adds each submodel template of an AAS environment (JSON or AASX) to the draft as a top-level section, through
 * the draft's one edit path (membership, lock, If-Match, whole-draft validation), and answers the problems found
 * (docs/aas-import.md), then applies the profile asked for to the draft (docs/profiles.md). Nothing is stored when
 * nothing could be imported (400 listing why).
 */
export async function importAasSubmodels({ upload, profile, ...target }: ImportAasSubmodelsOptions): Promise<TAasSubmodelsImported> {
  const environment = await uploadedEnvironment(upload);
  let problems: AasImportProblem[] = [];
  let moreProblems = 0;
  const templateDraft = await editTemplateDraft(target, (document) => {
    const imported = importAasTemplate(environment, { sectionBudget: MAX_SECTIONS - document.sections.length });
    if (imported.rootIds.length === 0) {
      const count = imported.problems.length + imported.moreProblems;
      throw new AppError(
        "VALIDATION",
        "Nothing in the body could be imported: it holds no submodel of kind Template that a template can represent.",
        imported.problems.map(({ path, message, action }) => ({ path, message: `${message} (${action})` })),
        undefined,
        count,
      );
    }
    const added = addImportedSections(document, imported);
    const profiled = withImportProfile(added.document, profile === undefined ? undefined : profileById(profile));
    const all = [...profiled.notes, ...added.notes, ...imported.problems];
    problems = all.slice(0, MAX_AAS_PROBLEMS);
    moreProblems = imported.moreProblems + all.length - problems.length;
    return profiled.document;
  });
  return { templateDraft, problems, moreProblems };
}
