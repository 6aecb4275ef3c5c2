import { AAS_OPTION } from "~/domain/aas/aas-options";
import type { AasImportProblem } from "~/domain/aas/aas-import-problems";
import type { ImportAasTemplateResult } from "~/domain/aas/import-template";
import { layoutBelow } from "~/domain/template-draft-edits";
import type { TemplateDraftDocument } from "~/domain/template-draft-schema";
import type { TSection } from "~/domain/template-schema";

/**
 * The draft with the imported sections added: each imported submodel a top-level section placed full width below
 * the draft's top-level sections, in the environment's order. A submodel whose idShort is already a top-level
 * section of the draft is added again (a second copy is legitimate), with a note.
 */
export function addImportedSections(
  document: TemplateDraftDocument,
  imported: Pick<ImportAasTemplateResult, "sections" | "rootIds">,
): { document: TemplateDraftDocument; notes: AasImportProblem[] } {
  const roots = document.sections.filter((s) => s.parentId === null);
  const present = new Set(roots.map((s) => s.options?.[AAS_OPTION.idShort]).filter((id) => id !== undefined));
  const notes: AasImportProblem[] = [];
  const placed: TSection[] = [...roots];
  const rootIds = new Set(imported.rootIds);
  const sections = imported.sections.map((section) => {
    if (!rootIds.has(section.id)) return section;
    const idShort = section.options?.[AAS_OPTION.idShort];
    if (idShort !== undefined && present.has(idShort)) {
      notes.push({
        path: "$",
        code: "submodel-twice",
        params: { idShort },
        message: `The draft already has a section for submodel "${idShort}"; this one was added beside it.`,
        action: "info",
      });
    }
    const root = { ...section, layout: layoutBelow(placed.map((s) => s.layout)) };
    placed.push(root);
    return root;
  });
  return { document: { ...document, sections: [...document.sections, ...sections] }, notes };
}
