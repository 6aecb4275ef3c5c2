import type { DataValueTriple, TDataValue } from "~/domain/data-value";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/**
 * Set-based statements on the data values of a passport-data owner: each takes whole arrays through `unnest`, so
 * writing N values is one statement whatever N is, instead of N round trips.
 */

type OwnerTable = { table: Prisma.Sql; key: Prisma.Sql };

/** Where each kind of owner keeps its values: a table of its own, keyed by the owner's id in `key`. */
const OWNER_TABLES: { [K in PassportDataOwner["kind"]]: OwnerTable } = {
  model: { table: Prisma.raw(`"data_value"`), key: Prisma.raw(`"modelId"`) },
  item: { table: Prisma.raw(`"item_data_value"`), key: Prisma.raw(`"itemId"`) },
};

type Columns = { sections: string[]; fields: string[]; rows: number[]; values: (string | null)[] };

function columns(values: readonly (DataValueTriple & { value?: string | null })[]): Columns {
  const result: Columns = { sections: [], fields: [], rows: [], values: [] };
  for (const v of values) {
    result.sections.push(v.dataSectionId);
    result.fields.push(v.dataFieldId);
    result.rows.push(v.row);
    result.values.push(v.value ?? null);
  }
  return result;
}

/**
 * All data values of an owner in one query, in a stable order: section, field, row (the primary key's order).
 * The database groups them per field into two arrays, so an owner of 100,000 values crosses the driver as a few
 * dozen rows instead of 100,000; expanding the arrays here costs far less than decoding a row per value.
 */
export async function readDataValues(db: Tx, owner: PassportDataOwner): Promise<TDataValue[]> {
  const { table, key } = OWNER_TABLES[owner.kind];
  const groups = await db.$queryRaw<{ s: string; f: string; r: number[]; v: (string | null)[] }[]>`
    SELECT "dataSectionId"::text AS "s", "dataFieldId"::text AS "f",
           array_agg("row" ORDER BY "row") AS "r", array_agg("value" ORDER BY "row") AS "v"
    FROM ${table} WHERE ${key} = ${owner.id}::uuid
    GROUP BY "dataSectionId", "dataFieldId"
    ORDER BY "dataSectionId", "dataFieldId"`;
  const values: TDataValue[] = [];
  for (const { s, f, r, v } of groups) {
    for (let i = 0; i < r.length; i++) {
      values.push({ value: v[i] ?? null, dataSectionId: s, dataFieldId: f, row: r[i] as number });
    }
  }
  return values;
}

/** Inserts the values whose triple is free; returns how many were inserted (the others already existed). */
export async function insertDataValues(tx: Tx, owner: PassportDataOwner, values: readonly TDataValue[]): Promise<number> {
  if (values.length === 0) return 0;
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(values);
  return tx.$executeRaw`
    INSERT INTO ${table} (${key}, "dataSectionId", "dataFieldId", "row", "value")
    SELECT ${owner.id}::uuid, t.s, t.f, t.r, t.v
    FROM unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[], ${c.values}::text[]) AS t(s, f, r, v)
    ON CONFLICT DO NOTHING`;
}

/** Sets the value of each existing triple; returns how many triples matched and how many values really changed. */
export async function updateDataValues(
  tx: Tx,
  owner: PassportDataOwner,
  values: readonly TDataValue[],
): Promise<{ matched: number; changed: number }> {
  if (values.length === 0) return { matched: 0, changed: 0 };
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(values);
  // One statement: the count of matches reads the snapshot from before the update, the update skips equal values.
  const [counts] = await tx.$queryRaw<{ matched: number; changed: number }[]>`
    WITH t AS (
      SELECT * FROM unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[], ${c.values}::text[]) AS t(s, f, r, v)
    ), changed AS (
      UPDATE ${table} AS d SET "value" = t.v FROM t
      WHERE d.${key} = ${owner.id}::uuid AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
        AND d."value" IS DISTINCT FROM t.v
      RETURNING 1
    )
    SELECT
      (SELECT count(*) FROM ${table} AS d JOIN t
         ON d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
       WHERE d.${key} = ${owner.id}::uuid)::int AS "matched",
      (SELECT count(*) FROM changed)::int AS "changed"`;
  return { matched: counts?.matched ?? 0, changed: counts?.changed ?? 0 };
}

/** Which of the given triples exist; used only to explain a conflict or a miss, never on the fast path. */
export async function existingTriples(tx: Tx, owner: PassportDataOwner, triples: readonly DataValueTriple[]): Promise<Set<string>> {
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(triples);
  const rows = await tx.$queryRaw<{ key: string }[]>`
    SELECT d."dataSectionId"::text || '|' || d."dataFieldId"::text || '|' || d."row"::text AS "key"
    FROM ${table} AS d
    JOIN unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[]) AS t(s, f, r)
      ON d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
    WHERE d.${key} = ${owner.id}::uuid`;
  return new Set(rows.map((row) => row.key));
}

/** Deletes the given triples; returns how many were deleted. */
export async function deleteDataValues(tx: Tx, owner: PassportDataOwner, triples: readonly DataValueTriple[]): Promise<number> {
  if (triples.length === 0) return 0;
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(triples);
  return tx.$executeRaw`
    DELETE FROM ${table} AS d
    USING unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[]) AS t(s, f, r)
    WHERE d.${key} = ${owner.id}::uuid AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r`;
}

/** Deletes one row of a repeater: the values at `row` in the given sections (the repeater and its nested ones). */
export async function deleteRow(tx: Tx, owner: PassportDataOwner, sectionIds: readonly string[], row: number): Promise<number> {
  const { table, key } = OWNER_TABLES[owner.kind];
  return tx.$executeRaw`
    DELETE FROM ${table}
    WHERE ${key} = ${owner.id}::uuid AND "dataSectionId" = ANY(${[...sectionIds]}::uuid[]) AND "row" = ${row}`;
}
