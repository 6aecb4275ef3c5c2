import type pg from "pg";
import { encodeInnerRows } from "~/domain/row-path";

/**
 * The nested list row (issue #33, README §Performance): a three-level list — 100 outer rows, 10 rows inside each, 10
 * inside each of those (10,000 innermost rows), two text fields a row, 22,200 values — written in one request
 * (`POST …/data-values`) and read back (`GET …/models/{id}`), each beside the same work as plain SQL through pg on the
 * same database (the floor: one INSERT of every value with its inner rows, one SELECT), as ratios from the same run.
 */
export type NestedBenchContext = {
  organizationId: string;
  userId: string;
  call: (method: string, suffix: string, body?: unknown) => Promise<unknown>;
  timed: (work: () => Promise<unknown>) => Promise<number>;
  median: (values: number[]) => number;
};

const [OUTER, MIDDLE, INNER] = [100, 10, 10];
const RUNS = 3;

type Value = { value: string; dataSectionId: string; dataFieldId: string; row: number; innerRows?: number[] };

function nestedBenchTemplate() {
  const ids = { outer: crypto.randomUUID(), middle: crypto.randomUUID(), inner: crypto.randomUUID() };
  const fields = {
    outer: [crypto.randomUUID(), crypto.randomUUID()],
    middle: [crypto.randomUUID(), crypto.randomUUID()],
    inner: [crypto.randomUUID(), crypto.randomUUID()],
  };
  const section = (level: keyof typeof ids, parentId: string | null, subSections: string[]) => ({
    id: ids[level],
    name: `Level ${level}`,
    type: "Repeatable",
    parentId,
    subSections,
    dataFields: fields[level].map((id, i) => ({ id, name: `${level} field ${i}`, type: "TextField" })),
  });
  const definition = {
    id: crypto.randomUUID(),
    name: "Nested bench template",
    sections: [section("outer", null, [ids.middle]), section("middle", ids.outer, [ids.inner]), section("inner", ids.middle, [])],
  };
  return { ids, fields, definition };
}

/** Every value of the three-level list, with `tag` in each so a run writes fresh text. */
function nestedValues(template: ReturnType<typeof nestedBenchTemplate>, tag: string): Value[] {
  const { ids, fields } = template;
  const values: Value[] = [];
  const push = (level: keyof typeof ids, row: number, innerRows: number[]) => {
    for (const dataFieldId of fields[level]) {
      values.push({
        value: `${tag}-${row}.${innerRows.join(".")}`,
        dataSectionId: ids[level],
        dataFieldId,
        row,
        ...(innerRows.length > 0 && { innerRows }),
      });
    }
  };
  for (let a = 0; a < OUTER; a++) {
    push("outer", a, []);
    for (let b = 0; b < MIDDLE; b++) {
      push("middle", a, [b]);
      for (let c = 0; c < INNER; c++) push("inner", a, [b, c]);
    }
  }
  return values;
}

async function floorAdd(client: pg.Client, modelId: string, values: Value[]): Promise<void> {
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO "data_value" ("modelId", "dataSectionId", "dataFieldId", "row", "innerRows", "value")
     SELECT $1::uuid, t.s, t.f, t.r, t.i, t.v FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::text[]) AS t(s, f, r, i, v)`,
    [
      modelId,
      values.map((v) => v.dataSectionId),
      values.map((v) => v.dataFieldId),
      values.map((v) => v.row),
      values.map((v) => encodeInnerRows(v.innerRows)),
      values.map((v) => v.value),
    ],
  );
  await client.query("COMMIT");
}

async function floorRead(client: pg.Client, modelId: string): Promise<number> {
  const result = await client.query(
    `SELECT "value", "dataSectionId", "dataFieldId", "row", "innerRows" FROM "data_value" WHERE "modelId" = $1::uuid`,
    [modelId],
  );
  return result.rowCount ?? 0;
}

export async function nestedBench({ organizationId, userId, call, timed, median }: NestedBenchContext, client: pg.Client) {
  const { importTemplate } = await import("~/server/services/templates/import-template");
  const template = nestedBenchTemplate();
  await importTemplate({ organizationId, createdByUserId: userId, definition: template.definition });
  const createModel = async () =>
    ((await call("POST", "/models", { name: "Nested bench", templateId: template.definition.id })) as { id: string }).id;
  const api = { write: [] as number[], read: [] as number[] };
  const floor = { write: [] as number[], read: [] as number[] };
  const values = nestedValues(template, "n");
  process.stderr.write(`  nested list ${OUTER} × ${MIDDLE} × ${INNER} (${values.length.toLocaleString("en")} values) × ${RUNS} runs `);
  for (let run = 0; run < RUNS; run++) {
    process.stderr.write(".");
    const apiModel = await createModel();
    api.write.push(await timed(() => call("POST", `/models/${apiModel}/data-values`, values)));
    api.read.push(await timed(() => call("GET", `/models/${apiModel}`)));
    const floorModel = await createModel();
    floor.write.push(await timed(() => floorAdd(client, floorModel, values)));
    floor.read.push(await timed(() => floorRead(client, floorModel)));
  }
  process.stderr.write("\n");
  const rows = (["write", "read"] as const).map((operation) => {
    const apiMs = median(api[operation]);
    const floorMs = median(floor[operation]);
    return { values: values.length, operation, apiMs, floorMs, ratio: apiMs / floorMs };
  });
  console.log(`\n| nested list ${OUTER} × ${MIDDLE} × ${INNER} | operation | API median (ms) | plain SQL median (ms) | ratio |`);
  console.log("|---:|---|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.values.toLocaleString("en")} values | ${row.operation} | ${row.apiMs.toFixed(1)} | ${row.floorMs.toFixed(1)} | ${row.ratio.toFixed(2)} |`,
    );
  }
  return rows;
}
