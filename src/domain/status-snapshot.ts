import { z } from "zod";
import type { TDataValue } from "~/domain/data-value";
import { isSnapshotField } from "~/domain/field-options";
import { ZDataValue, ZPageLimit } from "~/domain/model-schema";
import { fieldLevel, type TemplateIndex } from "~/domain/template-index";
import { ZUuid } from "~/domain/uuid";

/**
 * Status snapshots (docs/readings.md §Status snapshots, Annex XIII point 4(c)): a field with the option
 * `snapshot: "true"` is a status; each change of an item's value of it keeps the item's values of the field's
 * top-level section (the point 4 values of a battery passport) as they then were. Pure: which snapshots a write is
 * due, given the values after it and the latest snapshot of each status.
 */

export const ZStatusSnapshot = z.object({
  id: ZUuid,
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  /** The status the item changed to (null: cleared). */
  status: z.string().nullable(),
  /** When the change was written. */
  takenAt: z.string(),
  /** The passport version published with the change, when the sender asked for one. */
  passportVersion: z.number().int().nullable(),
  /** The item's values of the status field's top-level section after the change, as its passport showed them. */
  values: z.array(ZDataValue),
});
export type TStatusSnapshot = z.infer<typeof ZStatusSnapshot>;

export const ZStatusSnapshotQuery = z.object({
  limit: ZPageLimit,
});

/** A status field of a template: Item-level, outside repeaters (one value to change), and its top-level section. */
type StatusField = { dataSectionId: string; dataFieldId: string; rootSectionId: string };

const statusFieldsCache = new WeakMap<TemplateIndex, StatusField[]>();

export function statusFields(index: TemplateIndex): StatusField[] {
  const cached = statusFieldsCache.get(index);
  if (cached) return cached;
  const found: StatusField[] = [];
  for (const [dataSectionId, entry] of index.sections) {
    if (entry.repeaterId !== null) continue;
    for (const field of entry.section.dataFields) {
      if (isSnapshotField(field) && fieldLevel(entry, field) === "Item")
        found.push({ dataSectionId, dataFieldId: field.id, rootSectionId: rootOf(index, dataSectionId) });
    }
  }
  statusFieldsCache.set(index, found);
  return found;
}

function rootOf(index: TemplateIndex, sectionId: string): string {
  let id = sectionId;
  for (let parent = index.sections.get(id)?.section.parentId; parent && index.sections.has(parent);) {
    id = parent;
    parent = index.sections.get(id)?.section.parentId;
  }
  return id;
}

export type DueSnapshot = { itemId: string; dataSectionId: string; dataFieldId: string; status: string | null; values: TDataValue[] };

/**
 * The snapshots an item's values are due: one per status whose value differs from its latest snapshot's (a status
 * first set counts; one never set does not). `latest` holds the latest snapshot's status by `item|field`.
 */
export function dueSnapshots(
  index: TemplateIndex,
  itemId: string,
  values: readonly TDataValue[],
  latest: ReadonlyMap<string, string | null>,
): DueSnapshot[] {
  const due: DueSnapshot[] = [];
  for (const status of statusFields(index)) {
    const current =
      values.find((v) => v.dataSectionId === status.dataSectionId && v.dataFieldId === status.dataFieldId && v.row === 0)?.value ??
      null;
    const key = `${itemId}|${status.dataFieldId}`;
    if (latest.has(key) ? latest.get(key) === current : current === null) continue;
    const inSection = new Set(index.orderedSectionIds.filter((id) => rootOf(index, id) === status.rootSectionId));
    const sectionValues = values.filter((v) => inSection.has(v.dataSectionId));
    due.push({ itemId, dataSectionId: status.dataSectionId, dataFieldId: status.dataFieldId, status: current, values: sectionValues });
  }
  return due;
}
