import type { Tx } from "~/server/db/transaction";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";
import { assertItemVisible, assertModelVisible } from "~/server/services/items/internal/find-item";

/** Another organization's model or item, or an item of another model, is not found, like a missing one. */
export async function assertOwnerVisible(db: Tx, organizationId: string, owner: PassportDataOwner): Promise<void> {
  if (owner.kind === "item") await assertItemVisible(db, { organizationId, modelId: owner.modelId, itemId: owner.id });
  else await assertModelVisible(db, organizationId, owner.id);
}
