import { afterEach, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "~/server/db/migrate";
import { withClient } from "./support/fresh-database";
import { databaseMigratedBefore, insertOwnerRows } from "./support/migrated-before";

/**
 * The reading-arrays migration on a database that already holds readings (docs/readings.md §Storage): each series'
 * readings of an hour become its hour row's arrays, sorted by instant, the roll-ups recomputed, and the row-per-reading
 * table is gone.
 */

const ARRAYS_MIGRATION = "20261208040000_reading_hour_arrays";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it("moves each series' readings of an hour into that hour's arrays and drops the reading table", async () => {
  const fresh = await databaseMigratedBefore(ARRAYS_MIGRATION);
  cleanups.push(fresh.drop);

  const [org, user, template, model, item] = ["org-a", "user-1", crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const [section, health, status] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const series = await withClient(fresh.url, async (client) => {
    await insertOwnerRows(client, { org, user, template, model, item });
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "reading_series" ("itemId", "dataSectionId", "dataFieldId") VALUES ($1, $2, $3), ($1, $2, $4) RETURNING "id"`,
      [item, section, health, status],
    );
    const [numbers, texts] = rows.map((row) => row.id) as [number, number];
    // Inserted out of order (a back-fill), over two hours; the roll-ups as the old write kept them.
    await client.query(
      `INSERT INTO "reading" ("seriesId", "at", "number", "text") VALUES
         ($1, '2026-01-01T10:59:59.999Z', 97, NULL), ($1, '2026-01-01T10:00:00.000Z', 99.5, NULL),
         ($1, '2026-01-01T10:30:00.250Z', 98, NULL), ($1, '2026-01-01T11:00:00.000Z', 96.25, NULL),
         ($2, '2026-01-01T10:15:00.000Z', NULL, 'original'), ($2, '2026-01-01T10:05:00.000Z', NULL, 'repurposed')`,
      [numbers, texts],
    );
    await client.query(
      `INSERT INTO "reading_hour" ("seriesId", "hour", "count", "min", "max", "sum", "lastAt", "lastNumber", "lastText")
       SELECT "seriesId", date_trunc('hour', "at", 'UTC'), count(*), min("number"), max("number"), sum("number"), max("at"),
         (array_agg("number" ORDER BY "at" DESC))[1], (array_agg("text" ORDER BY "at" DESC))[1]
       FROM "reading" GROUP BY 1, 2`,
    );
    return { numbers, texts };
  });

  const result = await migrate(fresh.url, MIGRATIONS_DIR);
  expect(result.applied[0]).toBe(ARRAYS_MIGRATION);
  await withClient(fresh.url, async (client) => {
    const { rows } = await client.query(
      `SELECT "seriesId", to_char("hour" AT TIME ZONE 'UTC', 'HH24:MI') AS "hour", "offsets", "numbers", "texts",
         "min", "max", "sum"
       FROM "reading_hour" ORDER BY "seriesId", "hour"`,
    );
    expect(rows).toEqual([
      {
        seriesId: series.numbers,
        hour: "10:00",
        offsets: [0, 1_800_250, 3_599_999],
        numbers: [99.5, 98, 97],
        texts: null,
        min: 97,
        max: 99.5,
        sum: 294.5,
      },
      { seriesId: series.numbers, hour: "11:00", offsets: [0], numbers: [96.25], texts: null, min: 96.25, max: 96.25, sum: 96.25 },
      {
        seriesId: series.texts,
        hour: "10:00",
        offsets: [300_000, 900_000],
        numbers: null,
        texts: ["repurposed", "original"],
        min: null,
        max: null,
        sum: null,
      },
    ]);
    const { rows: tables } = await client.query(`SELECT to_regclass('reading') AS "table"`);
    expect(tables).toEqual([{ table: null }]);
  });
});
