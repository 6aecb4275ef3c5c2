import type { Actor } from "~/domain/actor";
import { AppError, type Issue, MAX_ISSUES } from "~/domain/app-error";
import {
  checkReadings,
  readingKey,
  readingPlaces,
  type StoredReading,
  type TFleetReadingInput,
  type TPlacedReading,
  type TReadingsWritten,
} from "~/domain/reading";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { assertReadingCount } from "~/server/services/readings/assert-reading-count";
import { assertItemVisible } from "~/server/services/items/internal/find-item";
import { type ConflictingReading, insertReadings } from "~/server/services/readings/internal/reading-sql";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";
import { takeStatusSnapshots } from "~/server/services/status-snapshots/internal/take-status-snapshots";
import { statusFields } from "~/domain/status-snapshot";
import type { TemplateIndex } from "~/domain/template-index";

/** A reading as sent: with its item (the fleet route), or without (the item route names the item). */
type ReadingInput = Omit<TFleetReadingInput, "itemId"> & { itemId?: string };

export type WriteReadingsOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  /** The item of `…/items/{itemId}/readings`; absent for the fleet route, whose readings each name their item. */
  itemId?: string;
  readings: readonly ReadingInput[];
  /** A status change publishes the item's next version with its snapshot; needs the right to write data (403). */
  publishOnStatusChange?: boolean;
};

/**
 * Appends timestamped readings of items' fields (docs/readings.md), one item's or a fleet's, all or nothing: every
 * reading is checked by the value rules (400 listing the problems), then all are stored in one statement. A reading
 * already stored with the same value is no error and stores nothing again; one stored with another value is a 409
 * naming it, and nothing of the request is stored. Readings are appended, never changed: the item's row is locked
 * (writers of an item's readings take turns) and its passport epoch advanced, but its version, the editor's If-Match,
 * stays.
 *
 * Its own operation, apart from the value writes: a key scoped to readings (issue 35, the battery management
 * system's key) may call this and nothing else that writes (`writeReadings` in access.ts).
 */
export async function writeReadings({
  actor,
  organizationId,
  modelId,
  itemId,
  readings,
  publishOnStatusChange = false,
}: WriteReadingsOptions): Promise<TReadingsWritten> {
  assertMayDo(actor, organizationId, "writeReadings");
  // Publishing is a write of the passport, beyond what a key scoped to readings may do.
  if (publishOnStatusChange) assertMayDo(actor, organizationId, "writeData");
  assertReadingCount(readings.length);
  const inputs = readings.map((r) => ({ ...r, itemId: itemId ?? r.itemId ?? "" }));
  return inTransaction(async (tx) => {
    const model = await tx.model.findFirst({ where: { id: modelId, organizationId }, select: { templateId: true } });
    if (!model) throw new AppError("NOT_FOUND", "Model not found.");
    if (itemId) await assertItemVisible(tx, { organizationId, modelId, itemId });
    const index = await loadTemplateIndex(tx, model.templateId);
    const { placed, issues: pathIssues } = readingPlaces(index, inputs);
    // A path that names no field leaves nothing to check the value against: those problems come alone.
    if (pathIssues.length > 0) throw new AppError("VALIDATION", "Some readings name no field; nothing was stored.", pathIssues);
    const checked = checkReadings(index, placed, new Date());
    const issues = itemId ? checked.issues : [...(await unknownItemIssues(tx, modelId, inputs)), ...checked.issues];
    if (issues.length > 0) throw new AppError("VALIDATION", "Some readings cannot be stored; nothing was stored.", issues);
    const { stored, conflicts } = await insertReadings(tx, checked.readings, MAX_ISSUES + 1);
    if (conflicts.length > 0) throw conflictError(placed, conflicts, itemId === undefined);
    const target = { actor, organizationId, modelId, index, publish: publishOnStatusChange };
    const statusSnapshots = stored > 0 ? await snapshotStatusChanges(tx, target, checked.readings) : [];
    return { received: readings.length, stored, ...(statusSnapshots.length > 0 && { statusSnapshots }) };
  });
}

/** The status snapshots the readings are due: those of the items with a reading of a `snapshot` field. */
async function snapshotStatusChanges(
  tx: Tx,
  target: { actor: Actor; organizationId: string; modelId: string; index: TemplateIndex; publish: boolean },
  readings: readonly StoredReading[],
): Promise<{ itemId: string; passportVersion: number | null }[]> {
  const statusIds = new Set(statusFields(target.index).map((f) => f.dataFieldId));
  const itemIds = [...new Set(readings.filter((r) => statusIds.has(r.dataFieldId)).map((r) => r.itemId))].sort();
  const { publish, ...rest } = target;
  return takeStatusSnapshots(tx, { ...rest, itemIds, isPublishRequested: publish });
}

/** The fleet route's readings must name items of the model (of the organization): each other one is an issue. */
async function unknownItemIssues(tx: Tx, modelId: string, inputs: readonly TFleetReadingInput[]): Promise<Issue[]> {
  const ids = [...new Set(inputs.map((r) => r.itemId))];
  const found = await tx.item.findMany({ where: { id: { in: ids }, modelId }, select: { id: true } });
  const known = new Set(found.map((item) => item.id));
  const issues: Issue[] = [];
  for (const [i, r] of inputs.entries()) {
    if (!known.has(r.itemId)) issues.push({ path: `$[${i}].itemId`, message: `Item ${r.itemId} is not an item of this model` });
    if (issues.length > MAX_ISSUES) break;
  }
  return issues;
}

/** 409 naming each reading already stored with another value, at the index it was sent at. */
function conflictError(inputs: readonly TPlacedReading[], conflicts: readonly ConflictingReading[], isFleet: boolean): AppError {
  const sentAt = new Map<string, number>();
  for (const [i, r] of inputs.entries()) {
    const key = readingKey({ ...r, at: new Date(r.at) });
    if (!sentAt.has(key)) sentAt.set(key, i);
  }
  const issues = conflicts.map((c): Issue => {
    const key = readingKey({ ...c, at: new Date(c.at) } satisfies Omit<StoredReading, "number" | "text">);
    const of = isFleet ? ` of item ${c.itemId}` : "";
    return {
      path: `$[${sentAt.get(key) ?? 0}].value`,
      message: `A reading of this field${of} at ${c.at} is already stored with another value; readings are never changed`,
      dataSectionId: c.dataSectionId,
      dataFieldId: c.dataFieldId,
    };
  });
  return new AppError("CONFLICT", "Some readings contradict stored ones; nothing was stored.", issues);
}
