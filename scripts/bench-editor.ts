import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_EXECUTABLE } from "./support/chromium";
import { NESTED, nestedTemplate } from "~/domain/nested-template.fixture";

/**
 * `npm run bench:editor`: how a large repeater behaves in the browser, against the built app (`scripts/start.ts`,
 * embedded PGlite, its own data directory). Normal and with the CPU slowed 4× (Chrome DevTools protocol throttling,
 * a mid-range phone's stand-in). Five tables, chosen with `BENCH_EDITOR_ONLY` (or arguments):
 * typing,paste,import,phone,nested.
 *   - typing: for 200, 1,000 and 5,000 hazardous-substance rows (`BENCH_EDITOR_ROWS`), time to usable (navigation
 *     start to the hydrated editor showing the repeater's table) and typing latency per keypress in a cell of row 150
 *     (keydown to the end of the next frame; median and p95). Targets: 5,000 rows usable ≤ 1.5 s, p95 ≤ 50 ms;
 *     throttled ≤ 3 s, p95 ≤ 100 ms.
 *   - paste: 5,000 and 10,000 rows × 3 columns (`BENCH_EDITOR_PASTE_ROWS`) pasted into an empty table, from the
 *     paste event to the next painted frame with the page answering again. Target: ≤ the time the table takes to
 *     render 5,000 rows (the typing table's "usable", measured here too) + 1 s.
 *   - import: a CSV of as many rows, from choosing the file to the preview, plus from "Add rows" to the next painted
 *     frame. Same target.
 *   - phone: 5,000 rows at 375 × 812 px (the card view), time to usable (the first card's input there) and typing
 *     latency in it; the desk's figure is the typing table's.
 *   - nested: a three-level list, 100 footprints × 10 stages × 10 sources (the nested fixture's template,
 *     src/domain/nested-template.fixture.ts), on the desk (the footprints' table, the first row's stages and sources
 *     under it) and at 375 px (cards inside cards): time to usable (the first source's input there) and typing
 *     latency in it. Target: usable ≤ 1.5 s.
 * Figures are printed, not asserted.
 */

const PORT = Number(process.env.BENCH_PORT ?? 3108);
const BASE_URL = `http://localhost:${PORT}`;
const SIZES = (process.env.BENCH_EDITOR_ROWS ?? "200,1000,5000").split(",").map(Number);
const BULK_SIZES = (process.env.BENCH_EDITOR_PASTE_ROWS ?? "5000,10000").split(",").map(Number);
const PHONE_ROWS = Number(process.env.BENCH_EDITOR_PHONE_ROWS ?? 5000);
const ONLY = new Set(
  (process.argv.slice(2).join(",") || process.env.BENCH_EDITOR_ONLY || "typing,paste,import,phone,nested")
    .split(",")
    .map((s) => s.trim()),
);
/** The nested list's rows at each level: footprints, stages in each, sources in each stage. */
const NESTED_SHAPE = [100, 10, 10] as const;
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
  executablePath: CHROMIUM_EXECUTABLE,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  await waitForApp();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // A 5,000-row page at 4× throttle on a shared, busy machine can take longer than Playwright's 30 s default.
  page.setDefaultTimeout(180_000);
  await page.goto(`${BASE_URL}/sign-in`);
  await page.getByLabel("Email").fill("demo@passport.studio");
  await page.getByLabel("Password").fill("passport-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();

  if (ONLY.has("typing")) await typingTable(page);
  if (ONLY.has("paste") || ONLY.has("import")) await bulkTable(page);
  if (ONLY.has("phone")) await phoneTable(page);
  if (ONLY.has("nested")) await nestedList(page);
} finally {
  await browser.close();
  app.kill("SIGTERM");
  await new Promise((resolve) => app.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

async function typingTable(page: Page): Promise<void> {
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
    console.log(`| ${r.rows.toLocaleString("en")} | ${cpuText(r.throttle)} | ${r.usableMs} | ${r.medianMs} | ${r.p95Ms} |`);
  }
}

// Declarations, not const arrows: the top-level awaits above run before a const below them would be initialised.
function cpuText(throttle: number): string {
  return throttle === 1 ? "normal" : `${throttle}× slower`;
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** Paste and import of `BULK_SIZES` rows into an empty table, beside the time a 5,000-row table takes to render. */
async function bulkTable(page: Page): Promise<void> {
  const reference = await createModel(page, 5000);
  const lines: string[] = [];
  for (const throttle of [1, 4]) {
    const renders: number[] = [];
    for (let run = 0; run < RUNS; run++) renders.push(await timeToTable(page, reference, throttle));
    const target = median(renders) + 1000;
    for (const rows of BULK_SIZES) {
      for (const kind of ["paste", "import"] as const) {
        if (!ONLY.has(kind)) continue;
        const runs: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const modelId = await createModel(page, 0);
          runs.push(
            kind === "paste" ? await measurePaste(page, modelId, rows, throttle) : await measureImport(page, modelId, rows, throttle),
          );
        }
        const ms = median(runs);
        lines.push(
          `| ${kind} | ${rows.toLocaleString("en")} | ${cpuText(throttle)} | ${ms} | ${median(renders)} | ${ms <= target ? "yes" : "no"} |`,
        );
      }
    }
  }
  console.log(`\nPaste and import into an empty table, 3 columns (median of ${RUNS} runs each):`);
  console.log("| what | rows | CPU | until usable again (ms) | 5,000-row table renders in (ms) | within render + 1 s |");
  console.log("|---|---:|---|---:|---:|---|");
  for (const line of lines) console.log(line);
}

/** A large repeater on a 375 px phone (the card view): time to usable and typing latency in the first card. */
async function phoneTable(page: Page): Promise<void> {
  const modelId = await createModel(page, PHONE_ROWS);
  const results: Result[] = [];
  for (const throttle of [1, 4]) {
    const runs: Result[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measurePhone(page, modelId, throttle));
    results.push(medianRun(runs));
  }
  console.log(`\nThe same repeater on a 375 px phone, card view (median of ${RUNS} runs each):`);
  console.log("| rows | CPU | time to usable (ms) | typing median (ms) | typing p95 (ms) |");
  console.log("|---:|---|---:|---:|---:|");
  for (const r of results) {
    console.log(`| ${r.rows.toLocaleString("en")} | ${cpuText(r.throttle)} | ${r.usableMs} | ${r.medianMs} | ${r.p95Ms} |`);
  }
}

/** A three-level list (NESTED_SHAPE) on the desk and on a phone: time to usable and typing in the first source. */
async function nestedList(page: Page): Promise<void> {
  const modelId = await createNestedModel(page);
  const results: (Result & { width: number })[] = [];
  for (const width of [1280, 375]) {
    for (const throttle of [1, 4]) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measureNested(page, modelId, width, throttle));
      results.push({ ...medianRun(runs), width });
    }
  }
  console.log(`\nA three-level list, ${NESTED_SHAPE.join(" × ")} rows (median of ${RUNS} runs each):`);
  console.log("| width | CPU | time to usable (ms) | typing median (ms) | typing p95 (ms) |");
  console.log("|---:|---|---:|---:|---:|");
  for (const r of results) console.log(`| ${r.width} px | ${cpuText(r.throttle)} | ${r.usableMs} | ${r.medianMs} | ${r.p95Ms} |`);
}

