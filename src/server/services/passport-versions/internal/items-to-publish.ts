import { AppError } from "~/domain/app-error";
import { createStepper, type Stepper } from "~/domain/bounded-steps";
import { assemblePassport } from "~/domain/passport";
import type { TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { itemSelect } from "~/server/services/items/internal/item-dto";
import type { OwnerToPublish } from "~/server/services/passport-versions/internal/publish-owners";
import { findPassportModel, passportHeader } from "~/server/services/passports/internal/passport-header";
import { passportItemValues } from "~/server/services/readings/internal/passport-item-values";

/**
 * Items of one model assembled for publication as the passport read assembles them (their values with the latest
 * readings, passportItemValues), in creation order; an item with no identifier in use is left out. The caller holds
 * the items locked.
 */
export async function itemsToPublish(
  tx: Tx,
  {
    organizationId,
    modelId,
    itemIds,
    index,
  }: { organizationId: string; modelId: string; itemIds: readonly string[]; index: TemplateIndex },
  stepper: Stepper = createStepper(),
): Promise<OwnerToPublish[]> {
  const model = await findPassportModel(tx, modelId, organizationId);
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
  const items = await tx.item.findMany({
    where: { id: { in: [...itemIds] } },
    select: itemSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const values = await passportItemValues(tx, itemIds);
  const { defaultLanguage, publishedLanguages } = await readLanguageSettings(tx, organizationId);
  const owners: OwnerToPublish[] = [];
  for (const item of items) {
    await stepper.step();
    const uuid = item.uniqueProductIdentifiers[0]?.uuid;
    if (!uuid) continue;
    const itemValues = values.get(item.id);
    const assembled = assemblePassport({
      header: passportHeader(uuid, model, item, itemValues?.latestReadingAt),
      index,
      modelValues: model.dataValues,
      itemValues: itemValues?.values ?? [],
      defaultLanguage,
      publishedLanguages,
    });
    owners.push({ ownerKind: "item", ownerId: item.id, modelId, assembled });
  }
  return owners;
}
