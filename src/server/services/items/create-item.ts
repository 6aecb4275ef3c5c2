import { AppError } from "~/domain/app-error";
import { findDuplicateValues } from "~/domain/identifier-values";
import type { TItem, TItemCreateRequest } from "~/domain/item-schema";
import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { insertItems, lockModelForItems } from "~/server/services/items/internal/insert-items";
import { readItem } from "~/server/services/items/internal/item-dto";

const issuePath = (i: number) => `$.uniqueProductIdentifiers[${i}].value`;

export type CreateItemOptions = { actor: Actor; organizationId: string; modelId: string; input: TItemCreateRequest };

/**
 * Creates one item of a model with the given identifiers, or one fresh UUID as its identifier, and a null for every
 * Item-level field outside repeaters.
 */
export async function createItem({ actor, organizationId, modelId, input }: CreateItemOptions): Promise<TItem> {
  assertMayDo(actor, organizationId, "writeData");
  const values = input.uniqueProductIdentifiers?.map((identifier) => identifier.value) ?? [crypto.randomUUID()];
  const duplicates = findDuplicateValues(values, issuePath);
  if (duplicates.length > 0) throw new AppError("VALIDATION", "The request names the same identifier more than once.", duplicates);
  return inTransaction(async (tx) => {
    const templateId = await lockModelForItems(tx, organizationId, modelId);
    const id = crypto.randomUUID();
    const identifiers = values.map((value) => ({ uuid: crypto.randomUUID(), value }));
    await insertItems(tx, {
      organizationId,
      modelId,
      templateId,
      items: [{ id, identifiers }],
      issuePath,
    });
    return readItem(tx, id);
  });
}
