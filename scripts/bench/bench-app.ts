import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, readFileSync, rmSync } from "node:fs";

/**
 * Preloaded into the app when asked for its live heap: on SIGUSR2 it runs a full collection and writes
 * `process.memoryUsage()` to HEAP_PROBE_FILE. Inline so the app loads no file of ours beside its own build.
 */
const HEAP_PROBE = [
  'import { renameSync, writeFileSync } from "node:fs";',
  "const file = process.env.HEAP_PROBE_FILE;",
  'process.on("SIGUSR2", () => {',
  "  globalThis.gc();",
  "  writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));",
  "  renameSync(`${file}.tmp`, file);",
  "});",
].join(" ");

/**
 * Preloaded into the app when the bench profiles it: over the IPC channel, "start" starts V8's sampling profiler in the
 * app's own process and "stop" writes the profile to the file named and answers "stopped", so a profile holds only the
 * load the bench sent between the two — not the app's start.
 */
const CPU_PROBE = [
  'import { writeFileSync } from "node:fs";',
  'import { Session } from "node:inspector/promises";',
  "const session = new Session();",
  "session.connect();",
  'process.on("message", async (message) => {',
  '  if (message.profile === "start") {',
  '    await session.post("Profiler.enable");',
  '    await session.post("Profiler.setSamplingInterval", { interval: 200 });',
  '    await session.post("Profiler.start");',
  '    process.send({ profile: "started" });',
  '  } else if (message.profile === "stop") {',
  '    const { profile } = await session.post("Profiler.stop");',
  "    writeFileSync(message.file, JSON.stringify(profile));",
  '    process.send({ profile: "stopped" });',
  "  }",
  "});",
].join(" ");

/**
 * Runs the built app as `npm start` runs it (scripts/serve-next.ts, our HTTP server around Next, in production)
 * against a database and waits until it answers, so the figures are of what users run. With `heapProbeFile`, the app
 * can be asked for its live heap with {@link liveHeapMb}.
 */
export async function startApp(options: {
  databaseUrl: string;
  port: number;
  logFile: string;
  heapProbeFile?: string;
  /** Another checkout with its own build and node_modules (an A/B of two builds side by side); this one by default. */
  cwd?: string;
  /** Lets the bench profile the app's CPU while it is loaded ({@link profileAppCpu}). */
  hasCpuProbe?: boolean;
}): Promise<ChildProcess> {
  // Measuring whatever else listens there would print someone else's figures.
  if (await isListening(options.port)) throw new Error(`Port ${options.port} is in use; set BENCH_PORT to a free one.`);
  const log = createWriteStream(options.logFile);
  const probe = [
    ...(options.heapProbeFile ? ["--expose-gc", "--import", `data:text/javascript,${HEAP_PROBE}`] : []),
    ...(options.hasCpuProbe ? ["--import", `data:text/javascript,${CPU_PROBE}`] : []),
  ];
  // Node's default conditions, as scripts/start.ts starts it: Next must not load React's server build.
  const child = spawn(process.execPath, [...probe, "--import", "tsx", "scripts/serve-next.ts"], {
    cwd: options.cwd,
    env: {
      ...process.env,
      ...(options.heapProbeFile ? { HEAP_PROBE_FILE: options.heapProbeFile } : {}),
      NODE_ENV: "production",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      BETTER_AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
      BETTER_AUTH_URL: `http://localhost:${options.port}`,
      // Publishing signs as the app's origin, which is loopback here (docs/versions.md §Signing identity).
      PUBLIC_BASE_URL: `http://localhost:${options.port}`,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe", ...(options.hasCpuProbe ? (["ipc"] as const) : [])],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}; see ${options.logFile}`);
    if (await answers(options.port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`The app did not answer within 60 s; see ${options.logFile}`);
}

/**
 * The app's heap in use right after a full garbage collection, in MiB: what it really keeps alive. Unlike its resident
 * memory, which V8 lets grow towards a plateau long after the live data stopped growing, this only rises with a leak.
 */
export async function liveHeapMb(app: ChildProcess, heapProbeFile: string): Promise<number> {
  // The probe writes a temporary file and renames it, so the file appears whole or not at all.
  rmSync(heapProbeFile, { force: true });
  app.kill("SIGUSR2");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (existsSync(heapProbeFile)) {
      const usage = JSON.parse(readFileSync(heapProbeFile, "utf8")) as NodeJS.MemoryUsage;
      return usage.heapUsed / 2 ** 20;
    }
  }
  throw new Error("The app did not report its heap within 30 s");
}

function isListening(port: number): Promise<boolean> {
  return fetch(`http://localhost:${port}/`)
    .then(() => true)
    .catch(() => false);
}

/** Our app answers an anonymous API call with 401, the sign that it is up and reached its database layer. */
function answers(port: number): Promise<boolean> {
  return fetch(`http://localhost:${port}/api/product-data-models`)
    .then((response) => response.status === 401)
    .catch(() => false);
}

/**
 * Profiles the app's own process (started with `hasCpuProbe`) while `load` runs: Next's routing and HTTP layer and the
 * route handler together, as users reach them. The profile's file is written by the app.
 */
export async function profileAppCpu(app: ChildProcess, file: string, load: () => Promise<unknown>): Promise<void> {
  await askProbe(app, { profile: "start" }, "started");
  await load();
  await askProbe(app, { profile: "stop", file }, "stopped");
}

function askProbe(app: ChildProcess, message: object, answer: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (reply: { profile?: string }) => {
      if (reply.profile !== answer) return;
      app.off("message", onMessage);
      resolve();
    };
    app.on("message", onMessage);
    app.send(message);
  });
}
