import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TRegistryRecordAnswer } from "~/domain/registry-record";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";
import { recordOf } from "~/server/services/registry/internal/record-of";
import { registryRows } from "~/server/services/registry/internal/registry-rows";

export type GetRegistryRecordOptions = { actor: Actor; organizationId: string; owner: PassportDataOwner };

/**
 * The EU registry record of a model's or an item's passport (docs/versions.md §EU registry): `{record, versionHash,
 * problems}`; 409 listing each setting still to fill; another organization's model or item is 404.
 */
export async function getRegistryRecord({ actor, organizationId, owner }: GetRegistryRecordOptions): Promise<TRegistryRecordAnswer> {
  assertMemberOf(actor, organizationId);
  const modelId = owner.kind === "model" ? owner.id : owner.modelId;
  const items = owner.kind === "item" ? { itemId: owner.id, limit: 1 } : undefined;
  const [row] = await registryRows(getDb(), { organizationId, modelId, items });
  if (!row) throw new AppError("NOT_FOUND", owner.kind === "model" ? "Model not found." : "Item not found.");
  return recordOf(row, owner.kind === "model" ? "MODEL" : "ITEM");
}
