import type { PassportHeader } from "~/domain/passport";
import type { Tx } from "~/server/db/transaction";
import type { ItemRow } from "~/server/services/items/internal/item-dto";
import { findStoredModel, type StoredModel } from "~/server/services/models/internal/model-dto";

/** A model as its passports need it: its values, and the registry settings a passport shows (its commodity code). */
export type PassportModel = StoredModel & { commodityCode: string | null };

/**
 * The model a passport is assembled from, scoped to the organization; null when it is not there. The one read of it
 * for the passport read and publication, so both show the same header.
 */
export async function findPassportModel(tx: Tx, modelId: string, organizationId: string): Promise<PassportModel | null> {
  const model = await findStoredModel(tx, modelId, organizationId);
  if (!model) return null;
  const registry = await tx.modelRegistry.findUnique({ where: { modelId }, select: { commodityCode: true } });
  return { ...model, commodityCode: registry?.commodityCode ?? null };
}

/**
 * The header of a model's or an item's passport opened with identifier `uuid`: the one rule for the passport read
 * (load-passport.ts) and the publication of versions, so a published version shows what the read showed.
 */
export function passportHeader(
  uuid: string,
  model: PassportModel,
  item?: ItemRow | null,
  latestReadingAt?: Date | null,
): PassportHeader {
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
    // The registry record's commodity code, in the passport too, so the two never disagree (docs/registry.md).
    ...(model.commodityCode !== null && { commodityCode: model.commodityCode }),
    uniqueProductIdentifiers: item ? item.uniqueProductIdentifiers : model.uniqueProductIdentifiers,
    version: item ? `${model.version}.${item.version}${readingMark}` : String(model.version),
  };
}
