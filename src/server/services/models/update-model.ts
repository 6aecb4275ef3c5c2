import type { TModel, TModelUpdateRequest } from "~/domain/model-schema";
import type { Actor } from "~/server/auth/resolve-actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { lockModel, touchModel } from "~/server/services/models/lock-model";
import { readModel } from "~/server/services/models/model-dto";
import { resolveModelTemplate } from "~/server/services/models/resolve-model-template";
import { switchModelTemplate } from "~/server/services/models/switch-model-template";

export type UpdateModelOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  input: TModelUpdateRequest;
  ifMatch?: number;
};

/** Updates name, description and the template reference; a request that changes nothing keeps the version. */
export async function updateModel({ actor, organizationId, modelId, input, ifMatch }: UpdateModelOptions): Promise<TModel> {
  assertMemberOf(actor, organizationId);
  return inTransaction(async (tx) => {
    const model = await lockModel(tx, { organizationId, modelId, ifMatch });
    let templateId = model.templateId;
    if (input.templateId !== undefined || input.marketplaceResourceId !== undefined) {
      templateId = await resolveModelTemplate(tx, { actor, organizationId, ref: input });
      if (templateId !== model.templateId) await switchModelTemplate(tx, modelId, templateId);
    }
    const description = input.description === null ? "" : input.description;
    const changed = await tx.model.updateMany({
      where: {
        id: modelId,
        OR: [
          ...(input.name !== undefined ? [{ name: { not: input.name } }] : []),
          ...(description !== undefined ? [{ description: { not: description } }] : []),
          { templateId: { not: templateId } },
        ],
      },
      data: { name: input.name, description, templateId },
    });
    if (changed.count > 0) await touchModel(tx, modelId);
    return readModel(tx, modelId);
  });
}
