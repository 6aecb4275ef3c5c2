import { widenIdentifierColumns } from "~/server/services/items/internal/identifier-columns";
import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import type { TItem } from "~/domain/item-schema";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { assertItemVisible } from "~/server/services/items/internal/find-item";
import { assertValuesFree } from "~/server/services/items/internal/insert-items";
import { readItem } from "~/server/services/items/internal/item-dto";

/** As many identifiers as an item may be created with (ZItemCreateRequest). */
export const MAX_ITEM_IDENTIFIERS = 100;

export type AddItemIdentifierOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  itemId: string;
  /** The stored form (ZIdentifierValue): a GS1 key in its Digital Link path, anything else as given. */
  value: string;
};

/**
 * Gives an existing item one more identifier — typically its GS1 key (GTIN with serial) once it is known, for an
 * item made by count with a generated one. The value must be free in the organization (409 naming it otherwise);
 * the new identifier is a passport of the item with its own uuid, and its GS1 key resolves to it (docs/gs1.md).
 * The item's version is unchanged: identifiers are not passport data, so an editor open on the item can still save.
 */
export async function addItemIdentifier({ actor, organizationId, modelId, itemId, value }: AddItemIdentifierOptions): Promise<TItem> {
  assertMayDo(actor, organizationId, "writeData");
  return inTransaction(async (tx) => {
    await assertItemVisible(tx, { organizationId, modelId, itemId });
    const held = await tx.uniqueProductIdentifier.count({ where: { itemId } });
    if (held >= MAX_ITEM_IDENTIFIERS) {
      throw new AppError("VALIDATION", `An item may have at most ${MAX_ITEM_IDENTIFIERS} identifiers.`);
    }
    const issuePath = () => "$.value";
    await assertValuesFree(tx, { organizationId, values: [value], issuePath });
    const inserted = await tx.$executeRaw`
      INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value", "itemId")
      VALUES (${crypto.randomUUID()}::uuid, ${organizationId}, ${value}, ${itemId}::uuid)
      ON CONFLICT DO NOTHING`;
    // Taken between the check and the insert by a concurrent request: still a conflict, never a 500.
    if (inserted === 0) await assertValuesFree(tx, { organizationId, values: [value], issuePath });
    await widenIdentifierColumns(tx, modelId, held + 1);
    return readItem(tx, itemId);
  });
}
