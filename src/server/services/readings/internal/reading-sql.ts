import type { TDataValue } from "~/domain/data-value";
import { toDecimalString } from "~/domain/decimal";
import type { StoredReading } from "~/domain/reading";
import type { Tx } from "~/server/db/transaction";

/**
 * The statements on readings (docs/readings.md §Storage): a reading row carries its series' 4-byte key, its instant
 * and its value; the series names the item and field once. Every statement takes whole arrays through `unnest`, so a
 * batch of N readings, of one item or of a fleet, is one statement whatever N is.
 */

/** A reading that was there already with another value: the 409 names each. */
export type ConflictingReading = { itemId: string; dataSectionId: string; dataFieldId: string; at: string };

type Columns = {
  items: string[];
  sections: string[];
  fields: string[];
  ats: Date[];
  numbers: (number | null)[];
  texts: (string | null)[];
};

function columns(readings: readonly StoredReading[]): Columns {
  const c: Columns = { items: [], sections: [], fields: [], ats: [], numbers: [], texts: [] };
  for (const r of readings) {
    c.items.push(r.itemId);
    c.sections.push(r.dataSectionId);
    c.fields.push(r.dataFieldId);
    c.ats.push(r.at);
    c.numbers.push(r.number);
    c.texts.push(r.text);
  }
  return c;
}

/**
 * Stores the readings not stored yet, in one statement: the series each names (made on its first reading), then the
 * readings, skipping those already there with the same value. A reading already there with another value stores
 * nothing at all: the statement answers the conflicts instead (at most `limit`), and the caller refuses the request.
 * The readings of one request are distinct (checkReadings).
 */
export async function insertReadings(
  tx: Tx,
  readings: readonly StoredReading[],
  limit: number,
): Promise<{ stored: number; conflicts: ConflictingReading[] }> {
  const c = columns(readings);
  const [row] = await tx.$queryRaw<{ stored: number; conflicts: ConflictingReading[] | null }[]>`
    WITH input AS (
      SELECT * FROM unnest(${c.items}::uuid[], ${c.sections}::uuid[], ${c.fields}::uuid[], ${c.ats}::timestamptz[],
        ${c.numbers}::float8[], ${c.texts}::text[]) AS t("item", "section", "field", "at", "number", "text")
    ), series AS (
      -- DO UPDATE (a no-op) rather than DO NOTHING: it answers the existing series too, also one a concurrent
      -- request made after this statement began, which a separate SELECT here could not see.
      INSERT INTO "reading_series" ("itemId", "dataSectionId", "dataFieldId")
      SELECT DISTINCT "item", "section", "field" FROM input
      ON CONFLICT ("itemId", "dataSectionId", "dataFieldId") DO UPDATE SET "itemId" = EXCLUDED."itemId"
      RETURNING "id", "itemId", "dataSectionId", "dataFieldId"
    ), keyed AS (
      SELECT s."id" AS "seriesId", i.* FROM input AS i
        JOIN series AS s ON s."itemId" = i."item" AND s."dataSectionId" = i."section" AND s."dataFieldId" = i."field"
    ), conflicts AS (
      SELECT k."item", k."section", k."field", k."at" FROM keyed AS k
        JOIN "reading" AS r ON r."seriesId" = k."seriesId" AND r."at" = k."at"
      WHERE r."number" IS DISTINCT FROM k."number" OR r."text" IS DISTINCT FROM k."text"
    ), inserted AS (
      INSERT INTO "reading" ("seriesId", "at", "number", "text")
      SELECT "seriesId", "at", "number", "text" FROM keyed WHERE NOT EXISTS (SELECT 1 FROM conflicts)
      ON CONFLICT ("seriesId", "at") DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM inserted)::int AS "stored",
      (SELECT json_agg(json_build_object('itemId', "item", 'dataSectionId', "section", 'dataFieldId', "field",
          'at', to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        FROM (SELECT * FROM conflicts ORDER BY "item", "section", "field", "at" LIMIT ${limit}) AS c) AS "conflicts"`;
  return { stored: row?.stored ?? 0, conflicts: row?.conflicts ?? [] };
}

/**
 * The readings of `readings` that are not stored with their value, after insertReadings skipped some: another
 * request may have stored the same instant with another value while this one ran (its insert then waited for that
 * commit and skipped the row, so this statement, with a newer snapshot, sees it).
 */
