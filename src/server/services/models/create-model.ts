import { initialDataValues } from "~/domain/model-data-values";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import type { TModel, TModelCreateRequest } from "~/domain/model-schema";
import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { insertDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { claimModelGtin } from "~/server/services/models/internal/claim-model-gtin";
import { readModel } from "~/server/services/models/internal/model-dto";
import { resolveModelTemplate } from "~/server/services/models/internal/resolve-model-template";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type CreateModelOptions = { actor: Actor; organizationId: string; input: TModelCreateRequest };

/**
 * Creates a model from a template of the organization or from a readable product data model, with one unique
 * product identifier, its GTIN when given (409 when another model holds it), and a null value for every field it
 * holds outside repeaters.
 */
export async function createModel({ actor, organizationId, input }: CreateModelOptions): Promise<TModel> {
  assertMayDo(actor, organizationId, "writeData");
  return inTransaction(async (tx) => {
    const templateId = await resolveModelTemplate(tx, { actor, organizationId, ref: input });
    const id = crypto.randomUUID();
    const identifier = crypto.randomUUID();
    const gtin = input.gtin ?? null;
    if (gtin !== null) await claimModelGtin(tx, { gtin, modelId: id, organizationId, issuePath: "$.gtin" });
    await tx.model.create({
      data: {
        id,
        organizationId,
        name: input.name,
        description: input.description ?? "",
        gtin,
        templateId,
        ownerId: actor.userId,
        uniqueProductIdentifiers: { create: { uuid: identifier, value: identifier, organizationId } },
      },
      select: { id: true },
    });
    await insertDataValues(
      tx,
      { kind: "model", id },
      initialDataValues(
        await loadTemplateIndex(tx, templateId),
        "Model",
        (await readLanguageSettings(tx, organizationId)).defaultLanguage,
      ),
    );
    return readModel(tx, id);
  });
}
