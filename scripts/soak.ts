import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { prepareLoadRun, useDatabase } from "./bench/prepare-load-run";
import { startApp } from "./bench/bench-app";
import { repeaterValues, REPEATER_FIELDS } from "./bench/bench-template";
import { createBenchWorld } from "./bench/bench-world";

/**
 * `npm run soak` (also a step of `npm test`): the built app on a fresh embedded database under a bounded mixed load
 * on loopback — reads of a model, a template and a list, modifies, and adds of new repeater rows — at 32
 * connections. Passes when no response is a 5xx, the app logged no error, and the server's memory in the last 10 s
 * of the measured minute is within 20% of its first 10 s. Prints requests/s and p99 latency.
 *
 * The warm-up lasts until the server's memory levels off, not a fixed time: a Next server's heap grows for its first
 * ~10,000 requests to a plateau (about 500 MB here), which a slow or busy machine reaches later; a fixed 30 s warm-up
 * then measured that growth as drift. A leak never levels off, so it either runs the warm-up to its cap and is
 * measured growing, or shows as drift in the measured minute.
 */

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARM_UP_SECONDS = Number(process.env.SOAK_WARM_UP_SECONDS ?? 30);
const MAX_WARM_UP_SECONDS = Number(process.env.SOAK_MAX_WARM_UP_SECONDS ?? 180);
/** Memory has levelled off when the last 10 s of warm-up average within this of the 10 s before. */
const LEVEL_TOLERANCE = 0.05;
const CONNECTIONS = 32;
const PORT = Number(process.env.SOAK_PORT ?? 3790);

const { resultsDir } = prepareLoadRun();
const { startEmbeddedServer } = await import("~/server/db/embedded-server");
const database = await startEmbeddedServer({ dataDir: mkdtempSync(path.join(tmpdir(), "passport-soak-")) });
await useDatabase(database.url);
const world = await createBenchWorld();
const logFile = path.join(resultsDir, "soak-app.log");
const app = await startApp({ databaseUrl: database.url, port: PORT, logFile });

const base = `http://localhost:${PORT}/api/organizations/${world.organizationId}`;
const headers = { api_token: world.token, "content-type": "application/json" };
const created = await fetch(`${base}/models`, {
  method: "POST",
  headers,
  body: JSON.stringify({ name: "Soak model", templateId: world.template.definition.id }),
});
const modelId = ((await created.json()) as { id: string }).id;
await fetch(`${base}/models/${modelId}/data-values`, {
  method: "POST",
  headers,
  body: JSON.stringify(repeaterValues(world.template, 100, "s")),
});

// Each connection adds a row and then removes it again, so the model keeps its size and the load is steady: a
// soak that let the data grow would measure the growth, not the server.
let nextRow = 100 / REPEATER_FIELDS;
type Connection = { row?: number };
const modelPath = `/api/organizations/${world.organizationId}/models/${modelId}`;
const requests: autocannon.Request[] = [
  { method: "GET", path: modelPath },
  { method: "GET", path: `/api/organizations/${world.organizationId}/templates/${world.template.definition.id}` },
  { method: "GET", path: `/api/organizations/${world.organizationId}/models?limit=20` },
  { method: "PATCH", path: `${modelPath}/data-values`, body: JSON.stringify(repeaterValues(world.template, 10, "p")) },
  {
    method: "POST",
    path: `${modelPath}/data-values`,
    setupRequest: (request, context) => {
      const row = (nextRow += 1);
      (context as Connection).row = row;
      const values = world.template.fieldIds.map((dataFieldId, i) => ({
        value: `row-${row}-${i}`,
        dataSectionId: world.template.repeaterId,
        dataFieldId,
        row,
      }));
      return { ...request, body: JSON.stringify(values) };
    },
  },
  {
    method: "DELETE",
    setupRequest: (request, context) => ({
      ...request,
      path: `${modelPath}/data-values?dataSectionId=${world.template.repeaterId}&row=${(context as Connection).row}`,
    }),
  },
];

