import pg from "pg";

/**
 * Items in the bench: bulk creation of 1,000 and 10,000 items over HTTP beside the same three set-based INSERTs
 * written by hand (items, their identifiers, their initial Item-level nulls) on the same database — the floor — and
 * the time to read a page of 50 items of a model that has 100,000.
 */

type Call = (method: string, suffix: string, body?: unknown) => Promise<unknown>;
type Timed = (work: () => Promise<unknown>) => Promise<number>;

export type ItemBenchContext = {
  organizationId: string;
  templateId: string;
  /** Item-level fields of the template that start as null on every new item: [sectionId, fieldId]. */
  itemFields: [string, string][];
  call: Call;
  timed: Timed;
  createModel: () => Promise<string>;
  median: (values: number[]) => number;
};

const SIZES = [
  { count: 1_000, runs: 5 },
  { count: 10_000, runs: 3 },
];
const PAGE_MODEL_ITEMS = 100_000;
const PAGE_READS = 30;

export async function itemBench(context: ItemBenchContext, client: pg.Client) {
  const rows = [];
  for (const { count, runs } of SIZES) {
    const api: number[] = [];
    const floor: number[] = [];
    process.stderr.write(`  ${count.toLocaleString("en")} items × ${runs} runs `);
    for (let run = 0; run < runs; run++) {
      process.stderr.write(".");
      const identifiers = Array.from({ length: count }, (_, i) => `bench-${run}-${i}-${crypto.randomUUID()}`);
      const apiModel = await context.createModel();
      api.push(await context.timed(() => context.call("POST", `/models/${apiModel}/items/bulk`, { identifiers })));
      const floorModel = await context.createModel();
      floor.push(
        await context.timed(() =>
          floorBulkCreate(
            client,
            context,
            floorModel,
            identifiers.map((v) => `${v}-floor`),
          ),
        ),
      );
    }
    process.stderr.write("\n");
    const apiMs = context.median(api);
    const floorMs = context.median(floor);
    rows.push({ items: count, apiMs, floorMs, ratio: apiMs / floorMs });
  }

  process.stderr.write(`  a model with ${PAGE_MODEL_ITEMS.toLocaleString("en")} items `);
  const pageModel = await context.createModel();
  for (let made = 0; made < PAGE_MODEL_ITEMS; made += 10_000) {
    process.stderr.write(".");
    await context.call("POST", `/models/${pageModel}/items/bulk`, { count: 10_000 });
  }
  process.stderr.write("\n");
  const pageTimes: number[] = [];
  for (let i = 0; i < PAGE_READS; i++)
    pageTimes.push(await context.timed(() => context.call("GET", `/models/${pageModel}/items?limit=50`)));
  const pageMs = context.median(pageTimes);

  console.log("\n| items in one request | API median (ms) | plain SQL median (ms) | ratio (target ≤ 2) |");
  console.log("|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.items.toLocaleString("en")} | ${row.apiMs.toFixed(1)} | ${row.floorMs.toFixed(1)} | ${row.ratio.toFixed(2)} |`,
    );
  }
  console.log(
    `page of 50 items of a model with ${PAGE_MODEL_ITEMS.toLocaleString("en")}: median ${pageMs.toFixed(1)} ms over ${PAGE_READS} reads (target ≤ 50 ms)`,
  );
  return { bulk: rows, pageOf50Ms: pageMs };
}

/** The floor: the rows bulk creation writes, as three set-based statements in one transaction. */
async function floorBulkCreate(client: pg.Client, context: ItemBenchContext, modelId: string, values: string[]): Promise<void> {
  const ids = values.map(() => crypto.randomUUID());
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO "item" ("id", "organizationId", "modelId", "templateId", "updatedAt")
     SELECT t.id, $1, $2::uuid, $3::uuid, now() FROM unnest($4::uuid[]) AS t(id)`,
    [context.organizationId, modelId, context.templateId, ids],
  );
  await client.query(
    `INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value", "itemId")
     SELECT gen_random_uuid(), $1, t.v, t.i FROM unnest($2::text[], $3::uuid[]) AS t(v, i)`,
    [context.organizationId, values, ids],
  );
  await client.query(
    `INSERT INTO "item_data_value" ("itemId", "dataSectionId", "dataFieldId", "row", "value")
     SELECT i.id, t.s, t.f, 0, NULL FROM unnest($1::uuid[]) AS i(id)
     CROSS JOIN unnest($2::uuid[], $3::uuid[]) AS t(s, f)`,
    [ids, context.itemFields.map(([s]) => s), context.itemFields.map(([, f]) => f)],
  );
  await client.query("COMMIT");
}
