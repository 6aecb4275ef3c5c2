import { readFileSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import pg from "pg";

/**
 * The spreadsheet rows (docs/spreadsheets.md, README §Performance), one run each as issue 25 asks:
 * - import of 10,000 items × 10 Item-level text fields (a CSV over HTTP, `POST …/items/import`) beside the same rows
 *   inserted by plain set-based SQL (items, identifiers, values: three statements in one transaction) — the floor;
 * - export of 100,000 items × 10 fields as CSV (`GET …/items/export?format=csv`, the body read to its end) beside
 *   reading the same rows with one plain SQL query — the floor — and the app's peak RSS during the export, sampled
 *   from /proc every 20 ms, beside its RSS before (the export streams, so the peak must not grow with the items).
 */

const FIELDS = 10;
// BENCH_SHEETS_ITEMS=1000,10000 (import, export) for a smaller run, e.g. to compare the export's peak RSS by size.
const [IMPORT_ITEMS = 10_000, EXPORT_ITEMS = 100_000] = (process.env.BENCH_SHEETS_ITEMS ?? "").split(",").filter(Boolean).map(Number);

export type SheetsBenchContext = {
  organizationId: string;
  userId: string;
  port: number;
  token: string;
  app: ChildProcess;
  /** The app's live heap after a full GC (bench-app.ts liveHeapMb), sampled during the export. */
  liveHeapMb: () => Promise<number>;
  timed: (work: () => Promise<unknown>) => Promise<number>;
};

function sheetsTemplate() {
  const sectionId = crypto.randomUUID();
  const fieldIds = Array.from({ length: FIELDS }, () => crypto.randomUUID());
  return {
    sectionId,
    fieldIds,
    definition: {
      id: crypto.randomUUID(),
      name: "Bench spreadsheet template",
      sections: [
        {
          id: sectionId,
          name: "Per item",
          type: "Group",
          granularityLevel: "Item",
          dataFields: fieldIds.map((id, i) => ({ id, name: `Field ${i}`, type: "TextField" })),
        },
      ],
    },
  };
}

function rssKib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export async function sheetsBench(context: SheetsBenchContext, client: pg.Client) {
  const { importTemplate } = await import("~/server/services/templates/import-template");
  const template = sheetsTemplate();
  await importTemplate({ organizationId: context.organizationId, createdByUserId: context.userId, definition: template.definition });
  const base = `http://localhost:${context.port}/api/organizations/${context.organizationId}`;
  const headers = { api_token: context.token };
  const createModel = async () => {
    const response = await fetch(`${base}/models`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench sheets", templateId: template.definition.id }),
    });
    return ((await response.json()) as { id: string }).id;
  };
  const keys = template.fieldIds.map((f) => `${template.sectionId}/${f}`);
  const rows = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, n) => [`${prefix}-${n}`, ...template.fieldIds.map((_, f) => `value ${n}.${f}`)]);

  process.stderr.write(`  import of ${IMPORT_ITEMS.toLocaleString("en")} items × ${FIELDS} fields `);
  const csv = [["Identifier", ...keys], ["identifier", ...keys], ...rows(`imp-${crypto.randomUUID()}`, IMPORT_ITEMS)]
    .map((row) => row.join(","))
    .join("\n");
  const importModel = await createModel();
  const importMs = await context.timed(async () => {
    const response = await fetch(`${base}/models/${importModel}/items/import`, {
      method: "POST",
      headers: { ...headers, "content-type": "text/csv" },
      body: csv,
    });
    if (response.status !== 201) throw new Error(`import → ${response.status}: ${(await response.text()).slice(0, 300)}`);
  });
  const floorModel = await createModel();
  const importFloorMs = await context.timed(() =>
    floorInsert(client, context.organizationId, template, floorModel, rows(`floor-${crypto.randomUUID()}`, IMPORT_ITEMS)),
  );
  process.stderr.write("\n");

  process.stderr.write(`  export of ${EXPORT_ITEMS.toLocaleString("en")} items × ${FIELDS} fields `);
  const exportModel = await createModel();
  for (let made = 0; made < EXPORT_ITEMS; made += 10_000) {
    process.stderr.write(".");
    await floorInsert(client, context.organizationId, template, exportModel, rows(`exp-${made}-${crypto.randomUUID()}`, 10_000));
  }
  // The floor: the same rows (item, identifier, value) in one plain query, read to the end by the driver.
  const floorRead = () =>
    client.query(
      `SELECT i."id", u."value", v."dataSectionId", v."dataFieldId", v."value"
       FROM "item" AS i JOIN "unique_product_identifier" AS u ON u."itemId" = i."id"
       JOIN "item_data_value" AS v ON v."itemId" = i."id" WHERE i."modelId" = $1::uuid ORDER BY i."createdAt", i."id"`,
      [exportModel],
    );
  const exportCsv = async (): Promise<number> => {
    let read = 0;
    const response = await fetch(`${base}/models/${exportModel}/items/export?format=csv`, { headers });
    if (!response.ok || !response.body) throw new Error(`export → ${response.status}`);
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) read += part.value.byteLength;
    return read;
  };
  // Statistics as autovacuum keeps them on a live database (its analyze of a million fresh rows would otherwise come
  // at a random moment of the run): both sides are planned with them.
  await client.query('ANALYZE "item", "unique_product_identifier", "item_data_value"');
  // A first, untimed export with the live heap (after a forced GC) sampled one after another: what the export
  // retains, which must not grow with the items. It also warms the route and the caches for the timed export below,
  // as the floor's own untimed first read does for the floor.
  const heapBeforeMiB = await context.liveHeapMb();
  let heapPeakMiB = heapBeforeMiB;
  let isExporting = true;
  const heapSampler = (async () => {
    while (isExporting) heapPeakMiB = Math.max(heapPeakMiB, await context.liveHeapMb());
  })();
  await exportCsv();
  isExporting = false;
  await heapSampler;
  await floorRead();
  // The timed export: RSS sampled from /proc (cheap), which also counts garbage not collected yet.
  const pid = context.app.pid ?? 0;
  const rssBeforeKib = rssKib(pid);
  let rssPeakKib = rssBeforeKib;
  const sampler = setInterval(() => (rssPeakKib = Math.max(rssPeakKib, rssKib(pid))), 20);
  let bytes = 0;
  const exportMs = await context.timed(async () => (bytes = await exportCsv()));
  clearInterval(sampler);
  const exportFloorMs = await context.timed(floorRead);
  process.stderr.write("\n");
  const result = {
    import: { items: IMPORT_ITEMS, fields: FIELDS, apiMs: importMs, floorMs: importFloorMs, ratio: importMs / importFloorMs },
    export: {
      items: EXPORT_ITEMS,
      fields: FIELDS,
      bytes,
      apiMs: exportMs,
      floorMs: exportFloorMs,
      ratio: exportMs / exportFloorMs,
      rssBeforeMiB: rssBeforeKib / 1024,
      rssPeakMiB: rssPeakKib / 1024,
      liveHeapBeforeMiB: heapBeforeMiB,
      liveHeapPeakMiB: heapPeakMiB,
    },
  };
  console.log("\n| spreadsheet | API (ms) | plain SQL (ms) | ratio (target ≤ 3) |");
  console.log("|---|---:|---:|---:|");
  console.log(
    `| import ${IMPORT_ITEMS.toLocaleString("en")} items × ${FIELDS} | ${importMs.toFixed(0)} | ${importFloorMs.toFixed(0)} | ${result.import.ratio.toFixed(2)} |`,
  );
  console.log(
    `| export ${EXPORT_ITEMS.toLocaleString("en")} items × ${FIELDS} (CSV, ${(bytes / 1048576).toFixed(1)} MiB) | ${exportMs.toFixed(0)} | ${exportFloorMs.toFixed(0)} | ${result.export.ratio.toFixed(2)} |`,
  );
  console.log(
    `app during the export: RSS ${result.export.rssBeforeMiB.toFixed(0)} MiB before, peak ${result.export.rssPeakMiB.toFixed(0)} MiB; ` +
      `live heap after GC ${heapBeforeMiB.toFixed(0)} MiB before, peak ${heapPeakMiB.toFixed(0)} MiB (the untimed export before it)`,
  );
  return result;
}

