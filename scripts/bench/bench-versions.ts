import { generateKeyPairSync } from "node:crypto";
import { signPayload } from "~/server/services/passport-versions/internal/freeze-version";
import { repeaterValues, type BenchTemplate } from "./bench-template";

/**
 * Published passport versions (docs/versions.md, README §Performance), as ratios from one run:
 * - publishing every item of a model with 1,000 items in one request, beside reading those 1,000 passports
 *   (`GET /api/product-passports/{uuid}`, 8 at a time, each assembled afresh since publishing advanced the epochs);
 *   target ≤ 3;
 * - what signing costs of publishing: 3,000 compact JWS (3 levels × 1,000 items) of the run's own credential, signed
 *   in this process with the app's own signing function, beside the publication; target ≤ 20 %;
 * - reading a published version (`GET /p/{uuid}/versions/{n}`) beside today's cached passport read, as the
 *   passport read's latency over the version read's (a throughput ratio); target ≥ 0.8.
 */
export type VersionsBenchContext = {
  template: BenchTemplate;
  origin: string;
  call: (method: string, suffix: string, body?: unknown) => Promise<unknown>;
  timed: (work: () => Promise<unknown>) => Promise<number>;
  createModel: () => Promise<string>;
  median: (values: number[]) => number;
};

const ITEMS = 1_000;
const RUNS = 3;
const READS = 200;
const CONCURRENCY = 8;

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: CONCURRENCY }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

async function fetchOk(url: string): Promise<string> {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} → ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

export async function versionsBench({ template, origin, call, timed, createModel, median }: VersionsBenchContext) {
  const modelId = await createModel();
  await call("POST", `/models/${modelId}/data-values`, repeaterValues(template, 100, "versions"));
  const created = (await call("POST", `/models/${modelId}/items/bulk`, { count: ITEMS })) as {
    uniqueProductIdentifiers: { uuid: string }[];
  }[];
  const uuids = created.map((item) => item.uniqueProductIdentifiers[0]?.uuid as string);
  const publish: number[] = [];
  const readAll: number[] = [];
  process.stderr.write(`  versions: ${ITEMS.toLocaleString("en")} items × ${RUNS} runs `);
  for (let run = 0; run < RUNS; run++) {
    process.stderr.write(".");
    publish.push(await timed(() => call("POST", `/models/${modelId}/items/passport-versions`)));
    readAll.push(await timed(() => inParallel(uuids, (uuid) => fetchOk(`${origin}/api/product-passports/${uuid}`))));
  }
  const jws = await fetchOk(`${origin}/p/${uuids[0]}/versions/1.jwt`);
  const payload = Buffer.from(jws.split(".")[1] ?? "", "base64url").toString();
  const key = { kid: "bench", privateKey: generateKeyPairSync("ed25519").privateKey };
  const signMs = await timed(() => {
    for (let i = 0; i < 3 * ITEMS; i++) signPayload(payload, key);
    return Promise.resolve();
  });
  const passportReads: number[] = [];
  const versionReads: number[] = [];
  for (let i = 0; i < READS; i++) {
    const uuid = uuids[i % 10] as string;
    passportReads.push(await timed(() => fetchOk(`${origin}/api/product-passports/${uuid}`)));
    versionReads.push(await timed(() => fetchOk(`${origin}/p/${uuid}/versions/${RUNS}`)));
  }
  process.stderr.write("\n");
  const row = {
    items: ITEMS,
    publishMs: median(publish),
    readAllMs: median(readAll),
    publishRatio: median(publish) / median(readAll),
    signMs,
    signShare: signMs / median(publish),
    passportReadMs: median(passportReads),
    versionReadMs: median(versionReads),
    versionReadRatio: median(passportReads) / median(versionReads),
    jwsBytes: jws.length,
  };
  console.log(
    "\n| items | publish all (ms) | read all (ms) | ratio (≤ 3) | signing (ms) | share (≤ 20 %) | passport read (ms) | version read (ms) | ratio (≥ 0.8) |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${ITEMS.toLocaleString("en")} | ${row.publishMs.toFixed(0)} | ${row.readAllMs.toFixed(0)} | ${row.publishRatio.toFixed(2)} | ` +
      `${signMs.toFixed(0)} | ${(row.signShare * 100).toFixed(1)} % | ${row.passportReadMs.toFixed(2)} | ${row.versionReadMs.toFixed(2)} | ` +
      `${row.versionReadRatio.toFixed(2)} |`,
  );
  return row;
}
