import type { TItemListQuery, TItemSummary } from "~/domain/item-schema";
import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/domain/actor";
import { identifierSearchValues } from "~/domain/gs1/identifier-search";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { afterCursor, decodeCursor, encodeCursor, pageSize } from "~/server/services/internal/page-cursor";
import { itemSelect, toItemSummaryDto } from "~/server/services/items/internal/item-dto";
import { assertModelVisible } from "~/server/services/items/internal/find-item";

export type ListItemsOptions = { actor: Actor; organizationId: string; modelId: string; query: TItemListQuery };
export type ItemPage = { items: TItemSummary[]; nextCursor: string | null };

/**
 * Items of a model, newest first, by cursor (like models); `identifier` keeps the item holding that value in any form
 * it is shown or entered in (`identifierSearchValues`, docs/gs1.md).
 */
export async function listItems({ actor, organizationId, modelId, query }: ListItemsOptions): Promise<ItemPage> {
  assertMemberOf(actor, organizationId);
  const db = getDb();
  await assertModelVisible(db, organizationId, modelId);
  const config = getConfig();
  const limit = pageSize(query.limit, config);
  const where: Prisma.ItemWhereInput = {
    modelId,
    organizationId,
    // With the organization named, the lookup uses the (organizationId, value) unique index.
    ...(query.identifier
      ? { uniqueProductIdentifiers: { some: { organizationId, value: { in: identifierSearchValues(query.identifier) } } } }
      : {}),
    ...afterCursor(query.cursor ? decodeCursor(query.cursor) : undefined),
  };
  const rows = await db.item.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: itemSelect,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItemSummaryDto),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
