import pg from "pg";
import { repeaterValues } from "./bench-template";
import type { BenchTemplate } from "./bench-template";

/**
 * Writers that should not queue (`BENCH_ONLY=writers`): 32 writers at once, each patching 10 values of its own item
 * of one model, and 32 writers each patching the 10 values of its own repeater row of one model. Every request
 * changes its values (they alternate), so each one is a real write: lock, values, history, version, answer.
 * Throughput and p50/p99, and — on PostgreSQL — how many of the writers' connections were waiting on a lock,
 * sampled every 50 ms from pg_stat_activity, and on what (a row's tuple lock, another transaction's id).
 */

type Call = (method: string, suffix: string, body?: unknown) => Promise<unknown>;

export type WritersBenchContext = {
  template: BenchTemplate;
  call: Call;
  /** The organization's API base, `http://…/api/organizations/{id}`. */
  base: string;
  token: string;
  createModel: () => Promise<string>;
  connections: number;
  durationS: number;
};

type WritersRow = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** Mean number of the database's connections waiting on a lock while the writers ran (null on PGlite). */
  waitingOnLocks: number | null;
  waits: string;
};

export async function writersBench(context: WritersBenchContext, client: pg.Client | null): Promise<WritersRow[]> {
  const { template, connections } = context;
  const itemModel = await context.createModel();
  await context.call("POST", `/models/${itemModel}/items/bulk`, { count: connections });
  const listed = (await context.call("GET", `/models/${itemModel}/items?limit=${connections}`)) as { id: string }[];
  const itemIds = listed.map((item) => item.id);
  if (itemIds.length < connections) throw new Error(`Expected ${connections} items, got ${itemIds.length}`);
  const rowModel = await context.createModel();
  await context.call("POST", `/models/${rowModel}/data-values`, repeaterValues(template, connections * 10, "w"));

  const rows: WritersRow[] = [];
  rows.push(
    await load(context, client, `${connections} writers, own item of one model (10 values each)`, (writer, n) => ({
      path: `/models/${itemModel}/items/${itemIds[writer]}/data-values`,
      body: template.itemFields.map(([dataSectionId, dataFieldId]) => ({ value: `i${n % 2}`, dataSectionId, dataFieldId, row: 0 })),
    })),
  );
  rows.push(
    await load(context, client, `${connections} writers, own row of one model (10 values each)`, (writer, n) => ({
      path: `/models/${rowModel}/data-values`,
      body: repeaterValues(template, 10, `r${n % 2}`).map((value) => ({ ...value, row: writer })),
    })),
  );
  console.log(`\n| writers (${context.durationS} s) | requests/s | p50 (ms) | p99 (ms) | failed | waiting on a lock (mean) | on |`);
  console.log("|---|---:|---:|---:|---:|---:|---|");
  for (const row of rows) {
    const waiting = row.waitingOnLocks === null ? "n/a" : row.waitingOnLocks.toFixed(1);
    console.log(
      `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Ms.toFixed(0)} | ${row.p99Ms.toFixed(0)} | ${row.failures} | ${waiting} | ${row.waits} |`,
    );
  }
  return rows;
}

async function load(
  context: WritersBenchContext,
  client: pg.Client | null,
  name: string,
  request: (writer: number, n: number) => { path: string; body: unknown },
): Promise<WritersRow> {
  process.stderr.write(`  ${name}\n`);
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + context.durationS * 1000;
  const sampler = client ? sampleLockWaits(client) : null;
  await Promise.all(
    Array.from({ length: context.connections }, async (_, writer) => {
      for (let n = 0; performance.now() < end; n++) {
        const { path, body } = request(writer, n);
        const start = performance.now();
        const response = await fetch(`${context.base}${path}`, {
          method: "PATCH",
          headers: { api_token: context.token, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - start);
        if (response.status !== 200) failures++;
      }
    }),
  );
  const waits = sampler ? await sampler.stop() : null;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    requestsPerSecond: latencies.length / context.durationS,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
    waitingOnLocks: waits?.mean ?? null,
    waits: waits?.on ?? "n/a",
  };
}

/** Samples, every 50 ms until stopped, how many of the database's backends wait on a lock, and on which kind. */
function sampleLockWaits(client: pg.Client) {
  let running = true;
  let samples = 0;
  let waiting = 0;
  const kinds = new Map<string, number>();
  const done = (async () => {
    while (running) {
      const result = await client.query<{ wait_event: string; n: number }>(
        `SELECT wait_event, count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' GROUP BY 1`,
      );
      samples++;
      for (const row of result.rows) {
        waiting += row.n;
        kinds.set(row.wait_event, (kinds.get(row.wait_event) ?? 0) + row.n);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const on = [...kinds].map(([kind, n]) => `${kind} ${(n / Math.max(samples, 1)).toFixed(1)}`).join(", ");
      return { mean: waiting / Math.max(samples, 1), on: on || "—" };
    },
  };
}
