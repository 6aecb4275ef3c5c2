import { mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { prepareLoadRun, useDatabase } from "./bench/prepare-load-run";
import { liveHeapMb, startApp } from "./bench/bench-app";
import { repeaterValues } from "./bench/bench-template";
import { type BenchWorld, createBenchWorld } from "./bench/bench-world";
import { spawnBareHandler } from "./bench/bare-handler";
import { writersBench } from "./bench/bench-writers";
import { floorAdd, floorModify, floorRead } from "./bench/floor";
import { itemBench } from "./bench/bench-items";
import { createFreshPostgresDatabase } from "./support/fresh-postgres-database";
import { startNginx } from "./support/nginx";
import { aasBench } from "./bench/bench-aas";
import { sheetsBench } from "./bench/bench-sheets";
import { versionsBench } from "./bench/bench-versions";
import { languagesBench } from "./bench/bench-languages";
import { nestedBench } from "./bench/bench-nested";
import { readingsBench } from "./bench/bench-readings";
import { scaleBench } from "./bench/bench-scale";

/**
 * `npm run bench`: the app on a fresh embedded database (and on PostgreSQL when BENCH_DATABASE_URL is set).
 * Bulk: for 1,000 / 10,000 / 100,000 data values in one request, the median time of add, modify and read-model over
 * HTTP, beside the same work as plain SQL through pg on the same database (the floor). Throughput: requests/s and
 * p50/p99 latency of GET template, GET model and PATCH data-values (10 values) at 32 connections. Anonymous
 * passport reads through nginx with the shipped micro-cache (deploy/nginx/) beside the same reads straight to the app.
 * The AAS export of 10,000 values beside reading them as the contract's JSON. The spreadsheet import of 10,000 items
 * and export of 100,000 beside plain SQL, with the app's peak RSS during the export (scripts/bench/bench-sheets.ts).
 * Published versions: publishing 1,000 items beside reading their passports, signing's share of it, and a version
 * read beside the cached passport read. The passport read negotiating a language beside the read that asks for none
 * (scripts/bench/bench-languages.ts). A three-level nested list (100 × 10 × 10 rows) written and read beside plain SQL
 * (scripts/bench/bench-nested.ts). Readings: a 10,000-battery fleet's minute readings through the fleet route, a year of
 * one battery's read as 500 points, and bytes per stored reading (scripts/bench/bench-readings.ts). Flat at scale: the
 * reads of an item, its identifier, its passport and shell, the export and the key documents at 10,000 items / 10
 * organizations and at 1,000,000 items / 10,000 organizations (scripts/bench/bench-scale.ts).
 */

// BENCH_SIZES=1000,10000 measures a subset, for a quick look; the README's figures use all three.
const ONLY_SIZES = process.env.BENCH_SIZES?.split(",").map(Number);
// `read`: the GET right after the modify, which the write's answer kept (model-cache.ts); `reread`: the same GET again,
// BENCH_REREADS times (1 unless set), of the model unchanged since; `cold read`: a GET after one value changed through
// SQL, as another app server's write would, so the model is read and assembled in full. Their floor is the read's.
const REREADS = Number(process.env.BENCH_REREADS ?? 1);
const BULK_OPERATIONS = ["add", "modify", "read", "reread", "cold read"] as const;
const SIZES = [
  { count: 1_000, runs: 7 },
  { count: 10_000, runs: 5 },
  { count: 100_000, runs: 3 },
].filter((size) => !ONLY_SIZES || ONLY_SIZES.includes(size.count));
// BENCH_ONLY=nginx measures only the anonymous passport reads through nginx vs straight to the app, BENCH_ONLY=aas
// only the AAS export row, BENCH_ONLY=sheets only the spreadsheet import and export rows, BENCH_ONLY=versions only the
// published versions' ratios, BENCH_ONLY=languages only the negotiated passport reads, BENCH_ONLY=nested only the
// nested list's write and read, BENCH_ONLY=bulk only the bulk table, BENCH_ONLY=readings only the fleet's readings,
// the year's read and bytes per reading, BENCH_ONLY=writers only the 32 concurrent writers,
// BENCH_ONLY=bare only the app beside the bare handler, BENCH_ONLY=scale only the reads at 10,000 and 1,000,000 items
// (scripts/bench/bench-scale.ts; each a quick look).
const ONLY = process.env.BENCH_ONLY;
const ONLY_CHOICES = ["nginx", "aas", "sheets", "versions", "languages", "nested", "bulk", "readings", "writers", "bare", "scale"];
if (ONLY !== undefined && !ONLY_CHOICES.includes(ONLY)) {
  throw new Error(`BENCH_ONLY=${ONLY}: only ${ONLY_CHOICES.map((choice) => `"${choice}"`).join(", ")}`);
}
const CONNECTIONS = 32;
// The scale rows compare one read with itself at two sizes; 8 connections keep each under the app's pool.
const SCALE_CONNECTIONS = 8;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3789);
// BENCH_BARE_PORT when the port after BENCH_PORT is taken (several checkouts benching side by side); nginx the next.
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? PORT + 1);
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? BARE_PORT + 1);
// The app and the bare handler take turns, BARE_ROUNDS windows each of DURATION_S / BARE_ROUNDS seconds (bareComparison);
// BENCH_TURNS=20 on a busy machine, where a few long windows still give one side a quieter one than the other.
const BARE_ROUNDS = Number(process.env.BENCH_TURNS ?? 5);
const SETTLE_MS = 300;
// BENCH_B_DIR: another checkout of the app with its own node_modules and build (`npm run build` there first), run beside
// this one in BENCH_ONLY=bare on BENCH_B_PORT and taking turns with it and the bare handler, and in BENCH_ONLY=bulk
// doing each run's writes and read beside it: an A/B of two builds (a Next version, a setting, a statement) whose
// ratio holds on a machine shared with other work, where runs minutes apart do not.
const B_DIR = process.env.BENCH_B_DIR;
const B_PORT = Number(process.env.BENCH_B_PORT ?? NGINX_PORT + 1);

