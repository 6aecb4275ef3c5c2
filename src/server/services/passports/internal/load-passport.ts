import { assemblePassport } from "~/domain/passport";
import { inTransaction } from "~/server/db/transaction";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import { itemSelect } from "~/server/services/items/internal/item-dto";
import { type LoadedPassport, PASSPORT_EPOCH } from "~/server/services/passports/internal/passport-cache";
import { findPassportModel, passportHeader } from "~/server/services/passports/internal/passport-header";
import { passportReadingCharts } from "~/server/services/readings/internal/passport-reading-charts";
import { passportItemValues } from "~/server/services/readings/internal/passport-item-values";
import { latestPublished } from "~/server/services/passport-versions/internal/version-sql";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

type IdentifierRow = { organizationId: string; modelId: string | null; itemId: string | null; epoch: string | null };

/**
 * The passport an identifier in use opens, assembled with every field its owner holds; null for an unknown or retired
 * identifier. One snapshot (repeatable read), so the model's and the item's versions and passport epochs describe
 * the values read (passport-cache.ts compares the epochs on every later read). The latest published version is read in
 * the same snapshot: publishing advances the owner's epoch, so the entry shows it from the next read on.
 */
export async function loadPassport(uuid: string): Promise<LoadedPassport | null> {
  return inTransaction(
    async (tx) => {
      const [identifier] = await tx.$queryRaw<IdentifierRow[]>`
        SELECT u."organizationId", COALESCE(u."modelId", i."modelId")::text AS "modelId", u."itemId"::text AS "itemId",
          ${PASSPORT_EPOCH} AS "epoch"
        FROM "unique_product_identifier" AS u
          LEFT JOIN "item" AS i ON i."id" = u."itemId"
          LEFT JOIN "model" AS m ON m."id" = COALESCE(u."modelId", i."modelId")
          LEFT JOIN "organization" AS o ON o."id" = m."organizationId"
        WHERE u."uuid" = ${uuid}::uuid AND u."retiredAt" IS NULL`;
      if (!identifier?.modelId || identifier.epoch === null) return null;
      const { organizationId, modelId, itemId, epoch } = identifier;
      const model = await findPassportModel(tx, modelId, organizationId);
      if (!model) return null;
      const item = itemId ? await tx.item.findUnique({ where: { id: itemId }, select: itemSelect }) : null;
      if (itemId && !item) return null;
      const index = await loadTemplateIndex(tx, model.templateId);
      const itemValues = item ? (await passportItemValues(tx, [item.id])).get(item.id) : undefined;
      const languages = await readLanguageSettings(tx, organizationId);
      const readingCharts = item ? await passportReadingCharts(tx, item.id) : [];
      const assembled = assemblePassport({
        header: passportHeader(uuid, model, item, itemValues?.latestReadingAt),
        index,
        modelValues: model.dataValues,
        itemValues: itemValues?.values,
        defaultLanguage: languages.defaultLanguage,
        publishedLanguages: languages.publishedLanguages,
      });
      const published = await latestPublished(tx, itemId ?? modelId);
      // The template the latest version was frozen with (templates are immutable): its AAS form is rebuilt with it.
      const frozenTemplateId = published?.documents.public.credentialSubject.passport.templateId;
      const publishedIndex =
        frozenTemplateId === undefined || frozenTemplateId === model.templateId
          ? index
          : await loadTemplateIndex(tx, frozenTemplateId);
      return { organizationId, modelId, epoch, languages, assembled, readingCharts, published, ...(published && { publishedIndex }) };
    },
    { isolationLevel: "RepeatableRead" },
  );
}
