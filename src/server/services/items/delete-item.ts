import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { lockOwner } from "~/server/services/internal/passport-data-owner";

export type DeleteItemOptions = { actor: Actor; organizationId: string; modelId: string; itemId: string; ifMatch?: number };

/**
 * Deletes an item and its data values. Its identifiers are retired, not deleted: a passport printed on a product
 * must never come to name another one, so their values stay taken in the organization. The item's passport answers
 * 404 from the next read on: its identifier is retired (passport-cache.ts checks that on every read).
 */
export async function deleteItem({ actor, organizationId, modelId, itemId, ifMatch }: DeleteItemOptions): Promise<void> {
  assertMayDo(actor, organizationId, "writeData");
  await inTransaction(async (tx) => {
    // The item's row lock is the one every write to it takes first; `ifMatch` is checked under it (412 when stale).
    await lockOwner(tx, { organizationId, owner: { kind: "item", id: itemId, modelId }, ifMatch });
    await tx.$executeRaw`
      UPDATE "unique_product_identifier" SET "retiredAt" = now(), "itemId" = NULL WHERE "itemId" = ${itemId}::uuid`;
    await tx.$executeRaw`DELETE FROM "item" WHERE "id" = ${itemId}::uuid`;
  });
}
