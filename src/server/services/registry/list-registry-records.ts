import type { Actor } from "~/domain/actor";
import { missingRegistrySettings, type TRegistryRecordsQuery } from "~/domain/registry-record";
import { assertMemberOf } from "~/server/services/access";
import { ownerPassport } from "~/server/services/aas/internal/owner-passport";
import { listItems } from "~/server/services/items/list-items";
import {
  latestVersionHashes,
  missingSettingsError,
  recordOf,
  type RegistryRecordAnswer,
  registrySettings,
} from "~/server/services/registry/get-registry-record";

export type ListRegistryRecordsOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  query: TRegistryRecordsQuery;
};

export type RegistryRecordPage = { items: (RegistryRecordAnswer & { itemId: string })[]; nextCursor: string | null };

/**
 * The registry records of a model's items, a page at a time (newest first, the items list's cursor): what an
 * operator submits to the registry in bulk. The settings are read once for the page; one missing is 409 as for one.
 */
export async function listRegistryRecords({
  actor,
  organizationId,
  modelId,
  query,
}: ListRegistryRecordsOptions): Promise<RegistryRecordPage> {
  assertMemberOf(actor, organizationId);
  const page = await listItems({ actor, organizationId, modelId, query });
  const settings = await registrySettings(organizationId, modelId);
  const missing = missingRegistrySettings(modelId, settings.organization, settings.model);
  if (missing.length > 0) throw missingSettingsError(missing);
  const hashes = await latestVersionHashes(page.items.map((item) => item.id));
  const records = [];
  for (const item of page.items) {
    const passport = await ownerPassport(organizationId, { kind: "item", id: item.id, modelId });
    records.push({ itemId: item.id, ...recordOf(passport, settings, hashes.get(item.id) ?? null) });
  }
  return { items: records, nextCursor: page.nextCursor };
}
