import { answerDataValues } from "~/domain/list-value";
import type { TItem, TItemSummary } from "~/domain/item-schema";
import type { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";
import { readDataValues } from "~/server/services/data-values/internal/data-value-sql";

/** The columns an Item response needs besides its data values; the one place an item row becomes the contract. */
export const itemSelect = {
  id: true,
  modelId: true,
  templateId: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  uniqueProductIdentifiers: { select: { uuid: true, value: true }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.ItemSelect;

export type ItemRow = Prisma.ItemGetPayload<{ select: typeof itemSelect }>;

export function toItemSummaryDto(row: ItemRow): TItemSummary {
  return {
    id: row.id,
    modelId: row.modelId,
    templateId: row.templateId,
    uniqueProductIdentifiers: row.uniqueProductIdentifiers,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toItemDto(row: ItemRow, dataValues: TItem["dataValues"]): TItem {
  return { ...toItemSummaryDto(row), dataValues };
}

/** The item as the contract answers it, read inside the caller's transaction so it shows the caller's write. */
export async function readItem(db: Tx, itemId: string): Promise<TItem> {
  const row = await db.item.findUniqueOrThrow({ where: { id: itemId }, select: itemSelect });
  const values = await readDataValues(db, { kind: "item", id: itemId, modelId: row.modelId });
  // A list field's value is answered as the array of its entries (docs/field-options.md §Lists).
  return toItemDto(row, answerDataValues(await loadTemplateIndex(db, row.templateId), values));
}
