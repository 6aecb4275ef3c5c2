import { type DataValueTriple, storedLanguage, type TDataValue, tripleKey, withStoredLanguage } from "~/domain/data-value";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import { moveRecordedRows, type OpenChange, recordValueChanges } from "~/server/services/history/internal/change-record";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/**
 * Set-based statements on the data values of a passport-data owner: each takes whole arrays through `unnest`, so
 * writing N values is one statement whatever N is, instead of N round trips. The owner of a write in progress carries
 * its open history change (writePassportData): each writing statement then records the values it changed, with their
 * old and new values, in the same statement (history/internal/change-record.ts).
 */

/** An owner, and the history change of the write in progress, if the values are written by one. */
type WrittenOwner = PassportDataOwner & { change?: OpenChange };

type OwnerTable = { table: Prisma.Sql; key: Prisma.Sql };

/** Where each kind of owner keeps its values: a table of its own, keyed by the owner's id in `key`. */
const OWNER_TABLES: { [K in PassportDataOwner["kind"]]: OwnerTable } = {
  model: { table: Prisma.raw(`"data_value"`), key: Prisma.raw(`"modelId"`) },
  item: { table: Prisma.raw(`"item_data_value"`), key: Prisma.raw(`"itemId"`) },
};

type Columns = { sections: string[]; fields: string[]; rows: number[]; languages: string[]; values: (string | null)[] };

/** The values as parallel arrays for `unnest`; the language as stored ('' for a field that is not multilingual). */
function columns(values: readonly (DataValueTriple & { value?: string | null })[]): Columns {
  const result: Columns = { sections: [], fields: [], rows: [], languages: [], values: [] };
  for (const v of values) {
    result.sections.push(v.dataSectionId);
    result.fields.push(v.dataFieldId);
    result.rows.push(v.row);
    result.languages.push(storedLanguage(v));
    result.values.push(v.value ?? null);
  }
  return result;
}

/** One group of readDataValues: section, field, language, and the rows and values in row order. */
type ValueGroup = { s: string; f: string; l: string; r: number[]; v: (string | null)[] };

function pushGroup(values: TDataValue[], { s, f, l, r, v }: ValueGroup): void {
  for (let i = 0; i < r.length; i++) {
    values.push(withStoredLanguage({ value: v[i] ?? null, dataSectionId: s, dataFieldId: f, row: r[i] as number }, l));
  }
}

/**
 * All data values of an owner in one query, in a stable order: section, field, language, row (a multilingual
 * field's values come per language; `language` is set on those only).
 * The database groups them per field into two arrays, so an owner of 100,000 values crosses the driver as a few
 * dozen rows instead of 100,000; expanding the arrays here costs far less than decoding a row per value.
 */
export async function readDataValues(db: Tx, owner: PassportDataOwner): Promise<TDataValue[]> {
  const { table, key } = OWNER_TABLES[owner.kind];
  const groups = await db.$queryRaw<ValueGroup[]>`
    SELECT "dataSectionId"::text AS "s", "dataFieldId"::text AS "f", "language" AS "l",
           array_agg("row" ORDER BY "row") AS "r", array_agg("value" ORDER BY "row") AS "v"
    FROM ${table} WHERE ${key} = ${owner.id}::uuid
    GROUP BY "dataSectionId", "dataFieldId", "language"
    ORDER BY "dataSectionId", "dataFieldId", "language"`;
  const values: TDataValue[] = [];
  for (const group of groups) pushGroup(values, group);
  return values;
}

/** Inserts the values whose place (section, field, row, language) is free; returns how many were inserted (the others already existed). */
export async function insertDataValues(tx: Tx, owner: WrittenOwner, values: readonly TDataValue[]): Promise<number> {
  if (values.length === 0) return 0;
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(values);
  const [result] = await tx.$queryRaw<{ inserted: number }[]>`
    WITH "inserted" AS (
      INSERT INTO ${table} (${key}, "dataSectionId", "dataFieldId", "row", "language", "value")
      SELECT ${owner.id}::uuid, t.s, t.f, t.r, t.l, t.v
      FROM unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[], ${c.languages}::text[], ${c.values}::text[])
        AS t(s, f, r, l, v)
      ON CONFLICT DO NOTHING
      RETURNING "dataSectionId", "dataFieldId", "row", "language", "value"
    )${recordValueChanges(
      owner.change,
      "add",
      Prisma.sql`SELECT "dataSectionId", "dataFieldId", "row", "language", NULL::text, "value" FROM "inserted"`,
    )}
    SELECT count(*)::int AS "inserted" FROM "inserted"`;
  return result?.inserted ?? 0;
}