export async function unstoredReadings(tx: Tx, readings: readonly StoredReading[], limit: number): Promise<ConflictingReading[]> {
  const c = columns(readings);
  return tx.$queryRaw<ConflictingReading[]>`
    SELECT i."item"::text AS "itemId", i."section"::text AS "dataSectionId", i."field"::text AS "dataFieldId",
      to_char(i."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "at"
    FROM unnest(${c.items}::uuid[], ${c.sections}::uuid[], ${c.fields}::uuid[], ${c.ats}::timestamptz[],
        ${c.numbers}::float8[], ${c.texts}::text[]) AS i("item", "section", "field", "at", "number", "text")
      JOIN "reading_series" AS s ON s."itemId" = i."item" AND s."dataSectionId" = i."section" AND s."dataFieldId" = i."field"
      JOIN "reading" AS r ON r."seriesId" = s."id" AND r."at" = i."at"
    WHERE r."number" IS DISTINCT FROM i."number" OR r."text" IS DISTINCT FROM i."text"
    ORDER BY 1, 2, 3, 4 LIMIT ${limit}`;
}

/** An item's latest reading of each field with readings, and the latest of their instants. */
export type LatestReadings = { values: TDataValue[]; at: Date };

/**
 * The latest reading of each field of the given items that has readings, as the field's value at row 0 (a
 * NumericField's as its decimal string): one backward step on the primary key per series.
 */
export async function latestReadings(db: Tx, itemIds: readonly string[]): Promise<Map<string, LatestReadings>> {
  const rows = await db.$queryRaw<{ item: string; s: string; f: string; at: Date; number: number | null; text: string | null }[]>`
    SELECT s."itemId"::text AS "item", s."dataSectionId"::text AS "s", s."dataFieldId"::text AS "f", r."at", r."number", r."text"
    FROM "reading_series" AS s
      CROSS JOIN LATERAL (
        SELECT "at", "number", "text" FROM "reading" WHERE "seriesId" = s."id" ORDER BY "at" DESC LIMIT 1
      ) AS r
    WHERE s."itemId" = ANY(${itemIds}::uuid[])`;
  const byItem = new Map<string, LatestReadings>();
  for (const row of rows) {
    const value = row.number === null ? row.text : toDecimalString(row.number);
    let latest = byItem.get(row.item);
    if (!latest) byItem.set(row.item, (latest = { values: [], at: row.at }));
    latest.values.push({ dataSectionId: row.s, dataFieldId: row.f, row: 0, value });
    if (row.at > latest.at) latest.at = row.at;
  }
  return byItem;
}

export type SeriesWindow = { itemId: string; dataSectionId: string; dataFieldId: string; from: Date; to: Date; points: number };
export type BucketRow = {
  at: string;
  count: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  number: number | null;
  text: string | null;
};

/**
 * The readings of one series in [from, to) grouped into `points` equal buckets, in the database: count, min, max
 * and mean of the numbers, and each bucket's latest reading. A range scan of the primary key; only the buckets cross
 * the driver, however many readings they hold.
 */
export async function readBuckets(db: Tx, w: SeriesWindow): Promise<BucketRow[]> {
  const spanMs = Math.max(1, w.to.getTime() - w.from.getTime());
  return db.$queryRaw<BucketRow[]>`
    WITH b AS (
      SELECT floor(extract(epoch FROM r."at" - ${w.from}::timestamptz) * 1000 * ${w.points} / ${spanMs})::int AS "bucket",
        r."at", r."number", r."text"
      FROM "reading" AS r JOIN "reading_series" AS s ON s."id" = r."seriesId"
      WHERE s."itemId" = ${w.itemId}::uuid AND s."dataSectionId" = ${w.dataSectionId}::uuid
        AND s."dataFieldId" = ${w.dataFieldId}::uuid AND r."at" >= ${w.from}::timestamptz AND r."at" < ${w.to}::timestamptz
    )
    SELECT to_char((${w.from}::timestamptz + make_interval(secs => "bucket" * ${spanMs / w.points / 1000}::float8)) AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "at",
      count(*)::int AS "count", min("number") AS "min", max("number") AS "max", avg("number") AS "avg",
      (array_agg("number" ORDER BY "at" DESC))[1] AS "number", (array_agg("text" ORDER BY "at" DESC))[1] AS "text"
    FROM b GROUP BY "bucket" ORDER BY "bucket"`;
}