const memory: { at: number; rssMb: number }[] = [];
const started = Date.now();
const sampler = setInterval(() => memory.push({ at: (Date.now() - started) / 1000, rssMb: rssMb(app.pid) }), 1000);
const load = (duration: number) =>
  autocannon({ url: `http://localhost:${PORT}`, connections: CONNECTIONS, duration, headers, requests });

// The warm-up's answers count too: a 5xx or a dropped connection there is as much a failure as later.
const warmUpFailures = { serverErrors: 0, connectionErrors: 0 };
let warmedUp = 0;
let isLevelledOff = false;
while (!isLevelledOff && warmedUp < MAX_WARM_UP_SECONDS) {
  const warmUp = await load(10);
  warmUpFailures.serverErrors += warmUp["5xx"];
  warmUpFailures.connectionErrors += warmUp.errors + warmUp.timeouts;
  warmedUp = (Date.now() - started) / 1000;
  isLevelledOff = warmedUp >= WARM_UP_SECONDS && hasLevelledOff(warmedUp);
}
const measuredFrom = (Date.now() - started) / 1000;
const result = await load(SECONDS);
clearInterval(sampler);
// The app may still be answering requests autocannon gave up on: stop it before its database, or those requests
// would log "Connection terminated" on their way out, which is the shutdown's doing, not the server's.
const exited = new Promise((resolve) => app.once("exit", resolve));
app.kill("SIGTERM");
await exited;
await database.stop();

const end = measuredFrom + SECONDS;
const firstMb = average(measuredFrom, measuredFrom + 10);
const lastMb = average(end - 10, end);
const serverErrors = result["5xx"] + warmUpFailures.serverErrors;
const connectionErrors = result.errors + warmUpFailures.connectionErrors;
const logErrors = readFileSync(logFile, "utf8")
  .split("\n")
  .filter((line) => /error|⨯/i.test(line));
const memoryDrift = (lastMb - firstMb) / firstMb;
const checks = [
  { name: "no 5xx responses", ok: serverErrors === 0, detail: `${serverErrors} × 5xx, ${result.non2xx} non-2xx` },
  { name: "no error in the app's log", ok: logErrors.length === 0, detail: logErrors.slice(0, 3).join(" | ") || "clean" },
  {
    name: "memory stable (last 10 s within 20% of the first 10 s)",
    ok: Math.abs(memoryDrift) <= 0.2,
    detail: `${firstMb.toFixed(0)} MB → ${lastMb.toFixed(0)} MB (${(memoryDrift * 100).toFixed(1)}%)`,
  },
  {
    name: "no connection errors or timeouts",
    ok: connectionErrors === 0 && result.timeouts === 0,
    detail: `${connectionErrors} errors, ${result.timeouts} timeouts`,
  },
];

console.log(
  `\nSoak: ${SECONDS} s after ${measuredFrom.toFixed(0)} s warm-up (${isLevelledOff ? "memory levelled off" : "memory still growing at the cap"}), ${CONNECTIONS} connections, mixed reads and writes`,
);
console.log(
  `requests/s ${result.requests.average.toFixed(0)}, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests`,
);
for (const check of checks) console.log(`${check.ok ? "✓" : "✗"} ${check.name}: ${check.detail}`);
const failed = checks.filter((check) => !check.ok).length;
writeFileSync(
  process.env.SOAK_REPORT ?? path.join(resultsDir, "soak.json"),
  JSON.stringify({ requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, checks }, null, 2),
);
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function average(from: number, to: number): number {
  const window = memory.filter((sample) => sample.at >= from && sample.at < to);
  return window.reduce((sum, sample) => sum + sample.rssMb, 0) / Math.max(1, window.length);
}

function hasLevelledOff(now: number): boolean {
  const before = average(now - 20, now - 10);
  return before > 0 && Math.abs(average(now - 10, now) - before) / before <= LEVEL_TOLERANCE;
}

/** Resident memory of the app's process, from /proc (Linux), in MiB. */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}
