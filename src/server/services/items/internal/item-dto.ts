import { answerDataValues } from "~/domain/list-value";
import type { TItem, TItemSummary } from "~/domain/item-schema";
import type { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";
import { hotStatement } from "~/server/db/hot-statement";
import type { Tx } from "~/server/db/transaction";
import { answeredValuesSql } from "~/server/services/data-values/internal/answered-values-sql";
import {
  type AnswerReader,
  identifiersSql,
  type OwnerAnswerParts,
  type OwnerAnswerRow,
  readAnswerParts,
} from "~/server/services/internal/owner-answer";
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
 * The item as the contract answers it, its values as JSON text written by the database (owner-answer.ts), in one
 * statement: the item of this model and organization (`$2`, `$3`; null for any, inside a write that checked them),
 * its values for the template the caller believes it has (`$4`, answered-values-sql.ts). Timestamps as instants (UTC).
 */
const ANSWER_ITEM_SQL = `
  SELECT i."id"::text AS "id", i."modelId"::text AS "modelId", i."templateId"::text AS "templateId", i."version",
         i."createdAt" AT TIME ZONE 'UTC' AS "createdAt", i."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt",
         ${identifiersSql("itemId", `i."id"`)},
         CASE WHEN i."templateId" = $4::uuid THEN ${answeredValuesSql("item_data_value", "itemId", `i."id"`, 5)} END AS "dataValues"
  FROM "item" AS i
  WHERE i."id" = $1::uuid AND ($2::uuid IS NULL OR i."modelId" = $2::uuid) AND ($3::text IS NULL OR i."organizationId" = $3::text)`;
const answerRecord = hotStatement<ItemAnswerRecord>("answer_item", ANSWER_ITEM_SQL);

type ItemAnswerRecord = ItemRow & OwnerAnswerRow;

/**
 * readItem's answer with its values as JSON text written by the database (OwnerAnswerParts), the values of the
 * sections a partner was granted only; undefined when there is no such item (of that model and organization, when
 * given).
 */
export function findItemAnswer(
  db: Tx,
  itemId: string,
  { modelId, organizationId, partner, templateId: knownTemplateId }: AnswerReader & { modelId?: string },
): Promise<OwnerAnswerParts<TItemSummary> | undefined> {
  return readAnswerParts(
    db,
    { ownerId: itemId, partner, templateId: knownTemplateId },
    async (templateId: string | null, formParams: unknown[]) => {
      const params = [itemId, modelId ?? null, organizationId ?? null, templateId, ...formParams];
      const [record] = await (db === getDb()
        ? answerRecord(params)
        : db.$queryRawUnsafe<ItemAnswerRecord[]>(ANSWER_ITEM_SQL, ...params));
      return record;
    },
    toItemSummaryDto,
  );
}
