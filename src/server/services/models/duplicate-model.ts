import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import type { TModel, TModelDuplicateRequest } from "~/domain/model-schema";
import { copyName } from "~/domain/model-schema";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { readModel } from "~/server/services/models/internal/model-dto";

export type DuplicateModelOptions = { actor: Actor; organizationId: string; modelId: string; input: TModelDuplicateRequest };

/**
 * A new model with the same template, description and data values as the given one, a name of its own ("… (copy)"
 * unless given) and a new unique product identifier. Items are not copied: each names one physical product; nor is
 * the GTIN, which names one model in the installation (docs/gs1.md).
 */
export async function duplicateModel({ actor, organizationId, modelId, input }: DuplicateModelOptions): Promise<TModel> {
  assertMayDo(actor, organizationId, "writeData");
  return inTransaction(async (tx) => {
    // FOR SHARE waits for a write in progress on the source (writes lock its row FOR UPDATE), so the copy is of
    // one version, not half of one write.
    const [source] = await tx.$queryRaw<{ name: string; description: string; templateId: string }[]>`
      SELECT "name", "description", "templateId"::text AS "templateId"
      FROM "model" WHERE "id" = ${modelId}::uuid AND "organizationId" = ${organizationId}
      FOR SHARE`;
    if (!source) throw new AppError("NOT_FOUND", "Model not found.");
    const id = crypto.randomUUID();
    const identifier = crypto.randomUUID();
    await tx.model.create({
      data: {
        id,
        organizationId,
        name: input.name ?? copyName(source.name),
        description: source.description,
        templateId: source.templateId,
        ownerId: actor.userId,
        uniqueProductIdentifiers: { create: { uuid: identifier, value: identifier, organizationId } },
      },
      select: { id: true },
    });
    await tx.$executeRaw`
      INSERT INTO "data_value" ("modelId", "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value")
      SELECT ${id}::uuid, "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value"
      FROM "data_value" WHERE "modelId" = ${modelId}::uuid`;
    return readModel(tx, id);
  });
}
