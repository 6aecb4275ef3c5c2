import { dueSnapshots, statusFields } from "~/domain/status-snapshot";
import type { TemplateIndex } from "~/domain/template-index";
import type { Tx } from "~/server/db/transaction";
import { passportItemValues } from "~/server/services/readings/internal/passport-item-values";

/**
 * Takes the status snapshots the items' values are due after a write (docs/readings.md §Status snapshots), inside
 * the write's transaction with the items locked: for each field with `snapshot: "true"` whose value (as the
 * passport shows it: a reading's latest value counts) differs from its latest snapshot's, the item's values of the
 * field's top-level section. Called where every write of item values ends — writePassportDataIn, writeManyItemsDataIn
 * and writeReadings — so a change by any sender is seen, and decided here once. Costs nothing for a template
 * without a status field. `publish`, when given, publishes the changed items' next versions first, and each
 * snapshot names its version. Answers each item that got a snapshot, with that version.
 */
export async function takeStatusSnapshots(
  tx: Tx,
  itemIds: readonly string[],
  index: TemplateIndex,
  publish?: (itemIds: string[]) => Promise<ReadonlyMap<string, number>>,
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
  const versions = publish ? await publish(changed) : new Map<string, number>();
  await tx.itemStatusSnapshot.createMany({
    data: due.map(({ itemId, dataSectionId, dataFieldId, status, values }) => ({
      ...{ itemId, dataSectionId, dataFieldId, status, values },
      passportVersion: versions.get(itemId) ?? null,
    })),
  });
  return changed.map((itemId) => ({ itemId, passportVersion: versions.get(itemId) ?? null }));
}