const { resultsDir } = prepareLoadRun();
const { startEmbeddedServer } = await import("~/server/db/embedded-server");
// The app, the bare handler and this client all run on this process's Node (startApp spawns process.execPath): its
// version moves every figure (README §Performance, Node 20 and Node 24), so each report names it.
const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
console.log(`Node ${process.version}, ${availableParallelism()} cores`);

// BENCH_SKIP_EMBEDDED=1 measures PostgreSQL only (with BENCH_DATABASE_URL): a quick look at one database.
if (process.env.BENCH_SKIP_EMBEDDED !== "1") {
  const embeddedDir = mkdtempSync(path.join(tmpdir(), "passport-bench-"));
  const embedded = await startEmbeddedServer({ dataDir: embeddedDir });
  report.pglite = await benchBackend("PGlite (embedded)", embedded.url);
  await embedded.stop();
}

if (process.env.BENCH_DATABASE_URL) {
  const { url, drop } = await createFreshPostgresDatabase(process.env.BENCH_DATABASE_URL, "passport_bench");
  report.postgres = await benchBackend("PostgreSQL", url);
  await drop();
}

writeFileSync(path.join(resultsDir, "bench.json"), JSON.stringify(report, null, 2));
console.log(`\nRaw figures: ${path.join(resultsDir, "bench.json")}`);
process.exit(0);

