import { addImportedSections } from "~/domain/aas/add-imported-sections";
import { type AasImportProblem, MAX_AAS_PROBLEMS } from "~/domain/aas/aas-import-problems";
import { withImportProfile } from "~/domain/aas/import-profile";
import { importAasTemplate } from "~/domain/aas/import-template";
import { AppError } from "~/domain/app-error";
import type { TProfile } from "~/domain/profiles/profile-schema";
import type { TemplateDraftDocument } from "~/domain/template-draft-schema";
import { MAX_SECTIONS } from "~/domain/template-schema";

/**
 * One template from several AAS environments (the CLI's `template:import` with several `--file`s, the seed's
 * battery passport): each environment's submodel templates become top-level sections in the given order, with the
 * same mapping as the builder's import, then the profile, if one is given, over the whole (docs/profiles.md).
 * Problems name their source (`file`; `profile` for the profile's notes).
 */

export type AasSource = { label: string; environment: unknown };
export type SourcedAasProblem = AasImportProblem & { source: string };

export type ComposeAasTemplateOptions = {
  name?: string;
  description?: string;
  sectors?: string[];
  version?: string;
  newId?: () => string;
  profile?: TProfile;
};

export function composeAasTemplate(
  sources: readonly AasSource[],
  options: ComposeAasTemplateOptions = {},
): { document: TemplateDraftDocument; problems: SourcedAasProblem[]; moreProblems: number } {
  let document: TemplateDraftDocument = {
    name: options.name ?? "",
    description: options.description ?? "",
    sectors: options.sectors ?? [],
    version: options.version ?? "1.0.0",
    sections: [],
  };
  const problems: SourcedAasProblem[] = [];
  let moreProblems = 0;
  const note = (source: string, list: readonly AasImportProblem[], more: number) => {
    for (const problem of list) {
      if (problems.length < MAX_AAS_PROBLEMS) problems.push({ source, ...problem });
      else moreProblems += 1;
    }
    moreProblems += more;
  };
  const rootNames: string[] = [];
  for (const { label, environment } of sources) {
    const imported = importAasTemplate(environment, { newId: options.newId, sectionBudget: MAX_SECTIONS - document.sections.length });
    if (imported.rootIds.length === 0) {
      const issues = imported.problems.map(({ path, message, action }) => ({
        path: `${label} ${path}`,
        message: `${message} (${action})`,
      }));
      throw new AppError(
        "VALIDATION",
        `Nothing in ${label} could be imported: it holds no submodel template.`,
        issues,
        undefined,
        imported.problems.length + imported.moreProblems,
      );
    }
    const added = addImportedSections(document, imported);
    document = added.document;
    note(label, [...added.notes, ...imported.problems], imported.moreProblems);
    for (const id of imported.rootIds) rootNames.push(document.sections.find((s) => s.id === id)?.name ?? "");
  }
  if (!document.name) document = { ...document, name: rootNames.join(", ").slice(0, 200) || "AAS template" };
  const profiled = withImportProfile(document, options.profile, options.newId);
  const notes = profiled.notes.map((note) => ({ source: "profile", ...note }));
  const kept = problems.slice(0, Math.max(0, MAX_AAS_PROBLEMS - notes.length));
  moreProblems += problems.length - kept.length;
  return { document: profiled.document, problems: [...notes, ...kept].slice(0, MAX_AAS_PROBLEMS), moreProblems };
}
