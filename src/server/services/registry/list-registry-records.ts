import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TRegistryRecordsPage } from "~/domain/registry-record";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { recordOf } from "~/server/services/registry/internal/record-of";
import { registryRows } from "~/server/services/registry/internal/registry-rows";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";

export type ListRegistryRecordsOptions = { actor: Actor; organizationId: string; modelId: string; limit: number; cursor?: string };

/** The registry records of a model's items, `limit` at a time in id order, one query per page (docs/versions.md). */
export async function listRegistryRecords({
  actor,
  organizationId,
  modelId,
  limit,
  cursor,
}: ListRegistryRecordsOptions): Promise<TRegistryRecordsPage> {
  assertMemberOf(actor, organizationId);
  await assertModelInOrganization({ actor, organizationId, modelId });
  const rows = await registryRows(getDb(), { organizationId, modelId, items: { cursor, limit: limit + 1 } });
  const page = rows.slice(0, limit);
  const records = page.map((row) => {
    if (!row.uuid) throw new AppError("CONFLICT", `Item ${row.ownerId} has no unique product identifier in use.`);
    return { itemId: row.ownerId, ...recordOf(row, "ITEM") };
  });
  return { records, nextCursor: rows.length > limit ? (page.at(-1)?.ownerId ?? null) : null };
}
