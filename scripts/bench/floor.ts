import pg from "pg";

/**
 * The floor: the same work as each API operation, done as plain SQL through the pg driver on the same database,
 * with nothing around it (no HTTP, no validation, no JSON). Set-based, as good SQL for the job would be.
 */
type Value = { value: string; dataSectionId: string; dataFieldId: string; row: number };

function columns(values: Value[]) {
  return [values.map((v) => v.dataSectionId), values.map((v) => v.dataFieldId), values.map((v) => v.row), values.map((v) => v.value)];
}

export async function floorAdd(client: pg.Client, modelId: string, values: Value[]): Promise<void> {
  await client.query("BEGIN");
  await client.query(
    `INSERT INTO "data_value" ("modelId", "dataSectionId", "dataFieldId", "row", "value")
     SELECT $1::uuid, t.s, t.f, t.r, t.v FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[]) AS t(s, f, r, v)`,
    [modelId, ...columns(values)],
  );
  await client.query("COMMIT");
}

export async function floorModify(client: pg.Client, modelId: string, values: Value[]): Promise<void> {
  await client.query("BEGIN");
  await client.query(
    `UPDATE "data_value" AS d SET "value" = t.v
     FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[]) AS t(s, f, r, v)
     WHERE d."modelId" = $1::uuid AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r`,
    [modelId, ...columns(values)],
  );
  await client.query("COMMIT");
}

export async function floorRead(client: pg.Client, modelId: string): Promise<number> {
  const result = await client.query(
    `SELECT "value", "dataSectionId", "dataFieldId", "row" FROM "data_value" WHERE "modelId" = $1::uuid`,
    [modelId],
  );
  return result.rowCount ?? 0;
}
