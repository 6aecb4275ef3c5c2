import { tripleKey } from "~/domain/data-value";
import { decodeInnerRows } from "~/domain/row-path";
import { ascendingUuids } from "~/domain/uuid";
import { AppError } from "~/domain/app-error";
import type { ItemImportPlan, PlannedItem } from "~/domain/spreadsheet/item-import-plan";
import type { Tx } from "~/server/db/transaction";

/** A planned item and what it is in the database: an existing item of the model to update, or a new one. */
export type ImportTarget = {
  item: PlannedItem;
  /** The existing item the row's identifiers name; null for a new item. */
  itemId: string | null;
  /** Identifiers of the row the existing item does not hold yet (all of them for a new item). */
  newIdentifiers: string[];
};

type Holder = { value: string; itemId: string | null; itemModelId: string | null };

/**
 * Matches each planned item to the database by its identifiers (docs/spreadsheets.md, Matching): an identifier held
 * by an item of this model makes the row an update of that item; one held by anything else in the organization (a
 * model, another model's item, a retired item) is a problem, as is a row naming two different items. Problems are
 * added to the plan's list.
 */
export async function importTargets(db: Tx, organizationId: string, modelId: string, plan: ItemImportPlan): Promise<ImportTarget[]> {
  const values = plan.items.flatMap((item) => item.identifiers);
  const holders = await db.$queryRaw<Holder[]>`
    SELECT u."value", u."itemId"::text AS "itemId", i."modelId"::text AS "itemModelId"
    FROM "unique_product_identifier" AS u LEFT JOIN "item" AS i ON i."id" = u."itemId"
    WHERE u."organizationId" = ${organizationId} AND u."value" = ANY(${values}::text[])`;
  const byValue = new Map(holders.map((holder) => [holder.value, holder]));
  return plan.items.map((item) => {
    const at = { sheet: plan.mapping[0]?.sheet ?? "Items", row: item.line, column: null };
    const itemIds = new Set<string>();
    const newIdentifiers: string[] = [];
    for (const value of item.identifiers) {
      const holder = byValue.get(value);
      if (!holder) newIdentifiers.push(value);
      else if (holder.itemId !== null && holder.itemModelId === modelId) itemIds.add(holder.itemId);
      else {
        const message = `The identifier "${value}" already belongs to another model or item of this organization`;
        const params = { identifier: value };
        plan.problems.add({ ...at, rule: "duplicate-identifier", code: "identifier-taken", params, message });
      }
    }
    if (itemIds.size > 1) {
      const message = "The row's identifiers belong to different items";
      plan.problems.add({ ...at, rule: "duplicate-identifier", code: "identifiers-of-two-items", params: {}, message });
    }
    return { item, itemId: [...itemIds][0] ?? null, newIdentifiers };
  });
}

/** Adds identifiers of the file to the existing items it updates (uuids fresh), in one statement. */
export async function addIdentifiers(tx: Tx, organizationId: string, targets: readonly ImportTarget[]): Promise<void> {
  const added = targets.flatMap((t) =>
    t.itemId === null ? [] : t.newIdentifiers.map((value) => ({ value, itemId: t.itemId as string })),
  );
  if (added.length === 0) return;
  const inserted = await tx.$executeRaw`
    INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value", "itemId")
    SELECT t.u, ${organizationId}, t.v, t.i
    FROM unnest(${ascendingUuids(added.length)}::uuid[], ${added.map((a) => a.value)}::text[], ${added.map((a) => a.itemId)}::uuid[])
      AS t(u, v, i)
    ON CONFLICT DO NOTHING`;
  // Taken by a concurrent request since the import matched the identifiers: the import fails, nothing is kept.
  if (inserted < added.length) {
    throw new AppError("CONFLICT", "An identifier of the file was taken by another request meanwhile; nothing was imported.");
  }
}

/**
 * The values the given items hold in the given sections, per item as `tripleKey` → value (the row part a nested
 * value's whole row path): what a dry run compares the file with to count the items it would change.
 */
export async function heldValues(
  db: Tx,
  itemIds: readonly string[],
  sectionIds: readonly string[],
): Promise<Map<string, Map<string, string | null>>> {
  const result = new Map<string, Map<string, string | null>>();
  if (itemIds.length === 0 || sectionIds.length === 0) return result;
  const rows = await db.$queryRaw<
    {
      itemId: string;
      dataSectionId: string;
      dataFieldId: string;
      row: number;
      innerRows: string;
      value: string | null;
      language: string;
    }[]
  >`
    SELECT "itemId"::text AS "itemId", "dataSectionId"::text AS "dataSectionId", "dataFieldId"::text AS "dataFieldId",
      "row", "innerRows", "value", "language"
    FROM "item_data_value"
    WHERE "itemId" = ANY(${[...itemIds]}::uuid[]) AND "dataSectionId" = ANY(${[...sectionIds]}::uuid[])`;
  for (const row of rows) {
    let values = result.get(row.itemId);
    if (!values) result.set(row.itemId, (values = new Map<string, string | null>()));
    values.set(tripleKey({ ...row, innerRows: decodeInnerRows(row.innerRows) }), row.value);
  }
  return result;
}
