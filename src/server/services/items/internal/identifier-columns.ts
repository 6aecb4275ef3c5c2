import type { Tx } from "~/server/db/transaction";

/**
 * How many identifier columns a model's items export needs (docs/spreadsheets.md §Export): the most identifiers any
 * of its items has had, one row per model in `model_item_identifier_columns` (none: one column). Every write that
 * gives an item more than one identifier — creating items, adding an identifier, an import adding them — widens it
 * here, in its own transaction, from counts it already knows, so the export reads one row instead of counting every
 * item's identifiers (seconds at a million items) and a bulk creation of items with one identifier each writes
 * nothing. It never narrows when an item is deleted: a column may then stay empty.
 */
export async function widenIdentifierColumns(tx: Tx, modelId: string, columns: number): Promise<void> {
  if (columns <= 1) return;
  await tx.$executeRaw`
    INSERT INTO "model_item_identifier_columns" ("modelId", "columns") VALUES (${modelId}::uuid, ${columns})
    ON CONFLICT ("modelId") DO UPDATE SET "columns" = EXCLUDED."columns"
      WHERE "model_item_identifier_columns"."columns" < EXCLUDED."columns"`;
}

/** The identifier columns of the model's items export. */
export async function identifierColumns(db: Tx, modelId: string): Promise<number> {
  const row = await db.modelItemIdentifierColumns.findUnique({ where: { modelId }, select: { columns: true } });
  return row?.columns ?? 1;
}

/** Widens the model's columns for items given new identifiers: each item's count after the write, read by its index. */
export async function widenIdentifierColumnsOfItems(tx: Tx, modelId: string, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const [row] = await tx.$queryRaw<{ most: number | null }[]>`
    SELECT max(c)::int AS "most" FROM (
      SELECT count(*) AS c FROM "unique_product_identifier" WHERE "itemId" = ANY(${[...new Set(itemIds)]}::uuid[])
      GROUP BY "itemId") AS t`;
  await widenIdentifierColumns(tx, modelId, row?.most ?? 1);
}