/** Sets the value of each existing place (section, field, row, language); returns how many triples matched and how many values really changed. */
export async function updateDataValues(
  tx: Tx,
  owner: WrittenOwner,
  values: readonly TDataValue[],
): Promise<{ matched: number; changed: number }> {
  if (values.length === 0) return { matched: 0, changed: 0 };
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(values);
  // One statement: "matched" joins the request to the values as they were before (the pre-image, with the old
  // value), the update skips equal values and answers each change with its old and new value for the history.
  const [counts] = await tx.$queryRaw<{ matched: number; changed: number }[]>`
    WITH "matched" AS (
      SELECT d."dataSectionId" AS s, d."dataFieldId" AS f, d."row" AS r, d."language" AS l, d."value" AS ov, t.v AS nv
      FROM ${table} AS d
      JOIN unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[], ${c.languages}::text[], ${c.values}::text[])
        AS t(s, f, r, l, v)
        ON d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r AND d."language" = t.l
      WHERE d.${key} = ${owner.id}::uuid
    ), "changed" AS (
      UPDATE ${table} AS d SET "value" = m.nv FROM "matched" AS m
      WHERE d.${key} = ${owner.id}::uuid AND d."dataSectionId" = m.s AND d."dataFieldId" = m.f AND d."row" = m.r
        AND d."language" = m.l AND m.ov IS DISTINCT FROM m.nv
      RETURNING m.s, m.f, m.r, m.l, m.ov, m.nv
    )${recordValueChanges(owner.change, "modify", Prisma.sql`SELECT s, f, r, l, ov, nv FROM "changed"`)}
    SELECT (SELECT count(*) FROM "matched")::int AS "matched", (SELECT count(*) FROM "changed")::int AS "changed"`;
  return { matched: counts?.matched ?? 0, changed: counts?.changed ?? 0 };
}

/** Which of the given places exist, by `tripleKey`; used only to explain a conflict or a miss, never on the fast path. */
export async function existingTriples(tx: Tx, owner: PassportDataOwner, triples: readonly DataValueTriple[]): Promise<Set<string>> {
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(triples);
  const rows = await tx.$queryRaw<{ s: string; f: string; r: number; l: string }[]>`
    SELECT d."dataSectionId"::text AS "s", d."dataFieldId"::text AS "f", d."row" AS "r", d."language" AS "l"
    FROM ${table} AS d
    JOIN unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[], ${c.languages}::text[]) AS t(s, f, r, l)
      ON d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r AND d."language" = t.l
    WHERE d.${key} = ${owner.id}::uuid`;
  return new Set(rows.map((row) => tripleKey(withStoredLanguage({ dataSectionId: row.s, dataFieldId: row.f, row: row.r }, row.l))));
}

/** Deletes the given places (section, field, row, language); returns how many were deleted. */
export async function deleteDataValues(tx: Tx, owner: WrittenOwner, triples: readonly DataValueTriple[]): Promise<number> {
  if (triples.length === 0) return 0;
  const { table, key } = OWNER_TABLES[owner.kind];
  const c = columns(triples);
  return countDeleted(
    tx,
    owner,
    Prisma.sql`DELETE FROM ${table} AS d
      USING unnest(${c.sections}::uuid[], ${c.fields}::uuid[], ${c.rows}::int[], ${c.languages}::text[]) AS t(s, f, r, l)
      WHERE d.${key} = ${owner.id}::uuid AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
        AND d."language" = t.l`,
  );
}

/** Runs a DELETE of values, recording each deleted value with its last value; returns how many were deleted. */
async function countDeleted(tx: Tx, owner: WrittenOwner, deletion: Prisma.Sql): Promise<number> {
  const [result] = await tx.$queryRaw<{ deleted: number }[]>`
    WITH "deleted" AS (${deletion} RETURNING "dataSectionId", "dataFieldId", "row", "language", "value")${recordValueChanges(
      owner.change,
      "delete",
      Prisma.sql`SELECT "dataSectionId", "dataFieldId", "row", "language", "value", NULL::text FROM "deleted"`,
    )}
    SELECT count(*)::int AS "deleted" FROM "deleted"`;
  return result?.deleted ?? 0;
}

/** The row numbers a repeater holds (in the repeater or its nested sections), ascending. */
export async function rowNumbers(tx: Tx, owner: PassportDataOwner, sectionIds: readonly string[]): Promise<number[]> {
  const { table, key } = OWNER_TABLES[owner.kind];
  const rows = await tx.$queryRaw<{ row: number }[]>`
    SELECT DISTINCT "row" FROM ${table}
    WHERE ${key} = ${owner.id}::uuid AND "dataSectionId" = ANY(${[...sectionIds]}::uuid[])
    ORDER BY "row"`;
  return rows.map((r) => r.row);
}

