import type { Actor } from "~/domain/actor";
import { dueSnapshots, statusFields } from "~/domain/status-snapshot";
import type { TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { itemsToPublish } from "~/server/services/passport-versions/internal/items-to-publish";
import { publishOwners } from "~/server/services/passport-versions/internal/publish-owners";
import { passportItemValues } from "~/server/services/readings/internal/passport-item-values";

export type TakeStatusSnapshotsOptions = {
  /** Who wrote: the publisher of the versions a status change publishes. */
  actor: Actor;
  organizationId: string;
  modelId: string;
  /** The items written, locked by the write. */
  itemIds: readonly string[];
  index: TemplateIndex;
  /** The sender asked to publish on a status change (a readings request's `?publish=true`). */
  isPublishRequested?: boolean;
};

/**
 * Takes the status snapshots the items' values are due after a write (docs/readings.md §Status snapshots), inside
 * the write's transaction with the items locked: for each field with `snapshot: "true"` whose value (as the
 * passport shows it: a reading's latest value counts) differs from its latest snapshot's, the item's values of the
 * field's top-level section. Called where every write of item values ends — the one write path's last step
 * (write-passport-data.ts) and writeReadings — so a change by any sender is seen, and decided here once. Costs nothing for a template
 * without a status field.
 *
 * Whether a status change publishes the item's next version is decided here too, so that every sender follows it:
 * when the model's setting `publishOnStatusChange` is on, or the sender asked for it; each snapshot then names its
 * version. Answers each item that got a snapshot, with that version.
 */
export async function takeStatusSnapshots(
  tx: Tx,
  { actor, organizationId, modelId, itemIds, index, isPublishRequested = false }: TakeStatusSnapshotsOptions,
): Promise<{ itemId: string; passportVersion: number | null }[]> {
  if (itemIds.length === 0 || statusFields(index).length === 0) return [];
  const values = await passportItemValues(tx, itemIds);
  const latest = await tx.$queryRaw<{ key: string; status: string | null }[]>`
    SELECT DISTINCT ON ("itemId", "dataFieldId") "itemId"::text || '|' || "dataFieldId"::text AS "key", "status"
    FROM "item_status_snapshot" WHERE "itemId" = ANY(${itemIds}::uuid[])
    ORDER BY "itemId", "dataFieldId", "takenAt" DESC, "id" DESC`;
  const latestByKey = new Map(latest.map((row) => [row.key, row.status]));
  const due = itemIds.flatMap((id) => dueSnapshots(index, id, values.get(id)?.values ?? [], latestByKey));
  if (due.length === 0) return [];
  const changed = [...new Set(due.map((d) => d.itemId))];
  const isPublishing = isPublishRequested || (await publishesOnStatusChange(tx, modelId));
  const versions = isPublishing
    ? await publishItems(tx, { actor, organizationId, modelId, index }, changed)
    : new Map<string, number>();
  await tx.itemStatusSnapshot.createMany({
    data: due.map(({ itemId, dataSectionId, dataFieldId, status, values }) => ({
      ...{ itemId, dataSectionId, dataFieldId, status, values },
      passportVersion: versions.get(itemId) ?? null,
    })),
  });
  return changed.map((itemId) => ({ itemId, passportVersion: versions.get(itemId) ?? null }));
}

async function publishesOnStatusChange(tx: Tx, modelId: string): Promise<boolean> {
  const model = await tx.model.findUnique({ where: { id: modelId }, select: { publishOnStatusChange: true } });
  return model?.publishOnStatusChange ?? false;
}

/** The next version of each item, in the write's transaction (the items are locked): the version each snapshot names. */
async function publishItems(
  tx: Tx,
  { actor, organizationId, modelId, index }: { actor: Actor; organizationId: string; modelId: string; index: TemplateIndex },
  itemIds: string[],
): Promise<Map<string, number>> {
  const owners = await itemsToPublish(tx, { organizationId, modelId, itemIds, index });
  const published = await publishOwners(tx, { organizationId, userId: actor.userId, owners });
  return new Map(published.map((p) => [p.ownerId, p.version]));
}
