import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { assemblePassport } from "~/domain/passport";
import type { TPublishedItemVersions } from "~/domain/versions/passport-credential";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { readItemValuesOfModel } from "~/server/services/data-values/internal/data-value-sql";
import { itemSelect } from "~/server/services/items/internal/item-dto";
import { findStoredModel } from "~/server/services/models/internal/model-dto";
import { type OwnerToPublish, publishOwners } from "~/server/services/passport-versions/internal/publish-owners";
import { passportHeader } from "~/server/services/passports/internal/passport-header";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type PublishItemVersionsOptions = { actor: Actor; organizationId: string; modelId: string };

/**
 * Publishes the next version of every item of a model at once (docs/versions.md), set-based: the model and all its
 * items locked in two statements (as `writePassportData` locks one owner), the items and all their values read in two
 * queries, every version stored in one statement — a few round trips whatever the number of items.
 */
export async function publishItemVersions({
  actor,
  organizationId,
  modelId,
}: PublishItemVersionsOptions): Promise<TPublishedItemVersions> {
  assertMemberOf(actor, organizationId);
  return inTransaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id"::text AS "id" FROM "model" WHERE "id" = ${modelId}::uuid AND "organizationId" = ${organizationId} FOR UPDATE`;
    if (locked.length === 0) throw new AppError("NOT_FOUND", "Model not found.");
    await tx.$queryRaw`SELECT 1 FROM "item" WHERE "modelId" = ${modelId}::uuid ORDER BY "id" FOR UPDATE`;
    const model = await findStoredModel(tx, modelId, organizationId);
    if (!model) throw new AppError("NOT_FOUND", "Model not found.");
    const index = await loadTemplateIndex(tx, model.templateId);
    const items = await tx.item.findMany({ where: { modelId }, select: itemSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const values = await readItemValuesOfModel(tx, modelId);
    const { defaultLanguage, publishedLanguages } = await readLanguageSettings(tx, organizationId);
    const owners: OwnerToPublish[] = [];
    for (const item of items) {
      const uuid = item.uniqueProductIdentifiers[0]?.uuid;
      if (!uuid) continue;
      const header = passportHeader(uuid, model, item);
      const assembled = assemblePassport({
        header,
        index,
        modelValues: model.dataValues,
        itemValues: values.get(item.id) ?? [],
        defaultLanguage,
        publishedLanguages,
      });
      owners.push({ ownerKind: "item", ownerId: item.id, modelId, assembled });
    }
    const published = await publishOwners(tx, { organizationId, userId: actor.userId, owners });
    return { count: published.length, items: published.map(({ ownerId, ...version }) => ({ itemId: ownerId, ...version })) };
  });
}
