import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";

/**
 * `npm run bench:editor`: how a large repeater behaves in the browser, against the built app (`scripts/start.ts`,
 * embedded PGlite, its own data directory). For 200, 1,000 and 5,000 hazardous-substance rows, normal and with the
 * CPU slowed 4× (Chrome DevTools protocol throttling, a mid-range phone's stand-in), it measures:
 *   - time to usable: from navigation start to the hydrated editor showing the repeater's table;
 *   - typing latency: per keypress in a cell of row 150, keydown to the end of the next frame; median and p95.
 * Targets: 5,000 rows usable ≤ 1.5 s, p95 ≤ 50 ms; throttled ≤ 3 s, p95 ≤ 100 ms. Figures are printed, not asserted.
 */

const PORT = Number(process.env.BENCH_PORT ?? 3108);
const BASE_URL = `http://localhost:${PORT}`;
const SIZES = (process.env.BENCH_EDITOR_ROWS ?? "200,1000,5000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_EDITOR_RUNS ?? 3);
const TEXT = "Carcinogenic 1B";
const ORGANIZATION_ID = "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30";
const TEMPLATE_ID = "a52d5862-cb7d-400d-bd36-601905ec0bcc";
const HAZARDOUS = "a8e1f9f2-9757-47fe-bc3c-7ced7b044541";
const FIELDS = {
  name: "98e5ab1d-5199-453e-aef8-bbef45d703e5",
  cas: "7ce0253d-5302-4df0-81a4-5a4aefa88ac5",
  concentration: "fa903d6c-7f6e-473a-ba48-c8a25133c2c0",
};

type Result = { rows: number; throttle: number; usableMs: number; medianMs: number; p95Ms: number };

const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-editor-"));
const app = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/start.ts"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  await waitForApp();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${BASE_URL}/sign-in`);
  await page.getByLabel("Email").fill("demo@passport.studio");
  await page.getByLabel("Password").fill("passport-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();

  const results: Result[] = [];
  for (const rows of SIZES) {
    const modelId = await createModel(page, rows);
    for (const throttle of [1, 4]) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(page, modelId, rows, throttle));
      results.push(medianRun(runs));
    }
  }
  console.log(`\nEditor with a large repeater (median of ${RUNS} runs each):`);
  console.log("| rows | CPU | time to usable (ms) | typing median (ms) | typing p95 (ms) |");
  console.log("|---:|---|---:|---:|---:|");
  for (const r of results) {
    const cpu = r.throttle === 1 ? "normal" : `${r.throttle}× slower`;
    console.log(`| ${r.rows.toLocaleString("en")} | ${cpu} | ${r.usableMs} | ${r.medianMs} | ${r.p95Ms} |`);
  }
} finally {
  await browser.close();
  app.kill("SIGTERM");
  await new Promise((resolve) => app.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForApp(): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE_URL}/sign-in`)).ok) return;
    } catch {
      // Not listening yet (or still building).
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("The app did not start within 10 minutes");
}

async function trpc<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ procedure, input }) => {
      const response = await fetch(`/api/trpc/${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { procedure, input },
  );
  if (answer.status >= 300) throw new Error(`${procedure}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { result: { data: T } }).result.data;
}

async function createModel(page: Page, rows: number): Promise<string> {
  const model = await trpc<{ id: string }>(page, "models.create", {
    organizationId: ORGANIZATION_ID,
    model: { name: `Bench ${rows} rows ${Date.now()}`, templateId: TEMPLATE_ID },
  });
  const values = Array.from({ length: rows }, (_, row) => [
    { dataSectionId: HAZARDOUS, dataFieldId: FIELDS.name, row, value: `Substance ${row + 1}` },
    { dataSectionId: HAZARDOUS, dataFieldId: FIELDS.cas, row, value: "7440-48-4" },
    { dataSectionId: HAZARDOUS, dataFieldId: FIELDS.concentration, row, value: "0.125" },
  ]).flat();
  await trpc(page, "dataValues.add", { organizationId: ORGANIZATION_ID, modelId: model.id, values });
  return model.id;
}

async function measure(page: Page, modelId: string, rows: number, throttle: number): Promise<Result> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await page.goto(`${BASE_URL}/orgs/${ORGANIZATION_ID}/models/${modelId}`);
  const grid = page.getByRole("grid", { name: "Hazardous substances" });
  await grid.waitFor();
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  // Navigation start to the moment the hydrated table is there, on the page's own clock.
  const usableMs = await page.evaluate(() => performance.now());

  await grid.focus();
  await page.getByLabel("Jump to row").fill("150");
  await page.getByLabel("Jump to row").press("Enter");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.evaluate(() => {
    const w = window as Window & { latencies?: number[] };
    w.latencies = [];
    document.addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.latencies?.push(performance.now() - start)));
      },
      { capture: true },
    );
  });
  await page.keyboard.type(TEXT, { delay: 40 });
  await page.waitForFunction((n) => ((window as Window & { latencies?: number[] }).latencies?.length ?? 0) >= n, TEXT.length);
  const latencies = await page.evaluate(() => (window as Window & { latencies?: number[] }).latencies ?? []);
  await page.keyboard.press("Escape");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
  return { rows, throttle, usableMs: Math.round(usableMs), medianMs: at(0.5), p95Ms: at(0.95) };
}

function medianRun(runs: readonly Result[]): Result {
  const median = (pick: (r: Result) => number) => [...runs.map(pick)].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.NaN;
  const [first] = runs;
  if (!first) throw new Error("No runs");
  return { ...first, usableMs: median((r) => r.usableMs), medianMs: median((r) => r.medianMs), p95Ms: median((r) => r.p95Ms) };
}
