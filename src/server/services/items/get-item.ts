import type { TItem } from "~/domain/item-schema";
import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDoOnModel } from "~/server/services/access";
import { assertItemVisible } from "~/server/services/items/internal/find-item";
import { readItem } from "~/server/services/items/internal/item-dto";
import { grantedValuesOnly } from "~/server/services/partner-grants/internal/granted-values";

export type GetItemOptions = { actor: Actor; organizationId: string; modelId: string; itemId: string };

/**
 * One item with its data values, read in one transaction so values and version agree; a partner organization's
 * member reads the values of the granted sections only.
 */
export async function getItem({ actor, ...ref }: GetItemOptions): Promise<TItem> {
  const partner = assertMayDoOnModel(actor, ref.organizationId, ref.modelId, "read");
  return inTransaction(async (tx) => {
    await assertItemVisible(tx, ref);
    return grantedValuesOnly(tx, partner, await readItem(tx, ref.itemId));
  });
}
