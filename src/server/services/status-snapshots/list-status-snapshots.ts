import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TDataValue } from "~/domain/data-value";
import { answerDataValues } from "~/domain/list-value";
import type { TStatusSnapshot } from "~/domain/status-snapshot";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { pageSize } from "~/server/services/internal/page-cursor";
import { assertMayDo } from "~/server/services/access";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type ListStatusSnapshotsOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  itemId: string;
  /** The newest this many (the lists' one page size: the configured default, at most its maximum). */
  limit: number | undefined;
};

/**
 * An item's status snapshots, newest first (docs/readings.md §Status snapshots): for members of the organization
 * (403 otherwise), of an item of the model and the organization (404 otherwise). The values are answered as the
 * item's values are (answerDataValues, with the item's template).
 */
export async function listStatusSnapshots({
  actor,
  organizationId,
  modelId,
  itemId,
  limit,
}: ListStatusSnapshotsOptions): Promise<TStatusSnapshot[]> {
  assertMayDo(actor, organizationId, "read");
  const db = getDb();
  const item = await db.item.findFirst({ where: { id: itemId, modelId, organizationId }, select: { templateId: true } });
  if (!item) throw new AppError("NOT_FOUND", "Item not found.");
  const index = await loadTemplateIndex(db, item.templateId);
  const rows = await db.itemStatusSnapshot.findMany({
    where: { itemId },
    orderBy: [{ takenAt: "desc" }, { id: "desc" }],
    take: pageSize(limit, getConfig()),
  });
  return rows.map((row) => ({
    id: row.id,
    dataSectionId: row.dataSectionId,
    dataFieldId: row.dataFieldId,
    status: row.status,
    takenAt: row.takenAt.toISOString(),
    passportVersion: row.passportVersion,
    // Stored by takeStatusSnapshots from the values a passport showed, so always values.
    values: answerDataValues(index, row.values as TDataValue[]),
  }));
}
