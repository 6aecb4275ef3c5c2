import { AppError } from "~/domain/app-error";
import { findDuplicateValues } from "~/domain/identifier-values";
import type { TItemBulkCreateRequest, TItemBulkCreateResponse } from "~/domain/item-schema";
import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { insertItems, lockModelForItems, type NewItem } from "~/server/services/items/internal/insert-items";

export type BulkCreateItemsOptions = { actor: Actor; organizationId: string; modelId: string; input: TItemBulkCreateRequest };

const issuePath = (i: number) => `$.identifiers[${i}]`;

/**
 * Creates up to 10,000 items of a model in one transaction: `count` items with a fresh UUID identifier each, or
 * one item per given identifier value. All or nothing: a value given twice is a 400, a value already taken in the
 * organization a 409, each listed.
 */
export async function bulkCreateItems({
  actor,
  organizationId,
  modelId,
  input,
}: BulkCreateItemsOptions): Promise<TItemBulkCreateResponse> {
  assertMayDo(actor, organizationId, "writeData");
  const values = "count" in input ? Array.from({ length: input.count }, () => crypto.randomUUID()) : input.identifiers;
  const duplicates = findDuplicateValues(values, issuePath);
  if (duplicates.length > 0) {
    throw new AppError(
      "VALIDATION",
      `${duplicates.length} identifier${duplicates.length === 1 ? " is" : "s are"} given more than once; nothing was created.`,
      duplicates,
    );
  }
  const items: NewItem[] = values.map((value) => ({
    id: crypto.randomUUID(),
    identifiers: [{ uuid: crypto.randomUUID(), value }],
  }));
  return inTransaction(async (tx) => {
    const templateId = await lockModelForItems(tx, organizationId, modelId);
    return insertItems(tx, { organizationId, modelId, templateId, items, issuePath });
  });
}
