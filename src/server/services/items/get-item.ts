import type { TItem } from "~/domain/item-schema";
import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { assertItemVisible } from "~/server/services/items/internal/find-item";
import { readItem } from "~/server/services/items/internal/item-dto";

export type GetItemOptions = { actor: Actor; organizationId: string; modelId: string; itemId: string };

/** One item with its data values, read in one transaction so values and version agree. */
export async function getItem({ actor, ...ref }: GetItemOptions): Promise<TItem> {
  assertMemberOf(actor, ref.organizationId);
  return inTransaction(async (tx) => {
    await assertItemVisible(tx, ref);
    return readItem(tx, ref.itemId);
  });
}
