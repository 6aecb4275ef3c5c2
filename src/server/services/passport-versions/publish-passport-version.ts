import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { assemblePassport } from "~/domain/passport";
import type { TPublishedVersion } from "~/domain/versions/passport-credential";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { ownerWrite, writePassportData } from "~/server/services/internal/write-passport-data";
import { itemSelect } from "~/server/services/items/internal/item-dto";
import { publishOwners } from "~/server/services/passport-versions/internal/publish-owners";
import { findPassportModel, passportHeader } from "~/server/services/passports/internal/passport-header";
import { passportItemValues } from "~/server/services/readings/internal/passport-item-values";

export type PublishPassportVersionOptions = {
  actor: Actor;
  organizationId: string;
  owner: PassportDataOwner;
  /** The version of the model or item the member reviewed (If-Match): a publication of anything newer is a 412. */
  ifMatch?: number;
};

/**
 * Publishes the next version of a model's or an item's passport (docs/versions.md): on the one write path
 * (`writePassportData`: membership 403, the owner locked and scoped 404, If-Match 412), the passport is assembled as
 * the passport read assembles it, frozen per access level, hashed, chained and signed. The working copy is unchanged
 * (its version stays, so other editors' If-Match holds); only the passport epoch advances.
 */
export async function publishPassportVersion({
  actor,
  organizationId,
  owner,
  ifMatch,
}: PublishPassportVersionOptions): Promise<TPublishedVersion> {
  let published: TPublishedVersion | undefined;
  await writePassportData(
    { actor, organizationId, owner, ifMatch },
    ownerWrite(async (tx, locked, index) => {
      const modelId = owner.kind === "model" ? owner.id : owner.modelId;
      const model = await findPassportModel(tx, modelId, organizationId);
      if (!model) throw new AppError("NOT_FOUND", "Model not found.");
      const item = owner.kind === "item" ? await tx.item.findUnique({ where: { id: owner.id }, select: itemSelect }) : null;
      const uuid = (item ?? model).uniqueProductIdentifiers[0]?.uuid;
      if (!uuid) throw new AppError("CONFLICT", `The ${owner.kind} has no unique product identifier in use to publish under.`);
      // Both languages from one read: a version's `languages` always holds its `language`.
      const { defaultLanguage, publishedLanguages } = await readLanguageSettings(tx, organizationId);
      const itemValues = item ? (await passportItemValues(tx, [item.id])).get(item.id) : undefined;
      const assembled = assemblePassport({
        header: passportHeader(uuid, model, item, itemValues?.latestReadingAt),
        index,
        modelValues: model.dataValues,
        itemValues: itemValues?.values,
        defaultLanguage,
        publishedLanguages,
      });
      const [result] = await publishOwners(tx, {
        organizationId,
        userId: actor.userId,
        owners: [{ ownerKind: owner.kind, ownerId: owner.id, modelId, assembled }],
      });
      published = result && {
        version: result.version,
        hash: result.hash,
        previousHash: result.previousHash,
        publishedAt: result.publishedAt,
      };
      return false;
    }),
  );
  if (!published) throw new Error("publishOwners answered nothing for one owner");
  return published;
}
