import type { TDataValue } from "~/domain/data-value";
import { toDecimalString } from "~/domain/decimal";
import type { StoredReading, TReadingSeries } from "~/domain/reading";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";

/**
 * The statements on readings (docs/readings.md §Storage): a series' readings of one hour (UTC) are one row of
 * "reading_hour", parallel arrays sorted by instant — millisecond offsets from the hour's start, and the values
 * (`numbers` for a NumericField, `texts` otherwise) — beside the hour's roll-ups of the numbers. Every statement takes
 * whole arrays through `unnest`, so a batch of N readings, of one item or of a fleet, is one statement whatever N is,
 * and writes one row per touched hour.
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

/** The instant of the reading at offset `offset` (milliseconds) of the hour `hour`. */
const instantAt = (hour: Prisma.Sql, offset: Prisma.Sql) => Prisma.sql`(${hour} + ${offset} * interval '1 millisecond')`;

/**
 * Stores the readings not stored yet: first the items are locked, in id order (so fleet batches naming the same
 * items in another order wait, never deadlock), then one statement makes the series each names (on its first
 * reading), looks for the readings already stored in the touched hours, and appends the new ones with one upsert per
 * touched hour, kept sorted; it advances the passport epoch of each item it stored readings of. The lock makes the
 * writers of an item's readings take turns, so the statement's snapshot, taken after it, sees every stored reading
 * of those items. A reading already there with the same value is skipped; one with another value stores nothing at
 * all: the statement answers the conflicts instead (at most `limit`), and the caller refuses the request. The
 * readings of one request are distinct (checkReadings).
 */
export async function insertReadings(
  tx: Tx,
  readings: readonly StoredReading[],
  limit: number,
): Promise<{ stored: number; conflicts: ConflictingReading[] }> {
  const c = columns(readings);
  await tx.$queryRaw`SELECT 1 FROM "item" WHERE "id" = ANY(${[...new Set(c.items)]}::uuid[]) ORDER BY "id" FOR UPDATE`;
  const hourOf = Prisma.sql`date_trunc('hour', i."at", 'UTC')`;
  const [row] = await tx.$queryRaw<{ stored: number; hours: number; items: number; conflicts: ConflictingReading[] | null }[]>`
    WITH input AS (
      SELECT * FROM unnest(${c.items}::uuid[], ${c.sections}::uuid[], ${c.fields}::uuid[], ${c.ats}::timestamptz[],
        ${c.numbers}::float8[], ${c.texts}::text[]) AS t("item", "section", "field", "at", "number", "text")
    ), series AS (
      -- DO UPDATE (a no-op) rather than DO NOTHING: it answers the existing series too.
      INSERT INTO "reading_series" ("itemId", "dataSectionId", "dataFieldId")
      SELECT DISTINCT "item", "section", "field" FROM input
      ON CONFLICT ("itemId", "dataSectionId", "dataFieldId") DO UPDATE SET "itemId" = EXCLUDED."itemId"
      RETURNING "id", "itemId", "dataSectionId", "dataFieldId"
    ), keyed AS (
      SELECT s."id" AS "seriesId", ${hourOf} AS "hour",
        (extract(epoch FROM i."at" - ${hourOf}) * 1000)::int AS "offset", i.* FROM input AS i
        JOIN series AS s ON s."itemId" = i."item" AND s."dataSectionId" = i."section" AND s."dataFieldId" = i."field"
    ), stored AS (
      SELECT h."seriesId", h."hour", u.* FROM "reading_hour" AS h
        CROSS JOIN LATERAL unnest(h."offsets", h."numbers", h."texts") AS u("offset", "number", "text")
      WHERE (h."seriesId", h."hour") IN (SELECT "seriesId", "hour" FROM keyed)
    ), conflicts AS (
      SELECT k."item", k."section", k."field", k."at" FROM keyed AS k
        JOIN stored AS r ON r."seriesId" = k."seriesId" AND r."hour" = k."hour" AND r."offset" = k."offset"
      WHERE r."number" IS DISTINCT FROM k."number" OR r."text" IS DISTINCT FROM k."text"
    ), fresh AS (
      SELECT k.* FROM keyed AS k
      WHERE NOT EXISTS (SELECT 1 FROM conflicts)
        AND NOT EXISTS (SELECT 1 FROM stored AS r WHERE r."seriesId" = k."seriesId" AND r."hour" = k."hour" AND r."offset" = k."offset")
    ), hours AS (
      SELECT "seriesId", "hour", array_agg("offset" ORDER BY "offset") AS "offsets",
        CASE WHEN bool_or("number" IS NOT NULL) THEN array_agg("number" ORDER BY "offset") END AS "numbers",
        CASE WHEN bool_or("text" IS NOT NULL) THEN array_agg("text" ORDER BY "offset") END AS "texts",
        min("number") AS "min", max("number") AS "max", sum("number") AS "sum"
      FROM fresh GROUP BY 1, 2
    ), upserted AS (
      -- A touched hour that has readings merges the new ones into its arrays, sorted again; the roll-ups are
      -- recomputed from the merged readings. No instant is in both (the readings already stored were left out).
      INSERT INTO "reading_hour" AS h ("seriesId", "hour", "offsets", "numbers", "texts", "min", "max", "sum")
      SELECT * FROM hours ORDER BY "seriesId", "hour"
      ON CONFLICT ("seriesId", "hour") DO UPDATE SET ("offsets", "numbers", "texts", "min", "max", "sum") = (
        SELECT array_agg(m."offset" ORDER BY m."offset"),
          CASE WHEN bool_or(m."number" IS NOT NULL) THEN array_agg(m."number" ORDER BY m."offset") END,
          CASE WHEN bool_or(m."text" IS NOT NULL) THEN array_agg(m."text" ORDER BY m."offset") END,
          min(m."number"), max(m."number"), sum(m."number")
        FROM (
          SELECT * FROM unnest(h."offsets", h."numbers", h."texts") AS o("offset", "number", "text")
          UNION ALL SELECT * FROM unnest(EXCLUDED."offsets", EXCLUDED."numbers", EXCLUDED."texts") AS n("offset", "number", "text")
        ) AS m)
      RETURNING 1
    ), epochs AS (
      -- The latest reading is its field's current value: a new one advances the item's passport epoch, as a change
      -- of its values does (the cache forgets, the model's surrogate key is purged); once per item and transaction.
      UPDATE "item" SET "passportEpoch" = "passportEpoch" + 1
      WHERE "id" IN (SELECT "item" FROM fresh) AND "xmin" <> pg_current_xact_id()::xid
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM fresh)::int AS "stored", (SELECT count(*) FROM upserted)::int AS "hours",
      (SELECT count(*) FROM epochs)::int AS "items",
      (SELECT json_agg(json_build_object('itemId', "item", 'dataSectionId', "section", 'dataFieldId', "field",
          'at', to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        FROM (SELECT * FROM conflicts ORDER BY "item", "section", "field", "at" LIMIT ${limit}) AS c) AS "conflicts"`;
  return { stored: row?.stored ?? 0, conflicts: row?.conflicts ?? [] };
}

