import type { TDataValue } from "~/domain/data-value";
import { toDecimalString } from "~/domain/decimal";
import type { StoredReading, TReadingSeries } from "~/domain/reading";
import { Prisma } from "~/generated/prisma/client";
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
  const [row] = await tx.$queryRaw<{ stored: number; hours: number; conflicts: ConflictingReading[] | null }[]>`
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
      RETURNING "seriesId", "at", "number", "text"
    ), hours AS (
      SELECT "seriesId", date_trunc('hour', "at", 'UTC') AS "hour", count(*)::int AS "count", min("number") AS "min",
        max("number") AS "max", sum("number") AS "sum", max("at") AS "lastAt",
        (array_agg("number" ORDER BY "at" DESC))[1] AS "lastNumber", (array_agg("text" ORDER BY "at" DESC))[1] AS "lastText"
      FROM inserted GROUP BY 1, 2
    ), rolled AS (
      -- The new readings join their hours' roll-ups, in key order so that concurrent batches never deadlock.
      INSERT INTO "reading_hour" AS h ("seriesId", "hour", "count", "min", "max", "sum", "lastAt", "lastNumber", "lastText")
      SELECT * FROM hours ORDER BY "seriesId", "hour"
      ON CONFLICT ("seriesId", "hour") DO UPDATE SET
        "count" = h."count" + EXCLUDED."count", "min" = LEAST(h."min", EXCLUDED."min"), "max" = GREATEST(h."max", EXCLUDED."max"),
        "sum" = h."sum" + EXCLUDED."sum", "lastAt" = GREATEST(h."lastAt", EXCLUDED."lastAt"),
        "lastNumber" = CASE WHEN EXCLUDED."lastAt" > h."lastAt" THEN EXCLUDED."lastNumber" ELSE h."lastNumber" END,
        "lastText" = CASE WHEN EXCLUDED."lastAt" > h."lastAt" THEN EXCLUDED."lastText" ELSE h."lastText" END
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM inserted)::int AS "stored", (SELECT count(*) FROM rolled)::int AS "hours",
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

export type BucketRow = {
  at: string;
  count: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  number: number | null;
  text: string | null;
};

/** A bucket as the series read answers it: its latest reading as the field's value is answered. */
export function seriesBucket({ number, text, ...bucket }: BucketRow): TReadingSeries["buckets"][number] {
  return { ...bucket, last: number === null ? (text ?? "") : toDecimalString(number) };
}

const HOUR_MS = 3_600_000;

/** The series of an item's field, if it has readings. */
export async function findSeries(db: Tx, itemId: string, dataSectionId: string, dataFieldId: string): Promise<number | null> {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "reading_series"
    WHERE "itemId" = ${itemId}::uuid AND "dataSectionId" = ${dataSectionId}::uuid AND "dataFieldId" = ${dataFieldId}::uuid`;
  return row?.id ?? null;
}

/**
 * The window a series read answers: buckets of at least an hour are whole hours from a whole hour (UTC), so they are
 * summed from the hourly roll-ups — the window widens to whole hours and may hold fewer than `points` buckets —
 * while shorter buckets split [from, to) exactly and are read from the readings themselves.
 */
export type BucketWindow = { from: Date; to: Date; widthMs: number; isHourly: boolean };

export function bucketWindow(from: Date, to: Date, points: number): BucketWindow {
  const spanMs = to.getTime() - from.getTime();
  if (spanMs / points < HOUR_MS) return { from, to, widthMs: spanMs / points, isHourly: false };
  const start = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS;
  const end = Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS;
  const widthMs = Math.ceil((end - start) / points / HOUR_MS) * HOUR_MS;
  return { from: new Date(start), to: new Date(end), widthMs, isHourly: true };
}

const AT_TEXT = (at: Prisma.Sql) => Prisma.sql`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A series' readings in the window's [from, to) grouped into its buckets (bucketWindow), in the database: count, min,
 * max and mean of the numbers, and each bucket's latest reading. Hourly buckets sum the roll-ups, so a year of minute
 * readings is 8,760 rows; shorter ones group the readings of their window (a range scan of the primary key). Only the
 * buckets cross the driver.
 */
export async function readBuckets(db: Tx, seriesId: number, window: BucketWindow): Promise<BucketRow[]> {
  const fromS = window.from.getTime() / 1000;
  const widthS = window.widthMs / 1000;
  const source = window.isHourly
    ? Prisma.sql`SELECT "hour" AS "t", "count", "min", "max", "sum", "lastAt", "lastNumber", "lastText" FROM "reading_hour"
        WHERE "seriesId" = ${seriesId} AND "hour" >= ${window.from} AND "hour" < ${window.to}`
    : Prisma.sql`SELECT "at" AS "t", 1 AS "count", "number" AS "min", "number" AS "max", "number" AS "sum", "at" AS "lastAt",
          "number" AS "lastNumber", "text" AS "lastText" FROM "reading"
        WHERE "seriesId" = ${seriesId} AND "at" >= ${window.from} AND "at" < ${window.to}`;
  // date_part is a double (extract is numeric, several times slower over a million rows); bucket numbers are few,
  // so grouping hashes them rather than sorting every row.
  return db.$queryRaw<BucketRow[]>`
    WITH b AS (
      SELECT floor((date_part('epoch', s."t") - ${fromS}::float8) / ${widthS}::float8)::int AS "bucket", s.* FROM (${source}) AS s
    )
    SELECT ${AT_TEXT(Prisma.sql`to_timestamp(${fromS}::float8 + "bucket" * ${widthS}::float8)`)} AS "at",
      sum("count")::int AS "count", min("min") AS "min", max("max") AS "max", sum("sum") / NULLIF(sum("count"), 0) AS "avg",
      (array_agg("lastNumber" ORDER BY "lastAt" DESC))[1] AS "number", (array_agg("lastText" ORDER BY "lastAt" DESC))[1] AS "text"
    FROM b GROUP BY "bucket" ORDER BY "bucket"`;
}

/** An item's series of numbers (NumericFields), with the first hour and the latest instant they have readings in. */
export type NumberSeriesSpan = { id: number; dataSectionId: string; dataFieldId: string; firstHour: Date; lastAt: Date };

export async function numberSeriesSpans(db: Tx, itemId: string): Promise<NumberSeriesSpan[]> {
  return db.$queryRaw<NumberSeriesSpan[]>`
    SELECT s."id", s."dataSectionId"::text AS "dataSectionId", s."dataFieldId"::text AS "dataFieldId",
      min(h."hour") AS "firstHour", max(h."lastAt") AS "lastAt"
    FROM "reading_series" AS s JOIN "reading_hour" AS h ON h."seriesId" = s."id"
    WHERE s."itemId" = ${itemId}::uuid
    GROUP BY s."id" HAVING bool_or(h."lastNumber" IS NOT NULL)
    ORDER BY s."id"`;
}