async function measureNested(page: Page, modelId: string, width: number, throttle: number): Promise<Result> {
  await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
  // Each repeater opens in its default view for the width (a table above 10 rows on the desk, else cards).
  await page.evaluate(() => localStorage.clear());
  const restore = await throttled(page, throttle);
  const input = page.getByLabel("Source", { exact: true }).first();
  const measured = await usableAndTyping(page, modelId, input, restore);
  return { rows: NESTED_SHAPE.reduce((a, b) => a * b, 1), throttle, ...measured };
}

/**
 * Opens the model's editor and measures it as a member meets it: the time until `input` is shown in a hydrated form,
 * then the typing latencies in it; the throttle is restored and the desk's viewport set back afterwards.
 */
async function usableAndTyping(page: Page, modelId: string, input: Locator, restore: () => Promise<void>) {
  await page.goto(`${BASE_URL}/orgs/${ORGANIZATION_ID}/models/${modelId}`);
  await input.waitFor();
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  const usableMs = await page.evaluate(() => performance.now());
  await input.click();
  const latencies = await typeAndTime(page);
  await restore();
  await page.setViewportSize({ width: 1280, height: 900 });
  return { usableMs: Math.round(usableMs), ...percentiles(latencies) };
}

async function createNestedModel(page: Page): Promise<string> {
  const { id: _id, ...definition } = nestedTemplate();
  const draft = await trpc<{ id: string }>(page, "templateDrafts.create", {
    organizationId: ORGANIZATION_ID,
    draft: { definition: { ...definition, name: `Bench nested ${Date.now()}` } },
  });
  const published = await trpc<{ published: { templateId: string } }>(page, "templateDrafts.publish", {
    organizationId: ORGANIZATION_ID,
    draftId: draft.id,
    publication: {},
  });
  const model = await trpc<{ id: string }>(page, "models.create", {
    organizationId: ORGANIZATION_ID,
    model: { name: `Bench nested ${Date.now()}`, templateId: published.published.templateId },
  });
  const [footprints, stages, sources] = NESTED_SHAPE;
  // One footprint per request: its stages and sources with it, the rows around them completed by the server.
  for (let row = 0; row < footprints; row++) {
    const values = [
      { dataSectionId: NESTED.footprints, dataFieldId: NESTED.method, row, value: `Method ${row + 1}` },
      ...Array.from({ length: stages }, (_, stage) => [
        { dataSectionId: NESTED.stages, dataFieldId: NESTED.stage, row, innerRows: [stage], value: `Stage ${stage + 1}` },
        ...Array.from({ length: sources }, (_, source) => ({
          dataSectionId: NESTED.sources,
          dataFieldId: NESTED.source,
          row,
          innerRows: [stage, source],
          value: `Source ${source + 1}`,
        })),
      ]).flat(),
    ];
    await trpc(page, "dataValues.add", { organizationId: ORGANIZATION_ID, modelId: model.id, values });
  }
  return model.id;
}

