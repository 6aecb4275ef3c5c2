import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import autocannon from "autocannon";
import { profileAppCpu, startApp } from "./bench/bench-app";
import { spawnBareHandler } from "./bench/bare-handler";
import { repeaterValues } from "./bench/bench-template";
import { createBenchWorld } from "./bench/bench-world";
import { prepareLoadRun, useDatabase } from "./bench/prepare-load-run";
import { type CpuProfile, summariseAppProfile, summariseProfile, topFunctions } from "./bench/profile-summary";
import { createFreshPostgresDatabase } from "./support/fresh-postgres-database";

/**
 * `npm run bench:profile`: where the time of one `GET model` (105 values, API key) and of one anonymous passport
 * read (JSON, 105 values) goes, beside Next's own floor (an /api path no route serves). Per hot path, three sequential
 * latencies side by side — through the built app over HTTP, through the app's route handler called in this process (no Next, no
 * HTTP), and through the bare node:http + pg handler — and a CPU profile of the in-process handler calls, its
 * self-time attributed to auth, validation, services, the database driver, JSON and the rest by source file.
 * The difference between the first two latencies is what Next's routing and the HTTP layer add. Then the built app's
 * own process profiled under load (32 connections, PROFILE_LOAD_S seconds each): Next's floor, GET model and a PATCH
 * of 10 values (each connection its own row, as `BENCH_ONLY=bare` sends it), self time per request by part — Next's
 * routing, Next's request handling, our build, the driver, Node — and the functions with the most of it.
 *
 * Runs on PostgreSQL (BENCH_DATABASE_URL, default the local server) so that the database's own work happens in
 * another process and the profile shows only the app's.
 */

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3789);
const LOAD_S = Number(process.env.PROFILE_LOAD_S ?? 10);
const CONNECTIONS = 32;
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

const { resultsDir } = prepareLoadRun();
const { url: databaseUrl, drop } = await createFreshPostgresDatabase(serverUrl, "passport_profile");
await useDatabase(databaseUrl);
const world = await createBenchWorld();
const app = await startApp({ databaseUrl, port: PORT, logFile: path.join(resultsDir, "app-profile.log"), hasCpuProbe: true });
const bare = await spawnBareHandler({ databaseUrl, port: PORT + 1 });
try {
  const modelPath = `/api/organizations/${world.organizationId}/models`;
  const created = await httpJson("POST", `http://127.0.0.1:${PORT}${modelPath}`, {
    name: "Profile model",
    templateId: world.template.definition.id,
  });
  const modelId = (created as { id: string }).id;
  await httpJson("POST", `http://127.0.0.1:${PORT}${modelPath}/${modelId}/data-values`, repeaterValues(world.template, 100, "p"));

  const model = (await httpJson("GET", `http://127.0.0.1:${PORT}${modelPath}/${modelId}`)) as {
    uniqueProductIdentifiers: { uuid: string }[];
  };
  const uuid = model.uniqueProductIdentifiers[0]?.uuid as string;

  const modelRoute = await import("~/app/api/organizations/[orgaId]/models/[modelId]/route");
  const passportRoute = await import("~/app/api/product-passports/[uuid]/route");
  const params = { orgaId: world.organizationId, modelId };
  const hotPaths = [
    {
      name: "GET model (105 values, API key)",
      file: "get-model",
      path: `${modelPath}/${modelId}`,
      headers: { api_token: world.token } as Record<string, string>,
      inProcess: async () => {
        const request = new Request(`http://localhost${modelPath}/${modelId}`, { headers: { api_token: world.token } });
        const response = await modelRoute.GET(request, { params: Promise.resolve(params) });
        await response.arrayBuffer();
      },
    },
    {
      name: "GET passport JSON (105 values, anonymous)",
      file: "get-passport",
      path: `/api/product-passports/${uuid}`,
      headers: {} as Record<string, string>,
      inProcess: async () => {
        const request = new Request(`http://localhost/api/product-passports/${uuid}`);
        const response = await passportRoute.GET(request, { params: Promise.resolve({ uuid }) });
        await response.arrayBuffer();
      },
    },
  ];
  const overHttp = (port: number, path: string, headers: Record<string, string>) => async () => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    await response.arrayBuffer();
  };

  // Next's own floor: an /api path no route serves, answered 404 by the catch-all route (reads nothing), beside the
  // bare handler's 404 for the same path.
  const floor = {
    app: await medianLatency(overHttp(PORT, "/api/bench-floor", {})),
    bare: await medianLatency(overHttp(PORT + 1, "/api/bench-floor", {})),
  };
  console.log(`\nNext's floor, median of ${REQUESTS} sequential requests: an /api path no route serves (404)`);
  console.log("| path | ms |\n|---|---:|");
  console.log(`| app over HTTP (Next + the catch-all route) | ${floor.app.toFixed(2)} |`);
  console.log(`| bare node:http handler over HTTP | ${floor.bare.toFixed(2)} |`);

  for (const hot of hotPaths) {
    const latencies = {
      app: await medianLatency(overHttp(PORT, hot.path, hot.headers)),
      handler: await medianLatency(hot.inProcess),
      bare: await medianLatency(overHttp(PORT + 1, hot.path, hot.headers)),
    };

    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
    for (let i = 0; i < REQUESTS; i++) await hot.inProcess();
    const { profile } = (await session.post("Profiler.stop")) as { profile: CpuProfile };
    session.disconnect();
    writeFileSync(path.join(resultsDir, `${hot.file}.cpuprofile`), JSON.stringify(profile));

    console.log(`\n${hot.name}, median of ${REQUESTS} sequential requests:`);
    console.log("| path | ms |\n|---|---:|");
    console.log(`| app over HTTP (Next + route handler) | ${latencies.app.toFixed(2)} |`);
    console.log(`| route handler in process (no Next, no HTTP) | ${latencies.handler.toFixed(2)} |`);
    console.log(`| bare node:http + pg handler over HTTP | ${latencies.bare.toFixed(2)} |`);
    console.log(`| Next routing and HTTP (first − second) | ${(latencies.app - latencies.handler).toFixed(2)} |`);

    const breakdown = summariseProfile(profile);
    console.log(`\nCPU profile of the in-process route handler (${REQUESTS} requests, self time by category):`);
    console.log("| category | ms per request | share of CPU |\n|---|---:|---:|");
    const busy = breakdown.filter((row) => row.category !== "idle (waiting on the database)");
    const busyTotal = busy.reduce((sum, row) => sum + row.ms, 0);
    for (const row of breakdown) {
      const share = row.category.startsWith("idle") ? "—" : `${((100 * row.ms) / busyTotal).toFixed(0)} %`;
      console.log(`| ${row.category} | ${(row.ms / REQUESTS).toFixed(3)} | ${share} |`);
    }
    console.log(`\nProfile: ${path.join(resultsDir, `${hot.file}.cpuprofile`)} (open it in Chrome DevTools)`);
  }

  const patchModel = (await httpJson("POST", `http://127.0.0.1:${PORT}${modelPath}`, {
    name: "Profile PATCH model",
    templateId: world.template.definition.id,
  })) as { id: string };
  const patchPath = `${modelPath}/${patchModel.id}/data-values`;
  await httpJson("POST", `http://127.0.0.1:${PORT}${patchPath}`, repeaterValues(world.template, CONNECTIONS * 10, "p"));
  const underLoad = [
    { name: "Next's floor (an /api path no route serves, 404)", file: "app-floor", path: "/api/bench-floor" },
    { name: "GET model (105 values, API key)", file: "app-get-model", path: hotPaths[0]?.path ?? "" },
    { name: "PATCH data-values (10 values, each a write)", file: "app-patch", path: patchPath, isPatch: true },
  ];
  for (const target of underLoad) await profileUnderLoad(target);
} finally {
  for (const child of [app, bare]) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  const { closeDb } = await import("~/server/db/client");
  await closeDb();
  await drop();
}
process.exit(0);

