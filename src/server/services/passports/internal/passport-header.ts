import type { TModel } from "~/domain/model-schema";
import type { PassportHeader } from "~/domain/passport";
import type { ItemRow } from "~/server/services/items/internal/item-dto";

/**
 * The header of a model's or an item's passport opened with identifier `uuid`: the one rule for the passport read
 * (load-passport.ts) and the publication of versions, so a published version shows what the read showed.
 */
export function passportHeader(uuid: string, model: TModel, item?: ItemRow | null): PassportHeader {
  const updatedAt = item && item.updatedAt.toISOString() > model.updatedAt ? item.updatedAt.toISOString() : model.updatedAt;
  return {
    id: uuid,
    name: model.name,
    description: model.description,
    modelId: model.id,
    ...(item && { itemId: item.id }),
    templateId: model.templateId,
    updatedAt,
    gtin: model.gtin,
    uniqueProductIdentifiers: item ? item.uniqueProductIdentifiers : model.uniqueProductIdentifiers,
    version: item ? `${model.version}.${item.version}` : String(model.version),
  };
}
