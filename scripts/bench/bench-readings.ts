import type pg from "pg";

/**
 * Use data over time (issue 35 point 4, README §Performance, docs/readings.md): a fleet of 10,000 batteries sending
 * one reading a minute each through the fleet route — every second the sixtieth of the fleet whose second it is, one
 * request of ~167 readings, sent on schedule whatever the answers take (open loop) — for BENCH_READINGS_S seconds
 * (60 by default; the 5 minutes with BENCH_READINGS_S=300), with each request's latency and the rows stored
 * per second; then a year of minute readings of one battery (525,600 readings in 8,760 hour rows, inserted by SQL as
 * the write stores them) read downsampled to 500 points; and the bytes a stored reading takes on disk, the primary
 * key and TOAST included.
 */
export type ReadingsBenchContext = {
  organizationId: string;
  userId: string;
  call: (method: string, suffix: string, body?: unknown) => Promise<unknown>;
  timed: (work: () => Promise<unknown>) => Promise<number>;
  median: (values: number[]) => number;
};

const FLEET = 10_000;
const WINDOW_S = Number(process.env.BENCH_READINGS_S ?? 60);
const YEAR_MINUTES = 525_600;
const POINTS = 500;
const READ_RUNS = 5;

function readingsTemplate() {
  const ids = { section: crypto.randomUUID(), health: crypto.randomUUID(), status: crypto.randomUUID() };
  const definition = {
    id: crypto.randomUUID(),
    name: "Readings bench battery",
    sections: [
      {
        id: ids.section,
        name: "Product condition",
        type: "Group",
        granularityLevel: "Item",
        dataFields: [
          { id: ids.health, name: "State of health", type: "NumericField", granularityLevel: "Item", options: { unit: "%" } },
          { id: ids.status, name: "Battery status", type: "TextField", granularityLevel: "Item" },
        ],
      },
    ],
  };
  return { ids, definition };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The fleet at one reading a minute each, for WINDOW_S seconds: latencies of the requests, rows stored per second. */
async function ingest(context: ReadingsBenchContext, modelId: string, itemIds: string[], ids: { section: string; health: string }) {
  const start = Date.now();
  const latencies: number[] = [];
  let stored = 0;
  const sent: Promise<void>[] = [];
  process.stderr.write(`  readings: ${FLEET.toLocaleString("en")} batteries × 1/min through the fleet route for ${WINDOW_S} s `);
  for (let second = 0; second < WINDOW_S; second++) {
    const due = start + second * 1000;
    // Pacing an open-loop load: the next batch leaves at its second, not when the previous one is answered.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const at = new Date(due).toISOString();
    const body = itemIds
      .filter((_, b) => b % 60 === second % 60)
      .map((itemId, b) => ({
        itemId,
        dataSectionId: ids.section,
        dataFieldId: ids.health,
        at,
        value: 100 - ((second + b) % 200) / 10,
      }));
    const began = performance.now();
    sent.push(
      (context.call("POST", `/models/${modelId}/readings`, body) as Promise<{ stored: number }>).then((answer) => {
        latencies.push(performance.now() - began);
        stored += answer.stored;
      }),
    );
    if (second % 10 === 0) process.stderr.write(".");
  }
  await Promise.all(sent);
  const elapsedS = (Date.now() - start) / 1000;
  process.stderr.write("\n");
  return {
    windowS: WINDOW_S,
    requests: latencies.length,
    readingsPerRequest: Math.round(FLEET / 60),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    rowsPerS: stored / elapsedS,
  };
}

/** A year of minute readings of one battery by SQL, then the series read downsampled to POINTS through the API. */
async function yearRead(
  context: ReadingsBenchContext,
  client: pg.Client,
  modelId: string,
  itemId: string,
  ids: { section: string; health: string },
) {
  const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const from = new Date(to.getTime() - YEAR_MINUTES * 60_000);
  // Stored as the write statement stores them (reading-sql.ts): one row per hour, offsets and values sorted.
  await client.query(
    `WITH s AS (INSERT INTO "reading_series" ("itemId", "dataSectionId", "dataFieldId") VALUES ($1, $2, $3) RETURNING "id"),
     r AS (SELECT $4::timestamptz + make_interval(mins => m) AS "at", 100 - m / 10000.0 + sin(m / 60.0) AS "number"
           FROM generate_series(0, $5 - 1) AS m)
     INSERT INTO "reading_hour" ("seriesId", "hour", "offsets", "numbers", "min", "max", "sum")
     SELECT s."id", date_trunc('hour', r."at", 'UTC') AS "hour",
       array_agg((extract(epoch FROM r."at" - date_trunc('hour', r."at", 'UTC')) * 1000)::int ORDER BY r."at"),
       array_agg(r."number" ORDER BY r."at"), min(r."number"), max(r."number"), sum(r."number")
     FROM s, r GROUP BY 1, 2`,
    [itemId, ids.section, ids.health, from.toISOString(), YEAR_MINUTES],
  );
  await client.query(`VACUUM ANALYZE "reading_hour"`);
  const query = `?dataFieldId=${ids.health}&from=${from.toISOString()}&to=${to.toISOString()}&points=${POINTS}`;
  const path = `/models/${modelId}/items/${itemId}/readings${query}`;
  const runs: number[] = [];
  let buckets = 0;
  for (let run = 0; run < READ_RUNS; run++) {
    runs.push(
      await context.timed(async () => (buckets = ((await context.call("GET", path)) as { buckets: unknown[] }).buckets.length)),
    );
  }
  return { rows: YEAR_MINUTES, points: buckets, medianMs: context.median(runs), maxMs: Math.max(...runs) };
}

/**
 * Bytes on disk per stored reading over every reading stored (pg_total_relation_size: the hour rows with their
 * arrays, their primary key and TOAST), and the rows the readings are stored in.
 */
async function bytesPerReading(client: pg.Client) {
  const { rows } = await client.query<{ rows: string; readings: string; total: string; heap: string; index: string; toast: string }>(
    `SELECT count(*) AS "rows", sum(cardinality("offsets")) AS "readings", pg_total_relation_size('"reading_hour"') AS "total",
       pg_relation_size('"reading_hour"') AS "heap", pg_indexes_size('"reading_hour"') AS "index",
       pg_total_relation_size('"reading_hour"') - pg_relation_size('"reading_hour"') - pg_indexes_size('"reading_hour"') AS "toast"
     FROM "reading_hour"`,
  );
  const row = rows[0];
  const count = Number(row?.readings ?? 1);
  return {
    rows: count,
    hourRows: Number(row?.rows ?? 0),
    bytesPerReading: Number(row?.total ?? 0) / count,
    heapBytesPerReading: Number(row?.heap ?? 0) / count,
    indexBytesPerReading: Number(row?.index ?? 0) / count,
    toastBytesPerReading: Number(row?.toast ?? 0) / count,
  };
}

const loadAverage = async () => (await import("node:fs/promises")).readFile("/proc/loadavg", "utf8").catch(() => "n/a");

export async function readingsBench(context: ReadingsBenchContext, client: pg.Client) {
  const { importTemplate } = await import("~/server/services/templates/import-template");
  const template = readingsTemplate();
  await importTemplate({ organizationId: context.organizationId, createdByUserId: context.userId, definition: template.definition });
  const model = (await context.call("POST", "/models", { name: "Readings bench fleet", templateId: template.definition.id })) as {
    id: string;
  };
  const created = (await context.call("POST", `/models/${model.id}/items/bulk`, { count: FLEET })) as { id: string }[];
  const itemIds = created.map((item) => item.id);
  const loadBefore = await loadAverage();
  const ingestion = await ingest(context, model.id, itemIds, template.ids);
  const loadAfter = await loadAverage();
  const oneBattery = (await context.call("POST", `/models/${model.id}/items`, {})) as { id: string };
  const year = await yearRead(context, client, model.id, oneBattery.id, template.ids);
  const storage = await bytesPerReading(client);
  console.log(`\n| readings | figure | target |`);
  console.log("|---|---:|---:|");
  console.log(
    `| ingestion p99, ${FLEET.toLocaleString("en")} batteries × 1/min (${ingestion.readingsPerRequest} readings a request, 1 request/s, ${WINDOW_S} s) | ${ingestion.p99Ms.toFixed(1)} ms (p50 ${ingestion.p50Ms.toFixed(1)}) | ≤ 200 ms |`,
  );
  console.log(`| rows stored per second | ${ingestion.rowsPerS.toFixed(0)} | ≥ 167 |`);
  console.log(
    `| a year of minute readings (${year.rows.toLocaleString("en")}) read as ${year.points} points | ${year.medianMs.toFixed(1)} ms median (max ${year.maxMs.toFixed(1)}) | ≤ 200 ms |`,
  );
  console.log(
    `| bytes per stored reading (${storage.rows.toLocaleString("en")} readings in ${storage.hourRows.toLocaleString("en")} hour rows) | ${storage.bytesPerReading.toFixed(1)} (heap ${storage.heapBytesPerReading.toFixed(1)}, primary key ${storage.indexBytesPerReading.toFixed(1)}, TOAST ${storage.toastBytesPerReading.toFixed(1)}) | ≤ 64 |`,
  );
  console.log(`load average before the ingestion: ${loadBefore.trim()}; after: ${loadAfter.trim()}`);
  return { ingestion, year, storage };
}
