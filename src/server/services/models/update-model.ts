import type { TModel, TModelUpdateRequest } from "~/domain/model-schema";
import type { Actor } from "~/domain/actor";
import { ownerWrite, writePassportData } from "~/server/services/internal/write-passport-data";
import { updateModelProperties } from "~/server/services/models/internal/update-model-properties";
import { updateModelRegistry } from "~/server/services/models/internal/update-model-registry";
import { updatePublishOnStatusChange } from "~/server/services/models/internal/update-publish-on-status-change";
import { resolveModelTemplate } from "~/server/services/models/internal/resolve-model-template";
import { switchItemsTemplate } from "~/server/services/items/internal/switch-items-template";
import { switchModelTemplate } from "~/server/services/models/internal/switch-model-template";

export type UpdateModelOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  input: TModelUpdateRequest;
  ifMatch?: number;
};

/**
 * Updates name, description, GTIN, the template reference, the registry settings and whether a status change
 * publishes (publishOnStatusChange); a request that changes nothing
 * keeps the version.
 */
export async function updateModel({ modelId, input, ...target }: UpdateModelOptions): Promise<TModel> {
  const { actor, organizationId } = target;
  return writePassportData(
    { ...target, owner: { kind: "model", id: modelId } },
    ownerWrite(async (tx, owner) => {
      let templateId = owner.templateId;
      if (input.templateId !== undefined || input.marketplaceResourceId !== undefined) {
        templateId = await resolveModelTemplate(tx, { actor, organizationId, ref: input });
        if (templateId !== owner.templateId) {
          await switchModelTemplate(tx, owner, templateId);
          await switchItemsTemplate(tx, owner.id, templateId, owner.defaultLanguage);
        }
      }
      const description = input.description === null ? "" : input.description;
      const properties = { name: input.name, description, gtin: input.gtin, gtinPath: "$.gtin", templateId };
      const propertiesChanged = (await updateModelProperties(tx, owner, properties)) > 0;
      const registry = { commodityCode: input.commodityCode, facilityIds: input.facilityIds };
      const registryChanged = await updateModelRegistry(tx, owner, registry);
      return (await updatePublishOnStatusChange(tx, owner, input.publishOnStatusChange)) || registryChanged || propertiesChanged;
    }),
  );
}