/** An item's latest reading of each field with readings, and the latest of their instants. */
export type LatestReadings = { values: TDataValue[]; at: Date };

/**
 * The latest reading of each field of the given items that has readings, as the field's value at row 0 (a
 * NumericField's as its decimal string): one backward step on the primary key per series to its latest hour, whose
 * arrays' last element it is.
 */
export async function latestReadings(db: Tx, itemIds: readonly string[]): Promise<Map<string, LatestReadings>> {
  const rows = await db.$queryRaw<{ item: string; s: string; f: string; at: Date; number: number | null; text: string | null }[]>`
    SELECT s."itemId"::text AS "item", s."dataSectionId"::text AS "s", s."dataFieldId"::text AS "f",
      ${instantAt(Prisma.sql`h."hour"`, Prisma.sql`h."offsets"[h."n"]`)} AS "at", h."numbers"[h."n"] AS "number", h."texts"[h."n"] AS "text"
    FROM "reading_series" AS s
      CROSS JOIN LATERAL (
        SELECT "hour", "offsets", "numbers", "texts", cardinality("offsets") AS "n" FROM "reading_hour"
        WHERE "seriesId" = s."id" ORDER BY "hour" DESC LIMIT 1
      ) AS h
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
 * readings is 8,760 rows whose arrays stay closed but for their last element; shorter ones group the readings of their
 * window, unnested from its hours' arrays (a range scan of the primary key). Only the buckets cross the driver.
 */
export async function readBuckets(db: Tx, seriesId: number, window: BucketWindow): Promise<BucketRow[]> {
  const fromS = window.from.getTime() / 1000;
  const widthS = window.widthMs / 1000;
  const last = Prisma.sql`cardinality("offsets")`;
  const source = window.isHourly
    ? Prisma.sql`SELECT "hour" AS "t", ${last} AS "count", "min", "max", "sum",
          ${instantAt(Prisma.sql`"hour"`, Prisma.sql`"offsets"[${last}]`)} AS "lastAt",
          "numbers"[${last}] AS "lastNumber", "texts"[${last}] AS "lastText" FROM "reading_hour"
        WHERE "seriesId" = ${seriesId} AND "hour" >= ${window.from} AND "hour" < ${window.to}`
    : Prisma.sql`SELECT * FROM (
          SELECT ${instantAt(Prisma.sql`h."hour"`, Prisma.sql`u."offset"`)} AS "t", 1 AS "count", u."number" AS "min",
            u."number" AS "max", u."number" AS "sum", ${instantAt(Prisma.sql`h."hour"`, Prisma.sql`u."offset"`)} AS "lastAt",
            u."number" AS "lastNumber", u."text" AS "lastText"
          FROM "reading_hour" AS h CROSS JOIN LATERAL unnest(h."offsets", h."numbers", h."texts") AS u("offset", "number", "text")
          WHERE h."seriesId" = ${seriesId} AND h."hour" >= date_trunc('hour', ${window.from}::timestamptz, 'UTC')
            AND h."hour" < ${window.to}
        ) AS r WHERE r."t" >= ${window.from} AND r."t" < ${window.to}`;
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
      min(h."hour") AS "firstHour", max(${instantAt(Prisma.sql`h."hour"`, Prisma.sql`h."offsets"[cardinality(h."offsets")]`)}) AS "lastAt"
    FROM "reading_series" AS s JOIN "reading_hour" AS h ON h."seriesId" = s."id"
    WHERE s."itemId" = ${itemId}::uuid
    GROUP BY s."id" HAVING bool_or(h."numbers"[cardinality(h."offsets")] IS NOT NULL)
    ORDER BY s."id"`;
}
