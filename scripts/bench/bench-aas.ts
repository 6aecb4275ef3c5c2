import { repeaterValues, type BenchTemplate } from "./bench-template";

/**
 * The AAS export row (docs/aas.md, README §Performance): a model with 10,000 values, exported as an AAS environment
 * (`GET …/aas`) beside reading it as the contract's JSON (`GET …/models/{id}`), as a ratio from the same run. Before
 * each pair one value is written, so the export never answers from a passport cached by the run before: both reads
 * go to the database. The target is a ratio of at most 3.
 */
export type AasBenchContext = {
  template: BenchTemplate;
  call: (method: string, suffix: string, body?: unknown) => Promise<unknown>;
  timed: (work: () => Promise<unknown>) => Promise<number>;
  createModel: () => Promise<string>;
  median: (values: number[]) => number;
};

const VALUES = 10_000;
const RUNS = 7;

export async function aasBench({ template, call, timed, createModel, median }: AasBenchContext) {
  const modelId = await createModel();
  await call("POST", `/models/${modelId}/data-values`, repeaterValues(template, VALUES, "aas"));
  const read: number[] = [];
  const exported: number[] = [];
  process.stderr.write(`  AAS export of ${VALUES.toLocaleString("en")} values × ${RUNS} runs `);
  for (let run = 0; run < RUNS; run++) {
    process.stderr.write(".");
    await call("PATCH", `/models/${modelId}/data-values`, repeaterValues(template, 1, `w${run}`));
    read.push(await timed(() => call("GET", `/models/${modelId}`)));
    exported.push(await timed(() => call("GET", `/models/${modelId}/aas`)));
  }
  process.stderr.write("\n");
  const row = { values: VALUES, readMs: median(read), exportMs: median(exported), ratio: median(exported) / median(read) };
  console.log("\n| values | GET model (ms) | GET …/aas (ms) | ratio (target ≤ 3) |");
  console.log("|---:|---:|---:|---:|");
  console.log(`| ${VALUES.toLocaleString("en")} | ${row.readMs.toFixed(1)} | ${row.exportMs.toFixed(1)} | ${row.ratio.toFixed(2)} |`);
  return row;
}
