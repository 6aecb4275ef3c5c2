import type { TDataValue } from "~/domain/data-value";
import { movedToTemplate } from "~/domain/model-data-values";
import { decodeInnerRows } from "~/domain/row-path";
import { type TLostValue, upgradeLossReason } from "~/domain/template-upgrade";
import type { Tx } from "~/server/db/transaction";
import { readDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/** The most lost values listed; a model with many items could otherwise answer megabytes. */
export const MAX_LOST_LISTED = 1000;

/** The non-null values of the model and of its items that moving from one template to the other would lose. */
export async function upgradeLosses(
  tx: Tx,
  { modelId, fromTemplateId, toTemplateId }: { modelId: string; fromTemplateId: string; toTemplateId: string },
): Promise<TLostValue[]> {
  const from = await loadTemplateIndex(tx, fromTemplateId);
  const to = await loadTemplateIndex(tx, toTemplateId);
  const lost: TLostValue[] = [];
  const check = (v: TDataValue, itemId: string | null) => {
    // Judged where the new version holds it (movedToTemplate), listed where it is now.
    const reason = upgradeLossReason(movedToTemplate(v, from, to), from, to, itemId === null ? "Model" : "Item");
    if (reason) {
      const { dataSectionId, dataFieldId, row, innerRows, value } = v;
      lost.push({ dataSectionId, dataFieldId, row, ...(innerRows && { innerRows }), value, itemId, reason });
    }
  };
  for (const v of await readDataValues(tx, { kind: "model", id: modelId })) check(v, null);
  const itemValues = await tx.$queryRaw<(TDataValue & { itemId: string; inner: string })[]>`
    SELECT d."itemId"::text AS "itemId", d."dataSectionId"::text AS "dataSectionId",
           d."dataFieldId"::text AS "dataFieldId", d."row", d."innerRows" AS "inner", d."value"
    FROM "item_data_value" AS d JOIN "item" AS i ON i."id" = d."itemId"
    WHERE i."modelId" = ${modelId}::uuid AND d."value" IS NOT NULL
    ORDER BY d."itemId", d."dataSectionId", d."dataFieldId", d."row", d."innerRows"`;
  for (const { inner, ...v } of itemValues) {
    const innerRows = decodeInnerRows(inner);
    check(innerRows ? { ...v, innerRows } : v, v.itemId);
  }
  return lost;
}
