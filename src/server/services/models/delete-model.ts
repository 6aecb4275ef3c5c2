import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { lockOwner } from "~/server/services/internal/passport-data-owner";

export type DeleteModelOptions = { actor: Actor; organizationId: string; modelId: string; ifMatch?: number };

/**
 * Deletes a model with its data values and its items (with theirs), in one transaction. The identifiers of the
 * model and of its items are retired, not deleted, as when an item is deleted: a passport printed on a product must
 * never come to name another one, so their values stay taken in the organization.
 */
export async function deleteModel({ actor, organizationId, modelId, ifMatch }: DeleteModelOptions): Promise<void> {
  assertMayDo(actor, organizationId, "writeData");
  await inTransaction(async (tx) => {
    // The model's row lock is the one every write to it takes first, so no write of the model runs alongside.
    await lockOwner(tx, { organizationId, owner: { kind: "model", id: modelId }, ifMatch });
    await tx.$executeRaw`
      UPDATE "unique_product_identifier" SET "retiredAt" = now(), "modelId" = NULL, "itemId" = NULL
      WHERE "modelId" = ${modelId}::uuid
         OR "itemId" IN (SELECT "id" FROM "item" WHERE "modelId" = ${modelId}::uuid)`;
    // Items, their values and the model's values go with it (ON DELETE CASCADE).
    await tx.$executeRaw`DELETE FROM "model" WHERE "id" = ${modelId}::uuid`;
  });
}
