import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { validateDraft } from "~/domain/template-draft-edits";
import { withTranslations } from "~/domain/languages/template-translations";
import type { TemplateDraftDocument, TTemplateDraft, TTemplateDraftCreateRequest } from "~/domain/template-draft-schema";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { readableBy } from "~/server/services/product-data-models/internal/readable-by";
import { readTemplateDraft } from "~/server/services/template-drafts/internal/template-draft-dto";
import { parseDefinitionOrThrow } from "~/server/services/templates/internal/parse-definition-or-throw";
import { readSections, readTranslations } from "~/server/services/templates/internal/template-dto";

export type CreateTemplateDraftOptions = { actor: Actor; organizationId: string; input: TTemplateDraftCreateRequest };

type Start = { lineageId: string; document: TemplateDraftDocument };

/**
 * A draft from scratch, from a copy of a template or a readable product data model (a new version: every section
 * and field keeps its id, and a template's lineage is continued), or from uploaded template JSON (validated like
 * `cli template:import`, every problem listed).
 */
export async function createTemplateDraft({ actor, organizationId, input }: CreateTemplateDraftOptions): Promise<TTemplateDraft> {
  assertMayDo(actor, organizationId, "manageTemplates");
  return inTransaction(async (tx) => {
    const start = await startingPoint(tx, actor, organizationId, input);
    const document = validateDraft(start.document);
    const id = crypto.randomUUID();
    await tx.templateDraft.create({
      data: {
        id,
        organizationId,
        lineageId: start.lineageId,
        name: document.name,
        document,
        createdByUserId: actor.userId,
      },
      select: { id: true },
    });
    const draft = await readTemplateDraft(tx, organizationId, id);
    if (!draft) throw new Error(`Template draft ${id} vanished inside its own transaction.`);
    return draft;
  });
}

async function startingPoint(tx: Tx, actor: Actor, organizationId: string, input: TTemplateDraftCreateRequest): Promise<Start> {
  if ("definition" in input) {
    const definition = parseDefinitionOrThrow(input.definition, "template");
    const { name, description, sectors, version, sections, translations } = definition;
    return {
      lineageId: crypto.randomUUID(),
      document: { name, description, sectors, version, sections, ...withTranslations(translations) },
    };
  }
  if ("templateId" in input) {
    const template = await tx.template.findFirst({
      where: { id: input.templateId, organizationId },
      select: { name: true, description: true, sectors: true, version: true, sections: true, translations: true, lineageId: true },
    });
    if (!template) throw new AppError("NOT_FOUND", `Template ${input.templateId} not found in this organization.`);
    const { lineageId, translations, ...rest } = template;
    const document = { ...rest, sections: readSections(rest.sections), ...withTranslations(readTranslations(translations)) };
    return { lineageId, document: { ...document, name: input.name ?? document.name, version: input.version ?? document.version } };
  }
  if ("productDataModelId" in input) {
    const pdm = await tx.productDataModel.findFirst({
      where: { id: input.productDataModelId, ...readableBy(actor) },
      select: { name: true, version: true, sections: true, template: { select: { organizationId: true, lineageId: true } } },
    });
    if (!pdm) throw new AppError("NOT_FOUND", `Product data model ${input.productDataModelId} not found.`);
    // Only the organization that published it continues its template's lineage; a copy of another's starts its own.
    const lineageId = pdm.template?.organizationId === organizationId ? pdm.template.lineageId : crypto.randomUUID();
    const document = {
      name: input.name ?? pdm.name,
      description: "",
      sectors: [],
      version: input.version ?? pdm.version,
      sections: readSections(pdm.sections),
    };
    return { lineageId, document };
  }
  const { name, description, sectors, version, translations } = input;
  return {
    lineageId: crypto.randomUUID(),
    document: { name, description, sectors, version, sections: [], ...withTranslations(translations) },
  };
}