/**
 * The built app's own CPU while it answers `target` at 32 connections for LOAD_S seconds: per request, by part and by
 * function (self time; a PATCH's connection writes its own repeater row, its values alternating, so each is a write).
 */
async function profileUnderLoad(target: { name: string; file: string; path: string; isPatch?: boolean }): Promise<void> {
  let connection = 0;
  const patchRequest = (request: autocannon.Request, context: object) => {
    const state = context as { row?: number; n?: number };
    state.row ??= connection++ % CONNECTIONS;
    state.n = (state.n ?? 0) + 1;
    const values = repeaterValues(world.template, 10, `load-${state.n % 2}`).map((value) => ({ ...value, row: state.row }));
    return { ...request, method: "PATCH" as const, body: JSON.stringify(values) };
  };
  const file = path.join(resultsDir, `${target.file}.cpuprofile`);
  let result: autocannon.Result | undefined;
  await profileAppCpu(app, file, async () => {
    result = await autocannon({
      url: `http://127.0.0.1:${PORT}${target.path}`,
      connections: CONNECTIONS,
      duration: LOAD_S,
      headers: { api_token: world.token, "content-type": "application/json" },
      ...(target.isPatch ? { requests: [{ setupRequest: patchRequest }] } : {}),
    });
  });
  const requests = result?.requests.total ?? 0;
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  console.log(`\nThe app's own CPU under load: ${target.name}, ${CONNECTIONS} connections, ${LOAD_S} s, ${requests} requests`);
  console.log("| part (self time) | ms per request | share of CPU |\n|---|---:|---:|");
  const breakdown = summariseAppProfile(profile);
  const busyTotal = breakdown.filter((row) => !row.category.startsWith("idle")).reduce((sum, row) => sum + row.ms, 0);
  for (const row of breakdown) {
    const share = row.category.startsWith("idle") ? "—" : `${((100 * row.ms) / busyTotal).toFixed(0)} %`;
    console.log(`| ${row.category} | ${(row.ms / requests).toFixed(3)} | ${share} |`);
  }
  console.log("\n| function (self time) | ms per request |\n|---|---:|");
  for (const row of topFunctions(profile, 25)) console.log(`| ${row.name} | ${(row.ms / requests).toFixed(3)} |`);
  console.log(`\nProfile: ${file}`);
}

async function medianLatency(work: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 50; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function httpJson(method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { api_token: world.token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.json();
}
