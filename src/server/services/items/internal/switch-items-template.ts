import { AppError } from "~/domain/app-error";
import { dataValueIssue, storedLanguage, type TDataValue, tripleKey, withStoredLanguage } from "~/domain/data-value";
import { decodeInnerRows, encodeInnerRows, rowPathText } from "~/domain/row-path";
import { movedToTemplate, valuesKeptOnTemplateChange, valuesLostOnTemplateChange } from "~/domain/model-data-values";
import type { Tx } from "~/server/db/transaction";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

type ItemValue = TDataValue & { itemId: string };

/** The most lost values a conflict lists; a model with many items could otherwise answer megabytes. */
const MAX_LISTED = 1000;

/**
 * Moves every item of a model to the model's new template, by the model's rule (movedToTemplate): a non-null item
 * value with no place in the new template blocks the switch (409 listing them), empty ones are dropped, new Item-level fields get nulls.
 * The items are locked first, so no item write slips in between; each item's version moves on.
 */
export async function switchItemsTemplate(tx: Tx, modelId: string, templateId: string, defaultLanguage: string): Promise<void> {
  const items = await tx.$queryRaw<{ id: string; templateId: string }[]>`
    SELECT "id"::text AS "id", "templateId"::text AS "templateId" FROM "item" WHERE "modelId" = ${modelId}::uuid ORDER BY "id" FOR UPDATE`;
  if (items.length === 0) return;
  const rows = await tx.$queryRaw<(Omit<ItemValue, "innerRows"> & { stored: string; inner: string })[]>`
    SELECT d."itemId"::text AS "itemId", d."dataSectionId"::text AS "dataSectionId",
           d."dataFieldId"::text AS "dataFieldId", d."row", d."innerRows" AS "inner", d."value", d."language" AS "stored"
    FROM "item_data_value" AS d JOIN "item" AS i ON i."id" = d."itemId"
    WHERE i."modelId" = ${modelId}::uuid`;
  const stored = rows.map(({ stored, inner, ...v }): ItemValue => {
    const innerRows = decodeInnerRows(inner);
    return withStoredLanguage(innerRows ? { ...v, innerRows } : v, stored);
  });
  const index = await loadTemplateIndex(tx, templateId);
  // The items follow their model's template: the first one's is every one's.
  const before = await loadTemplateIndex(tx, items[0]?.templateId ?? templateId);
  const current = stored.map((v) => movedToTemplate(v, before, index));
  const lostMoved = new Set(valuesLostOnTemplateChange(current, index, "Item"));
  // Listed where they are now, not where the new template would hold them.
  const lost = stored.filter((_, i) => lostMoved.has(current[i] as ItemValue));
  if (lost.length > 0) {
    throw new AppError(
      "CONFLICT",
      `Changing the template would lose ${lost.length} value${lost.length === 1 ? "" : "s"} of this model's items; clear them first.`,
      lost
        .slice(0, MAX_LISTED)
        .map((v) =>
          dataValueIssue(
            "$.templateId",
            `The value of field ${v.dataFieldId} in section ${v.dataSectionId}, row ${rowPathText(v)}, of item ${v.itemId} has no place in the new template`,
            v,
          ),
        ),
    );
  }
  const byItem = new Map<string, { stored: TDataValue[]; moved: TDataValue[] }>(
    items.map((item) => [item.id, { stored: [], moved: [] }]),
  );
  for (const [i, v] of stored.entries()) {
    byItem.get(v.itemId)?.stored.push(v);
    byItem.get(v.itemId)?.moved.push(current[i] as ItemValue);
  }
  const removed: ItemValue[] = [];
  const added: ItemValue[] = [];
  for (const [itemId, { stored: values, moved }] of byItem) {
    const kept = valuesKeptOnTemplateChange(moved, index, "Item", defaultLanguage);
    const keptKeys = new Set(kept.map(tripleKey));
    const currentKeys = new Set(values.map(tripleKey));
    for (const v of values) if (!keptKeys.has(tripleKey(v))) removed.push({ ...v, itemId });
    for (const v of kept) if (!currentKeys.has(tripleKey(v))) added.push({ ...v, itemId });
  }
  await tx.$executeRaw`
    DELETE FROM "item_data_value" AS d
    USING unnest(${removed.map((v) => v.itemId)}::uuid[], ${removed.map((v) => v.dataSectionId)}::uuid[],
                 ${removed.map((v) => v.dataFieldId)}::uuid[], ${removed.map((v) => v.row)}::int[],
                 ${removed.map((v) => encodeInnerRows(v.innerRows))}::text[], ${removed.map(storedLanguage)}::text[])
      AS t(i, s, f, r, ir, l)
    WHERE d."itemId" = t.i AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
      AND d."innerRows" = t.ir AND d."language" = t.l`;
  await tx.$executeRaw`
    INSERT INTO "item_data_value" ("itemId", "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value")
    SELECT t.i, t.s, t.f, t.r, t.ir, t.l, t.v
    FROM unnest(${added.map((v) => v.itemId)}::uuid[], ${added.map((v) => v.dataSectionId)}::uuid[],
                ${added.map((v) => v.dataFieldId)}::uuid[], ${added.map((v) => v.row)}::int[],
                ${added.map((v) => encodeInnerRows(v.innerRows))}::text[], ${added.map(storedLanguage)}::text[],
                ${added.map((v) => v.value)}::text[]) AS t(i, s, f, r, ir, l, v)`;
  await tx.$executeRaw`
    UPDATE "item" SET "templateId" = ${templateId}::uuid, "version" = "version" + 1, "updatedAt" = now()
    WHERE "modelId" = ${modelId}::uuid`;
}