async function benchBackend(label: string, databaseUrl: string) {
  console.log(`\n## ${label}`);
  await useDatabase(databaseUrl);
  const world = await createBenchWorld();
  const heapProbeFile = path.join(resultsDir, `heap-${label.split(" ")[0]}.json`);
  const logFile = path.join(resultsDir, `app-${label.split(" ")[0]}.log`);
  const app = await startApp({ databaseUrl, port: PORT, logFile, heapProbeFile });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const aasContext = {
      template: world.template,
      call: (method: string, suffix: string, body?: unknown) => call(world, method, suffix, body),
      timed,
      createModel: () => createModel(world),
      median,
    };
    if (ONLY === "nginx") return { nginx: await nginxComparison(world) };
    if (ONLY === "aas") return { aas: await aasBench(aasContext) };
    const sheetsContext = {
      ...{ organizationId: world.organizationId, userId: world.userId, port: PORT, token: world.token, app, timed },
      liveHeapMb: () => liveHeapMb(app, heapProbeFile),
    };
    if (ONLY === "sheets") return { sheets: await sheetsBench(sheetsContext, client) };
    const versionsContext = { ...aasContext, origin: `http://localhost:${PORT}` };
    if (ONLY === "versions") return { versions: await versionsBench(versionsContext) };
    const languagesContext = {
      ...{ organizationId: world.organizationId, userId: world.userId, origin: `http://127.0.0.1:${PORT}` },
      ...{ connections: CONNECTIONS, durationS: DURATION_S, call: aasContext.call },
      updateOrganization: (body: unknown) => call(world, "PATCH", "", body),
    };
    if (ONLY === "languages") return { languages: await languagesBench(languagesContext) };
    const nestedContext = { organizationId: world.organizationId, userId: world.userId, call: aasContext.call, timed, median };
    if (ONLY === "nested") return { nested: await nestedBench(nestedContext, client) };
    if (ONLY === "readings") return { readings: await readingsBench(nestedContext, client) };
    const writersContext = {
      ...{ template: world.template, call: aasContext.call, createModel: aasContext.createModel, token: world.token },
      ...{ base: url(world, ""), connections: CONNECTIONS, durationS: DURATION_S },
    };
    // PGlite has one connection: nothing there waits on a lock, and a sampling query would queue behind the writers.
    const lockClient = label === "PostgreSQL" ? client : null;
    if (ONLY === "writers") return { writers: await writersBench(writersContext, lockClient) };
    if (ONLY === "bare") return { bare: await bareComparison(world, databaseUrl, client) };
    const scaleContext = {
      ...{ origin: `http://127.0.0.1:${PORT}`, publicBaseUrl: `http://localhost:${PORT}` },
      ...{ connections: SCALE_CONNECTIONS, durationS: DURATION_S, median, timed },
    };
    if (ONLY === "scale") return { scale: await scaleBench(scaleContext, client) };
    const bulk = await bulkBench(world, client, databaseUrl);
    if (ONLY === "bulk") return { bulk };
    const throughput = await throughputBench(world);
    const writers = await writersBench(writersContext, lockClient);
    const bare = await bareComparison(world, databaseUrl, client);
    const items = await itemBench(
      {
        organizationId: world.organizationId,
        templateId: world.template.definition.id,
        itemFields: world.template.itemFields,
        call: (method, suffix, body) => call(world, method, suffix, body),
        timed,
        createModel: () => createModel(world),
        median,
      },
      client,
    );
    const nginx = await nginxComparison(world);
    const aas = await aasBench(aasContext);
    const sheets = await sheetsBench(sheetsContext, client);
    const versions = await versionsBench(versionsContext);
    const languages = await languagesBench(languagesContext);
    const nested = await nestedBench(nestedContext, client);
    const readings = await readingsBench(nestedContext, client);
    // Last: it grows the database to a million items, which the rows above must not read.
    const scale = await scaleBench(scaleContext, client);
    return { bulk, throughput, writers, bare, items, nginx, aas, sheets, versions, languages, nested, readings, scale };
  } finally {
    await client.end();
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
    // The next backend needs a new client, and an auth instance whose adapter does not hold the old one.
    const { closeDb } = await import("~/server/db/client");
    const { resetAuth } = await import("~/server/auth/auth");
    await closeDb();
    resetAuth();
  }
}

type World = BenchWorld;

function url(world: World, suffix: string, port = PORT): string {
  return `http://localhost:${port}/api/organizations/${world.organizationId}${suffix}`;
}

