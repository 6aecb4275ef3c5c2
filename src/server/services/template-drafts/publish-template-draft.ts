import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { withAasIdShorts } from "~/domain/aas/id-short";
import { publishableDefinition } from "~/domain/template-draft-edits";
import type { TPublishRequest, TPublishResponse } from "~/domain/template-draft-schema";
import { Prisma } from "~/generated/prisma/client";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { lockTemplateDraft } from "~/server/services/template-drafts/internal/lock-template-draft";
import { readDocument, readTemplateDraft } from "~/server/services/template-drafts/internal/template-draft-dto";

export type PublishTemplateDraftOptions = {
  actor: Actor;
  organizationId: string;
  draftId: string;
  ifMatch?: number;
  input: TPublishRequest;
};

/**
 * Validates the whole draft (every problem listed) and creates an immutable template with the draft's version label,
 * which must be new to the lineage (409); with a visibility, also a product data model from it. The draft stays, for
 * the next version.
 */
export async function publishTemplateDraft({
  actor,
  organizationId,
  draftId,
  ifMatch,
  input,
}: PublishTemplateDraftOptions): Promise<TPublishResponse> {
  assertMayDo(actor, organizationId, "manageTemplates");
  return inTransaction(async (tx) => {
    const { lineageId } = await lockTemplateDraft(tx, { organizationId, draftId, ifMatch });
    const row = await tx.templateDraft.findUniqueOrThrow({ where: { id: draftId }, select: { document: true } });
    const stored = readDocument(row.document);
    // Every section and field keeps the AAS idShort it is first published with (docs/aas.md §idShorts): in the
    // template and in the draft, so a rename in a later version does not change what AAS clients address.
    const document = { ...stored, sections: withAasIdShorts(stored.sections) };
    const definition = publishableDefinition({ ...document, sectors: input.sectors ?? document.sectors });
    const taken = await tx.template.findFirst({ where: { lineageId, version: definition.version }, select: { id: true } });
    if (taken) throw versionTaken(definition.version);
    const templateId = crypto.randomUUID();
    const sections = definition.sections as unknown as Prisma.InputJsonValue;
    try {
      await tx.template.create({
        data: {
          id: templateId,
          organizationId,
          lineageId,
          name: definition.name,
          description: definition.description,
          sectors: definition.sectors,
          version: definition.version,
          sections,
          translations: definition.translations,
          createdByUserId: actor.userId,
        },
        select: { id: true },
      });
    } catch (error) {
      // Another draft of the lineage published the same label between the check and the insert.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw versionTaken(definition.version);
      throw error;
    }
    await tx.templateDraft.update({ where: { id: draftId }, data: { document }, select: { id: true } });
    let productDataModelId: string | null = null;
    if (input.visibility) {
      productDataModelId = crypto.randomUUID();
      await tx.productDataModel.create({
        data: {
          id: productDataModelId,
          organizationId,
          name: definition.name,
          version: definition.version,
          visibility: input.visibility,
          sections,
          createdByUserId: actor.userId,
          templateId,
        },
        select: { id: true },
      });
    }
    const draft = await readTemplateDraft(tx, organizationId, draftId);
    if (!draft) throw new Error(`Template draft ${draftId} vanished inside its own transaction.`);
    return { ...draft, published: { templateId, version: definition.version, productDataModelId } };
  });
}

function versionTaken(version: string): AppError {
  const message = `Version "${version}" of this template has already been published; give the draft a new version label first.`;
  return new AppError("CONFLICT", message, [{ path: "$.version", message }]);
}
