import type { AasImportProblem } from "~/domain/aas/aas-import-problems";
import { applyProfile } from "~/domain/profiles/apply-profile";
import type { TProfile } from "~/domain/profiles/profile-schema";
import { PROFILES } from "~/domain/profiles/profiles";
import type { TemplateDraftDocument } from "~/domain/template-draft-schema";

/**
 * The profile step of an AAS template import (docs/profiles.md): with a profile, the document as the profile makes
 * it, and a note of what it matched and what it did not; without one, the document unchanged and, when a known
 * profile recognises elements of it, one note saying none was applied (so every field stayed public and
 * Model-level). The notes come first in the problems, where the bound of the list never cuts them.
 */
export function withImportProfile(
  document: TemplateDraftDocument,
  profile: TProfile | undefined,
  newId?: () => string,
): { document: TemplateDraftDocument; notes: AasImportProblem[] } {
  if (!profile) {
    const notes = PROFILES.flatMap((known): AasImportProblem[] => {
      const { report } = applyProfile(document, known);
      const elements = report.matched.reduce((sum, rule) => sum + rule.elements, 0);
      if (elements === 0) return [];
      return [
        {
          path: "$",
          message:
            `No profile was applied: ${elements} elements are known to the profile "${known.name}" (${known.id}), and every ` +
            `imported field is public and Model-level. Import with that profile, or apply it to the draft in the builder.`,
          action: "info",
          code: "no-profile",
          params: { elements, profile: known.name },
        },
      ];
    });
    return { document, notes };
  }
  const { document: applied, report } = applyProfile(document, profile, { newId });
  const notes: AasImportProblem[] = [
    {
      path: "$",
      message:
        `Profile "${report.profileName}" applied: ${report.matched.length} of its rules matched, ${report.added.length} ` +
        `elements were added, ${report.uncoveredFields} fields are reached by no rule and were left as they were.`,
      action: "info",
      code: "profile-applied",
      params: {
        profile: report.profileName,
        matched: report.matched.length,
        added: report.added.length,
        uncovered: report.uncoveredFields,
      },
    },
    ...report.unmatched.map((rule): AasImportProblem => ({
      path: "$",
      message: `Profile "${report.profileName}": ${rule.row} (${rule.label}, ${rule.match}) matched no element.`,
      action: "info",
      code: "profile-rule-unmatched",
      params: { profile: report.profileName, row: rule.row, label: rule.label, match: rule.match },
    })),
  ];
  return { document: applied, notes };
}