async function throttled(page: Page, throttle: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  return async () => {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  };
}

async function openHydrated(page: Page, modelId: string): Promise<void> {
  await page.goto(`${BASE_URL}/orgs/${ORGANIZATION_ID}/models/${modelId}`);
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
}

async function timeToTable(page: Page, modelId: string, throttle: number): Promise<number> {
  const restore = await throttled(page, throttle);
  await page.goto(`${BASE_URL}/orgs/${ORGANIZATION_ID}/models/${modelId}`);
  await page.getByRole("grid", { name: "Hazardous substances" }).waitFor();
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  const ms = await page.evaluate(() => performance.now());
  await restore();
  return Math.round(ms);
}

async function tableOfEmptyRepeater(page: Page, modelId: string) {
  await openHydrated(page, modelId);
  const region = page.getByRole("region", { name: "Hazardous substances" });
  const toTable = region.getByRole("button", { name: "Table view of Hazardous substances" });
  if ((await toTable.getAttribute("aria-pressed")) !== "true") await toTable.click();
  const grid = region.getByRole("grid", { name: "Hazardous substances" });
  await grid.waitFor();
  return { region, grid };
}

async function measurePaste(page: Page, modelId: string, rows: number, throttle: number): Promise<number> {
  const { grid } = await tableOfEmptyRepeater(page, modelId);
  await grid.focus();
  const text = Array.from({ length: rows }, (_, i) => `Substance ${i + 1}\t7440-48-4\t0.125`).join("\n");
  const restore = await throttled(page, throttle);
  // From the paste event to a painted frame after it, with the main thread free again (a task ran after it).
  const ms = await grid.evaluate(async (element, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", data);
    const start = performance.now();
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - start;
  }, text);
  await page.getByText(`Added ${rows} rows.`, { exact: false }).waitFor();
  await restore();
  return Math.round(ms);
}

async function measureImport(page: Page, modelId: string, rows: number, throttle: number): Promise<number> {
  const { region } = await tableOfEmptyRepeater(page, modelId);
  const csv = [
    "Substance name,CAS number,Concentration",
    ...Array.from({ length: rows }, (_, i) => `Substance ${i + 1},7440-48-4,0.125`),
  ].join("\n");
  const restore = await throttled(page, throttle);
  const chosen = Date.now();
  await region.locator("input[type=file]").setInputFiles({ name: "rows.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const confirm = page.getByRole("dialog").getByRole("button", { name: `Add ${rows} rows` });
  await confirm.waitFor();
  const previewMs = Date.now() - chosen;
  const addMs = await confirm.evaluate(async (button) => {
    const start = performance.now();
    (button as HTMLButtonElement).click();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - start;
  });
  await page.getByText(`Added ${rows} rows from rows.csv`, { exact: false }).waitFor();
  await restore();
  return Math.round(previewMs + addMs);
}

async function measurePhone(page: Page, modelId: string, throttle: number): Promise<Result> {
  await page.setViewportSize({ width: 375, height: 812 });
  // The view a repeater shows in is remembered per repeater (localStorage); the tables above chose the table view,
  // and a phone's first visit opens the cards.
  await page.evaluate(() => localStorage.clear());
  const restore = await throttled(page, throttle);
  const input = page.getByRole("group", { name: "Row 1", exact: true }).getByLabel("Substance name");
  return { rows: PHONE_ROWS, throttle, ...(await usableAndTyping(page, modelId, input, restore)) };
}

async function typeAndTime(page: Page): Promise<number[]> {
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
  return page.evaluate(() => (window as Window & { latencies?: number[] }).latencies ?? []);
}

function percentiles(latencies: readonly number[]): { medianMs: number; p95Ms: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
  return { medianMs: at(0.5), p95Ms: at(0.95) };
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
  if (rows === 0) return model.id;
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
  const latencies = await typeAndTime(page);
  await page.keyboard.press("Escape");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  return { rows, throttle, usableMs: Math.round(usableMs), ...percentiles(latencies) };
}

function medianRun(runs: readonly Result[]): Result {
  const median = (pick: (r: Result) => number) => [...runs.map(pick)].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.NaN;
  const [first] = runs;
  if (!first) throw new Error("No runs");
  return { ...first, usableMs: median((r) => r.usableMs), medianMs: median((r) => r.medianMs), p95Ms: median((r) => r.p95Ms) };
}
