import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";

export type DeleteItemOptions = { actor: Actor; organizationId: string; modelId: string; itemId: string };

/**
 * Deletes an item and its data values. Its identifiers are retired, not deleted: a passport printed on a product
 * must never come to name another one, so their values stay taken in the organization. The item's passport answers
 * 404 from the next read on: its identifier is retired (passport-cache.ts checks that on every read).
 */
export async function deleteItem({ actor, organizationId, modelId, itemId }: DeleteItemOptions): Promise<void> {
  assertMemberOf(actor, organizationId);
  await inTransaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id"::text AS "id" FROM "item"
      WHERE "id" = ${itemId}::uuid AND "modelId" = ${modelId}::uuid AND "organizationId" = ${organizationId}
      FOR UPDATE`;
    if (locked.length === 0) throw new AppError("NOT_FOUND", "Item not found.");
    await tx.$executeRaw`
      UPDATE "unique_product_identifier" SET "retiredAt" = now(), "itemId" = NULL WHERE "itemId" = ${itemId}::uuid`;
    await tx.$executeRaw`DELETE FROM "item" WHERE "id" = ${itemId}::uuid`;
  });
}