async function call(world: World, method: string, suffix: string, body?: unknown, port = PORT): Promise<unknown> {
  const response = await fetch(url(world, suffix, port), {
    method,
    headers: { api_token: world.token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${method} ${suffix} → ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function createModel(world: World, port = PORT): Promise<string> {
  const body = { name: "Bench model", templateId: world.template.definition.id };
  const model = (await call(world, "POST", "/models", body, port)) as { id: string };
  return model.id;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

type BulkTimes = { add: number[]; modify: number[]; read: number[]; reread: number[]; "cold read": number[] };
type BulkRow = { values: number; operation: string; apiMs: number; floorMs: number; ratio: number; bMs?: number; bRatio?: number };

/** With BENCH_B_DIR, B (the other build, on the same database) does the same writes and read in every run, in turns. */
async function bulkBench(world: World, client: pg.Client, databaseUrl: string) {
  const appB = B_DIR ? await startApp({ databaseUrl, port: B_PORT, logFile: path.join(resultsDir, "app-B.log"), cwd: B_DIR }) : null;
  const rows: BulkRow[] = [];
  try {
    for (const { count, runs } of SIZES) {
      const [api, b, floor] = [emptyTimes(), emptyTimes(), emptyTimes()];
      const added = repeaterValues(world.template, count, "a");
      const modified = repeaterValues(world.template, count, "m");
      process.stderr.write(`  ${count.toLocaleString("en")} values × ${runs} runs `);
      for (let run = 0; run < runs; run++) {
        process.stderr.write(".");
        const apis = [
          () => apiBulk(world, client, api, { added, modified }, PORT),
          () => apiBulk(world, client, b, { added, modified }, B_PORT),
        ];
        // Each build goes first in every other run: neither always meets the database after the floor's work.
        for (const work of appB ? (run % 2 ? apis.reverse() : apis) : apis.slice(0, 1)) await work();
        const floorModel = await createModel(world);
        floor.add.push(await timed(() => floorAdd(client, floorModel, added)));
        floor.modify.push(await timed(() => floorModify(client, floorModel, modified)));
        floor.read.push(await timed(() => floorRead(client, floorModel)));
      }
      process.stderr.write("\n");
      for (const op of BULK_OPERATIONS) {
        const [apiMs, floorMs] = [median(api[op]), median(floor[op === "add" || op === "modify" ? op : "read"])];
        const bMs = appB ? median(b[op]) : undefined;
        rows.push({ values: count, operation: op, apiMs, floorMs, ratio: apiMs / floorMs, bMs, bRatio: bMs && bMs / floorMs });
      }
    }
  } finally {
    appB?.kill();
  }
  printBulk(rows);
  return rows;
}

function emptyTimes(): BulkTimes {
  return { add: [], modify: [], read: [], reread: [], "cold read": [] };
}

/** One run of the API's add, modify and reads of a new model, on the app at `port`. */
async function apiBulk(
  world: World,
  client: pg.Client,
  times: BulkTimes,
  { added, modified }: { added: unknown[]; modified: unknown[] },
  port: number,
) {
  const modelId = await createModel(world, port);
  const values = `/models/${modelId}/data-values`;
  times.add.push(await timed(() => call(world, "POST", values, added, port)));
  times.modify.push(await timed(() => call(world, "PATCH", values, modified, port)));
  times.read.push(await timed(() => call(world, "GET", `/models/${modelId}`, undefined, port)));
  for (let again = 0; again < REREADS; again++) {
    times.reread.push(await timed(() => call(world, "GET", `/models/${modelId}`, undefined, port)));
  }
  await client.query(`UPDATE "data_value" SET "value" = 'elsewhere' WHERE "modelId" = $1::uuid AND "row" = 0`, [modelId]);
  times["cold read"].push(await timed(() => call(world, "GET", `/models/${modelId}`, undefined, port)));
}

function printBulk(rows: BulkRow[]): void {
  const hasB = rows.some((row) => row.bMs !== undefined);
  if (hasB) console.log(`\nB: ${B_DIR}`);
  console.log(
    hasB
      ? "\n| values | operation | API median (ms) | B median (ms) | plain SQL median (ms) | ratio | B ratio | API ÷ B |"
      : "\n| values | operation | API median (ms) | plain SQL median (ms) | ratio |",
  );
  console.log(hasB ? "|---:|---|---:|---:|---:|---:|---:|---:|" : "|---:|---|---:|---:|---:|");
  for (const row of rows) {
    const [values, api, floor] = [row.values.toLocaleString("en"), row.apiMs.toFixed(1), row.floorMs.toFixed(1)];
    console.log(
      row.bMs !== undefined
        ? `| ${values} | ${row.operation} | ${api} | ${row.bMs.toFixed(1)} | ${floor} | ${row.ratio.toFixed(2)} | ` +
            `${row.bRatio?.toFixed(2)} | ${(row.apiMs / row.bMs).toFixed(2)} |`
        : `| ${values} | ${row.operation} | ${api} | ${floor} | ${row.ratio.toFixed(2)} |`,
    );
  }
  for (const op of BULK_OPERATIONS) {
    const at = (count: number) => rows.find((row) => row.values === count && row.operation === op)?.apiMs;
    const [small, large] = [at(10_000), at(100_000)];
    if (small !== undefined && large !== undefined) console.log(`growth ${op}: 100k / 10k = ${(large / small).toFixed(1)}×`);
  }
}

async function throughputBench(world: World) {
  const modelId = await createModel(world);
  await call(world, "POST", `/models/${modelId}/data-values`, repeaterValues(world.template, 100, "t"));
  const patchBody = JSON.stringify(repeaterValues(world.template, 10, "p"));
  const targets = [
    { name: "GET template", method: "GET" as const, path: `/templates/${world.template.definition.id}` },
    { name: "GET model (105 values)", method: "GET" as const, path: `/models/${modelId}` },
    { name: "PATCH data-values (10)", method: "PATCH" as const, path: `/models/${modelId}/data-values`, body: patchBody },
  ];
  const rows = [];
  for (const target of targets) {
    const result = await autocannon({
      url: url(world, target.path),
      method: target.method,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { api_token: world.token, "content-type": "application/json" },
      body: target.body,
    });
    rows.push({
      name: target.name,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  console.log(`\n| request (${CONNECTIONS} connections, ${DURATION_S} s) | requests/s | p50 (ms) | p99 (ms) | non-2xx | errors |`);
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Ms} | ${row.p99Ms} | ${row.non2xx} | ${row.errors} |`);
  }
  return rows;
}

/**
 * The app beside a bare `node:http` + `pg` handler doing the same work (scripts/bench/bare-handler.ts) on the same
 * database: first proven to answer the same status, ETag and bytes, then loaded alternately for the same time.
 */
async function bareComparison(world: World, databaseUrl: string, client: pg.Client) {
  const modelId = await createModel(world);
  await call(world, "POST", `/models/${modelId}/data-values`, repeaterValues(world.template, 100, "b"));
  // The PATCH writes every time: each connection its own repeater row of one model (32 rows × 10 values), its values
  // alternating, so each request locks, records a history change, bumps the version and answers the whole model.
  const patchModelId = await createModel(world);
  await call(world, "POST", `/models/${patchModelId}/data-values`, repeaterValues(world.template, CONNECTIONS * 10, "b"));
  const patchBody = (row: number, tag: string) =>
    JSON.stringify(repeaterValues(world.template, 10, tag).map((value) => ({ ...value, row })));
  const model = (await call(world, "GET", `/models/${modelId}`)) as { uniqueProductIdentifiers: { uuid: string }[] };
  const passportUuid = model.uniqueProductIdentifiers[0]?.uuid;
  const bare = await spawnBareHandler({ databaseUrl, port: BARE_PORT });
  const appB = B_DIR ? await startApp({ databaseUrl, port: B_PORT, logFile: path.join(resultsDir, "app-B.log"), cwd: B_DIR }) : null;
  // The servers measured in turns, the bare handler last: every app is compared with it.
  const servers = [{ label: "app", port: PORT }, ...(appB ? [{ label: "B", port: B_PORT }] : []), { label: "bare", port: BARE_PORT }];
  try {
    const inOrganization = `/api/organizations/${world.organizationId}`;
    const patchPath = `${inOrganization}/models/${patchModelId}/data-values`;
    for (const { port } of servers.slice(0, -1)) {
      await assertSameWrite(world, client, { port, path: patchPath, patchModelId, bodies: [patchBody(0, "x"), patchBody(0, "y")] });
    }
    const targets = [
      // Next's own floor: an /api path no route serves, answered 404 by the app's catch-all route, which reads nothing;
      // the bare handler answers its own 404 (the bodies differ, so only the status is compared).
      { name: "Next's floor: GET an /api path no route serves (404)", method: "GET" as const, path: "/api/bench-floor", status: 404 },
      { name: "GET model (105 values)", method: "GET" as const, path: `${inOrganization}/models/${modelId}` },
      { name: "GET passport JSON, anonymous (105 values)", method: "GET" as const, path: `/api/product-passports/${passportUuid}` },
      { name: "PATCH data-values (10, each a write)", method: "PATCH" as const, path: patchPath, body: patchBody(0, "q") },
    ];
    const rows = [];
    for (const target of targets) {
      if (target.method === "GET" && target.status === undefined) {
        for (const { port } of servers.slice(0, -1)) await assertSameAnswer(world, target, port);
      }
      let connection = 0;
      // On a machine shared with other work the load comes in bursts: one 10 s window each would hand one side a
      // quiet window and the other a busy one. BARE_ROUNDS short windows taken in turns share the bursts out.
      const load = (port: number) =>
        autocannon({
          url: `http://127.0.0.1:${port}${target.path}`,
          method: target.method,
          connections: CONNECTIONS,
          duration: DURATION_S / BARE_ROUNDS,
          headers: headersFor(world, target.path),
          ...(target.method === "PATCH"
            ? {
                requests: [
                  {
                    setupRequest: (request: autocannon.Request, context: object) => {
                      const state = context as { row?: number; n?: number };
                      state.row ??= connection++ % CONNECTIONS;
                      state.n = (state.n ?? 0) + 1;
                      return { ...request, method: "PATCH" as const, body: patchBody(state.row, `${port}-${state.n % 2}`) };
                    },
                  },
                ],
              }
            : { method: target.method, body: target.body }),
        });
      const results: Record<string, autocannon.Result[]> = Object.fromEntries(servers.map(({ label }) => [label, []]));
      // The order turns each round, and each turn waits for the last one's requests to settle: a server's turn right
      // after a loaded app's shares the machine with that app's finishing requests and its garbage collection, which
      // with two apps in a fixed order made the first one read 1.2-1.5x the second on the same build.
      for (let round = 0; round < BARE_ROUNDS; round++) {
        for (const { label, port } of [...servers.slice(round % servers.length), ...servers.slice(0, round % servers.length)]) {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          results[label]?.push(await load(port));
        }
      }
      for (const [label, runs] of Object.entries(results)) {
        for (const result of runs) {
          // The floor's every answer is its 404; any other route's every answer a 2xx.
          const unexpected = target.status === undefined ? result.non2xx : result["2xx"] + result["5xx"];
          if (unexpected > 0 || result.errors > 0)
            throw new Error(`${target.name} on ${label}: ${unexpected} unexpected statuses, ${result.errors} errors`);
        }
      }
      const perSecond = (runs: autocannon.Result[]) =>
        runs.reduce((sum, result) => sum + result.requests.total, 0) / runs.reduce((sum, result) => sum + result.duration, 0);
      const p50 = (runs: autocannon.Result[]) => median(runs.map((result) => result.latency.p50));
      const [app, bareRate] = [perSecond(results.app ?? []), perSecond(results.bare ?? [])];
      const b = appB ? perSecond(results.B ?? []) : undefined;
      rows.push({
        name: target.name,
        appRequestsPerSecond: app,
        bareRequestsPerSecond: bareRate,
        ratio: app / bareRate,
        appP50Ms: p50(results.app ?? []),
        bareP50Ms: p50(results.bare ?? []),
        ...(b !== undefined && { bRequestsPerSecond: b, bRatio: b / bareRate, bP50Ms: p50(results.B ?? []) }),
      });
    }
    printBareRows(rows);
    return rows;
  } finally {
    for (const child of appB ? [bare, appB] : [bare]) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
}

type BareRow = {
  name: string;
  appRequestsPerSecond: number;
  bareRequestsPerSecond: number;
  ratio: number;
  appP50Ms: number;
  bareP50Ms: number;
  bRequestsPerSecond?: number;
  bRatio?: number;
  bP50Ms?: number;
};

/** With BENCH_B_DIR, B's columns and app ÷ B: this checkout's build against the other's, taken in the same turns. */
function printBareRows(rows: BareRow[]): void {
  const hasB = rows.some((row) => row.bRequestsPerSecond !== undefined);
  const heading = `request (${CONNECTIONS} connections, ${DURATION_S} s each in ${BARE_ROUNDS} turns)`;
  if (hasB) console.log(`\nB: ${B_DIR}`);
  console.log(
    hasB
      ? `\n| ${heading} | app req/s | B req/s | bare req/s | app ÷ bare | B ÷ bare | app ÷ B | app p50 | B p50 | bare p50 |`
      : `\n| ${heading} | app req/s | bare req/s | app ÷ bare (target ≥ 0.6) | app p50 | bare p50 |`,
  );
  console.log(hasB ? "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|" : "|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    const [app, bare] = [row.appRequestsPerSecond.toFixed(0), row.bareRequestsPerSecond.toFixed(0)];
    console.log(
      row.bRequestsPerSecond !== undefined
        ? `| ${row.name} | ${app} | ${row.bRequestsPerSecond.toFixed(0)} | ${bare} | ${row.ratio.toFixed(2)} | ${row.bRatio?.toFixed(2)} | ` +
            `${(row.appRequestsPerSecond / row.bRequestsPerSecond).toFixed(2)} | ${row.appP50Ms} | ${row.bP50Ms} | ${row.bareP50Ms} |`
        : `| ${row.name} | ${app} | ${bare} | ${row.ratio.toFixed(2)} | ${row.appP50Ms} | ${row.bareP50Ms} |`,
    );
  }
}

/** The organization's routes take the key; a passport and its page are read anonymously, as a scanned code reads them. */
function headersFor(world: World, path: string): Record<string, string> {
  return path.startsWith("/api/product-passports/") || path.startsWith("/p/")
    ? { "content-type": "application/json" }
    : { api_token: world.token, "content-type": "application/json" };
}

/**
 * The PATCH's work is the same on both: the app writes one body over the other, the bare handler writes it back, and each write
 * must have left the same history row (the same places, kinds, author and key, old and new values swapped); then the
 * same body to both — the second write finds nothing to change — must answer the same status, ETag and bytes.
 */
async function assertSameWrite(
  world: World,
  client: pg.Client,
  {
    port,
    path,
    patchModelId,
    bodies: [first, second],
  }: { port: number; path: string; patchModelId: string; bodies: [string, string] },
) {
  // The latest change as its author and its value changes in place order (the order of the arrays is not part of
  // the history), each as "place kind old new"; `swap` reads it as "place kind new old".
  const latest = async (swap: boolean) => {
    const result = await client.query<{ author: string; changes: string[] }>(
      `SELECT concat_ws(' ', c."ownerKind", c."userId", c."apiKeyId", c."via", c."writerOrganizationId", c."itemId") AS "author",
              array(SELECT concat_ws(' ', u.s, u.f, u.r, u.i, u.l, u.k, CASE WHEN $2 THEN u.n ELSE u.o END,
                                     CASE WHEN $2 THEN u.o ELSE u.n END)
                    FROM unnest(c."valueSectionIds", c."valueFieldIds", c."valueRows", c."valueInnerRows", c."valueLanguages",
                                c."valueKinds", c."oldValues", c."newValues") AS u(s, f, r, i, l, k, o, n)
                    ORDER BY 1) AS "changes"
       FROM "passport_change" AS c WHERE c."modelId" = $1 ORDER BY c."id" DESC LIMIT 1`,
      [patchModelId, swap],
    );
    return JSON.stringify(result.rows[0]);
  };
  const write = async (port: number, body: string, swap: boolean) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: "PATCH", headers: headersFor(world, path), body });
    if (response.status !== 200) throw new Error(`PATCH on ${port}: ${response.status} ${await response.text()}`);
    return latest(swap);
  };
  await write(port, first, false);
  const app = await write(port, second, false);
  const bare = await write(BARE_PORT, first, true);
  if (app !== bare) throw new Error(`PATCH: the bare handler's history row differs from the app's\napp:  ${app}\nbare: ${bare}`);
  await assertSameAnswer(world, { name: "PATCH data-values", method: "PATCH", path, body: second }, port);
}

/** A ratio is only honest if both servers did the same work: same status, same ETag, the same bytes. */
async function assertSameAnswer(world: World, target: { name: string; method: string; path: string; body?: string }, appPort: number) {
  const answers = [];
  for (const port of [appPort, BARE_PORT]) {
    const response = await fetch(`http://127.0.0.1:${port}${target.path}`, {
      method: target.method,
      headers: headersFor(world, target.path),
      body: target.body,
    });
    answers.push({ status: response.status, etag: response.headers.get("etag"), body: await response.text() });
  }
  const [app, bare] = answers as [(typeof answers)[number], (typeof answers)[number]];
  if (app.status !== bare.status || app.etag !== bare.etag || app.body !== bare.body) {
    throw new Error(
      `${target.name}: the bare handler's answer differs from the app's (status ${app.status}/${bare.status}, ETag ${app.etag}/${bare.etag}, ` +
        `${app.body.length}/${bare.body.length} bytes)\napp:  ${app.body.slice(0, 400)}\nbare: ${bare.body.slice(0, 400)}`,
    );
  }
}

/**
 * Anonymous passport reads (as scanned codes read them) through nginx with the shipped configuration
 * (deploy/nginx/passport-studio.conf, its micro-cache) beside the same reads straight to the app, loaded alternately
 * for the same time. Every answer must be a 200 either way.
 */
async function nginxComparison(world: World) {
  const modelId = await createModel(world);
  await call(world, "POST", `/models/${modelId}/data-values`, repeaterValues(world.template, 100, "n"));
  const model = (await call(world, "GET", `/models/${modelId}`)) as { uniqueProductIdentifiers: { uuid: string }[] };
  const item = (await call(world, "POST", `/models/${modelId}/items`)) as { uniqueProductIdentifiers: { uuid: string }[] };
  const [modelUuid, itemUuid] = [model.uniqueProductIdentifiers[0]?.uuid, item.uniqueProductIdentifiers[0]?.uuid];
  const nginx = await startNginx(NGINX_PORT, [PORT]);
  try {
    const targets = [
      { name: "GET passport of the model (105 values)", path: `/api/product-passports/${modelUuid}` },
      { name: "GET passport of an item", path: `/api/product-passports/${itemUuid}` },
      { name: "GET /p/{uuid} page of an item", path: `/p/${itemUuid}` },
    ];
    const rows = [];
    for (const target of targets) {
      // Warm: Next loads a route's code on its first request, and the app's passport cache fills on the first read.
      for (let warmUp = 0; warmUp < 20; warmUp++) {
        for (const port of [PORT, NGINX_PORT]) {
          const response = await fetch(`http://127.0.0.1:${port}${target.path}`);
          if (response.status !== 200) throw new Error(`${target.name} on port ${port}: ${response.status}`);
          await response.arrayBuffer();
        }
      }
      const load = (port: number) =>
        autocannon({ url: `http://127.0.0.1:${port}${target.path}`, connections: CONNECTIONS, duration: DURATION_S });
      const direct = await load(PORT);
      const cached = await load(NGINX_PORT);
      for (const [label, result] of [
        ["app", direct],
        ["nginx", cached],
      ] as const) {
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${target.name} through ${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      rows.push({
        name: target.name,
        appRequestsPerSecond: direct.requests.average,
        nginxRequestsPerSecond: cached.requests.average,
        ratio: cached.requests.average / direct.requests.average,
        appP50Ms: direct.latency.p50,
        nginxP50Ms: cached.latency.p50,
      });
    }
    console.log(
      `\n| anonymous read (${CONNECTIONS} connections, ${DURATION_S} s each) | straight to the app req/s | through nginx req/s | nginx ÷ app (goal ≥ 20) | app p50 | nginx p50 |`,
    );
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${row.appRequestsPerSecond.toFixed(0)} | ${row.nginxRequestsPerSecond.toFixed(0)} | ${row.ratio.toFixed(1)} | ${row.appP50Ms} | ${row.nginxP50Ms} |`,
      );
    }
    return rows;
  } finally {
    await nginx.stop();
  }
}