/**
 * The row count of each (owner, repeater) pair given, after the write: `ownerId|repeaterId` → rows (distinct row
 * numbers over the repeater's sections). One query for any number of owners of one kind; a pair without rows is absent.
 */
export async function repeaterRowCounts(
  tx: Tx,
  kind: PassportDataOwner["kind"],
  ownerIds: readonly string[],
  sectionRepeaters: ReadonlyMap<string, string>,
): Promise<Map<string, number>> {
  const { table, key } = OWNER_TABLES[kind];
  const sections = [...sectionRepeaters.keys()];
  const repeaters = sections.map((s) => sectionRepeaters.get(s) as string);
  const rows = await tx.$queryRaw<{ ownerId: string; repeaterId: string; count: number }[]>`
    SELECT d.${key}::text AS "ownerId", m.rep::text AS "repeaterId", count(DISTINCT d."row")::int AS "count"
    FROM ${table} AS d JOIN unnest(${sections}::uuid[], ${repeaters}::uuid[]) AS m(s, rep) ON d."dataSectionId" = m.s
    WHERE d.${key} = ANY(${[...ownerIds]}::uuid[])
    GROUP BY 1, 2`;
  return new Map(rows.map((row) => [`${row.ownerId}|${row.repeaterId}`, row.count]));
}

/**
 * Moves each row `from[i]` of the given sections to `to[i]`. A permutation would collide with itself inside one
 * statement (the primary key is checked row by row), so the rows pass through negative numbers first; the second
 * statement records each moved value at its new row as a "move" in the write's history change. What the same write
 * already recorded in those rows (values added or modified before the reorder) moves with them first.
 */
export async function renumberRows(
  tx: Tx,
  owner: WrittenOwner,
  sectionIds: readonly string[],
  from: readonly number[],
  to: readonly number[],
): Promise<void> {
  if (from.length === 0) return;
  const { table, key } = OWNER_TABLES[owner.kind];
  await moveRecordedRows(tx, owner.change, sectionIds, from, to);
  await tx.$executeRaw`
    UPDATE ${table} AS d SET "row" = -1 - m.t
    FROM unnest(${[...from]}::int[], ${[...to]}::int[]) AS m(f, t)
    WHERE d.${key} = ${owner.id}::uuid AND d."dataSectionId" = ANY(${[...sectionIds]}::uuid[]) AND d."row" = m.f`;
  await tx.$queryRaw`
    WITH "moved" AS (
      UPDATE ${table} SET "row" = -1 - "row"
      WHERE ${key} = ${owner.id}::uuid AND "dataSectionId" = ANY(${[...sectionIds]}::uuid[]) AND "row" < 0
      RETURNING "dataSectionId", "dataFieldId", "row", "language", "value"
    )${recordValueChanges(
      owner.change,
      "move",
      Prisma.sql`SELECT "dataSectionId", "dataFieldId", "row", "language", "value", "value" FROM "moved"`,
    )}
    SELECT count(*)::int AS "moved" FROM "moved"`;
}

/** Deletes whole rows of a repeater: the values at each of `rows` in the given sections; returns how many values went. */
export async function deleteRows(
  tx: Tx,
  owner: WrittenOwner,
  sectionIds: readonly string[],
  rows: readonly number[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const { table, key } = OWNER_TABLES[owner.kind];
  return countDeleted(
    tx,
    owner,
    Prisma.sql`DELETE FROM ${table}
      WHERE ${key} = ${owner.id}::uuid AND "dataSectionId" = ANY(${[...sectionIds]}::uuid[]) AND "row" = ANY(${[...rows]}::int[])`,
  );
}

/**
 * The values of the given items in one query, by item id (publishing a chunk of a model's items at once,
 * docs/versions.md): grouped per item and field like `readDataValues`.
 */
export async function readItemValuesOfItems(db: Tx, itemIds: readonly string[]): Promise<Map<string, TDataValue[]>> {
  const groups = await db.$queryRaw<(ValueGroup & { i: string })[]>`
    SELECT d."itemId"::text AS "i", d."dataSectionId"::text AS "s", d."dataFieldId"::text AS "f", d."language" AS "l",
           array_agg(d."row" ORDER BY d."row") AS "r", array_agg(d."value" ORDER BY d."row") AS "v"
    FROM "item_data_value" AS d
    WHERE d."itemId" = ANY(${itemIds}::uuid[])
    GROUP BY d."itemId", d."dataSectionId", d."dataFieldId", d."language"
    ORDER BY d."itemId", d."dataSectionId", d."dataFieldId", d."language"`;
  const byItem = new Map<string, TDataValue[]>();
  for (const group of groups) {
    let values = byItem.get(group.i);
    if (!values) byItem.set(group.i, (values = []));
    pushGroup(values, group);
  }
  return byItem;
}