/** The floor: the rows an import of new items writes (items, identifiers, values), set-based, in one transaction. */
async function floorInsert(
  client: pg.Client,
  organizationId: string,
  template: ReturnType<typeof sheetsTemplate>,
  modelId: string,
  rows: string[][],
): Promise<void> {
  const ids = rows.map(() => crypto.randomUUID());
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO "item" ("id", "organizationId", "modelId", "templateId", "updatedAt")
     SELECT t.id, $1, $2::uuid, $3::uuid, now() FROM unnest($4::uuid[]) AS t(id)`,
    [organizationId, modelId, template.definition.id, ids],
  );
  await client.query(
    `INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value", "itemId")
     SELECT gen_random_uuid(), $1, t.v, t.i FROM unnest($2::text[], $3::uuid[]) AS t(v, i)`,
    [organizationId, rows.map((row) => row[0]), ids],
  );
  const itemIds = ids.flatMap((id) => template.fieldIds.map(() => id));
  const fields = ids.flatMap(() => template.fieldIds);
  const values = rows.flatMap((row) => row.slice(1));
  await client.query(
    `INSERT INTO "item_data_value" ("itemId", "dataSectionId", "dataFieldId", "row", "value")
     SELECT t.i, $1::uuid, t.f, 0, t.v FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS t(i, f, v)`,
    [template.sectionId, itemIds, fields, values],
  );
  await client.query("COMMIT");
}
