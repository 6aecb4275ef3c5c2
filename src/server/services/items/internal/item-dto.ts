import { answerDataValues } from "~/domain/list-value";
import type { TItem, TItemSummary } from "~/domain/item-schema";
import type { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";
import { hotStatement } from "~/server/db/hot-statement";
import type { Tx } from "~/server/db/transaction";
import {
  type AnswerReader,
  answeredValuesText,
  identifiersSql,
  type OwnerAnswerParts,
  type ValueGroupRow,
  valueGroupsSql,
} from "~/server/services/internal/owner-answer";
import { grantedSectionsOf } from "~/server/services/partner-grants/internal/granted-values";
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

/**
 * The item's row and its values per group in one statement (so the version, the ETag, describes the values sent):
 * the item of this model and organization (`$2`, `$3`; null for any, inside a write that checked them).
 * Timestamps as instants (UTC).
 */
const FIND_ITEM_SQL = `
  SELECT i."id"::text AS "id", i."modelId"::text AS "modelId", i."templateId"::text AS "templateId", i."version",
         i."createdAt" AT TIME ZONE 'UTC' AS "createdAt", i."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt",
         ${identifiersSql("itemId", `i."id"`)},
         ${valueGroupsSql("item_data_value", "itemId", `i."id"`)}
  FROM "item" AS i
  WHERE i."id" = $1::uuid AND ($2::uuid IS NULL OR i."modelId" = $2::uuid) AND ($3::text IS NULL OR i."organizationId" = $3::text)`;
const findPrepared = hotStatement<ItemRecord>("find_item", FIND_ITEM_SQL);

type ItemRecord = ItemRow & { valueGroups: ValueGroupRow[] | null };

/**
 * readItem's answer in parts (OwnerAnswerParts), its values' JSON written straight from the statement's groups
 * (answeredValuesText), the values of the sections a partner was granted only; undefined when there is no such item
 * (of that model and organization, when given).
 */
export async function findItemAnswer(
  db: Tx,
  itemId: string,
  { modelId, organizationId, partner }: AnswerReader & { modelId?: string },
): Promise<OwnerAnswerParts<TItemSummary> | undefined> {
  const params = [itemId, modelId ?? null, organizationId ?? null];
  const [record] = await (db === getDb() ? findPrepared(params) : db.$queryRawUnsafe<ItemRecord[]>(FIND_ITEM_SQL, ...params));
  if (!record) return undefined;
  const index = await loadTemplateIndex(db, record.templateId);
  return {
    summary: toItemSummaryDto(record),
    values: answeredValuesText(index, record.valueGroups, grantedSectionsOf(index, partner)),
  };
}
