import type { TModel } from "~/domain/model-schema";
import type { PassportHeader } from "~/domain/passport";
import type { ItemRow } from "~/server/services/items/internal/item-dto";

/**
 * The header of a model's or an item's passport opened with identifier `uuid`: the one rule for the passport read
 * (load-passport.ts) and the publication of versions, so a published version shows what the read showed.
 */
export function passportHeader(uuid: string, model: TModel, item?: ItemRow | null, latestReadingAt?: Date | null): PassportHeader {
  const itemUpdatedAt = [item?.updatedAt.toISOString(), latestReadingAt?.toISOString()]
    .filter((at) => at !== undefined)
    .sort()
    .at(-1);
  const updatedAt = itemUpdatedAt !== undefined && itemUpdatedAt > model.updatedAt ? itemUpdatedAt : model.updatedAt;
  // A reading changes an item's current value without a write to the item (docs/readings.md): its instant joins the
  // version, which ETags are made of, so a new latest reading is never answered 304.
  const readingMark = latestReadingAt ? `.${latestReadingAt.getTime()}` : "";
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
    version: item ? `${model.version}.${item.version}${readingMark}` : String(model.version),
  };
}
