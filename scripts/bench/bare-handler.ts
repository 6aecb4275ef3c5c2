import { createHash } from "node:crypto";
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import pg from "pg";

/**
 * The bench's yardstick for the app's per-request overhead: the same work as the app's `GET model` and
 * `PATCH data-values` written with nothing but `node:http` and `pg`. Verify the key (the SHA-256 hash the app
 * stores), check membership of the path's organization, then read or write the model in one transaction and answer
 * the same JSON, byte for byte, as the app. The bench checks that identity before it measures, so a faster bare
 * handler can never be faster by doing less.
 *
 * Field checks on PATCH mirror the app's: each value's section and field must exist in the model's template and be
 * Model-level; the template's index is cached per template, as the app caches it.
 */

type Value = { value: string | null; dataSectionId: string; dataFieldId: string; row: number };
type FieldIndex = Map<string, Map<string, string>>;
type Section = { id: string; granularityLevel: string; dataFields: { id: string; granularityLevel: string }[] };

const MODEL_PATH = /^\/api\/organizations\/([^/]+)\/models\/([0-9a-f-]{36})(\/data-values)?$/;

/** Runs in its own process, as the app does, so that neither shares a core's event loop with autocannon. */
export function spawnBareHandler(options: { databaseUrl: string; port: number }): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", fileURLToPath(import.meta.url)], {
    env: { ...process.env, BARE_DATABASE_URL: options.databaseUrl, BARE_PORT: String(options.port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`The bare handler exited with ${code}`)));
  });
}

async function startBareHandler(options: { databaseUrl: string; port: number }): Promise<void> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const templates = new Map<string, FieldIndex>();

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      console.error("bare handler:", error);
      send(response, 500, { statusCode: 500, error: "Internal Server Error", message: "bare handler failed" });
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const match = MODEL_PATH.exec(request.url ?? "");
    const token = request.headers["api_token"];
    if (!match || typeof token !== "string") return send(response, 404, { message: "not found" });
    const [, organizationId, modelId, dataValues] = match as unknown as [string, string, string, string | undefined];
    const body = request.method === "PATCH" && dataValues ? await readBody(request) : undefined;
    const client = await pool.connect();
    try {
      if (!(await isMember(client, token, organizationId))) return send(response, 401, { message: "unauthorized" });
      if (request.method === "GET" && !dataValues) {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
        const model = await readModel(client, organizationId, modelId);
        await client.query("COMMIT");
        return model ? send(response, 200, model, model.version) : send(response, 404, { message: "not found" });
      }
      if (request.method === "PATCH" && body) {
        await client.query("BEGIN");
        const result = await modify(client, organizationId, modelId, JSON.parse(body) as Value[]);
        await client.query(result.status === 200 ? "COMMIT" : "ROLLBACK");
        return send(response, result.status, result.body, result.version);
      }
      return send(response, 405, { message: "method not allowed" });
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function isMember(client: pg.PoolClient, token: string, organizationId: string): Promise<boolean> {
    const hash = createHash("sha256").update(token).digest("base64url");
    const result = await client.query(
      `SELECT 1 FROM "apikey" AS k JOIN "member" AS m ON m."userId" = k."referenceId" AND m."organizationId" = $2
       WHERE k."key" = $1 AND k."enabled" IS TRUE AND (k."expiresAt" IS NULL OR k."expiresAt" > now())`,
      [hash, organizationId],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async function fieldIndex(client: pg.PoolClient, templateId: string): Promise<FieldIndex> {
    const cached = templates.get(templateId);
    if (cached) return cached;
    const result = await client.query<{ sections: Section[] }>(`SELECT "sections" FROM "template" WHERE "id" = $1`, [templateId]);
    const index: FieldIndex = new Map();
    for (const section of result.rows[0]?.sections ?? []) {
      index.set(section.id, new Map(section.dataFields.map((field) => [field.id, field.granularityLevel])));
    }
    templates.set(templateId, index);
    return index;
  }

  async function modify(client: pg.PoolClient, organizationId: string, modelId: string, values: Value[]) {
    const locked = await client.query<{ templateId: string }>(
      `SELECT "templateId"::text AS "templateId" FROM "model" WHERE "id" = $1 AND "organizationId" = $2 FOR UPDATE`,
      [modelId, organizationId],
    );
    const templateId = locked.rows[0]?.templateId;
    if (!templateId) return { status: 404, body: { message: "not found" } };
    const index = await fieldIndex(client, templateId);
    if (!values.every((v) => index.get(v.dataSectionId)?.get(v.dataFieldId) === "Model")) {
      return { status: 400, body: { message: "unknown field" } };
    }
    const columns = [
      values.map((v) => v.dataSectionId),
      values.map((v) => v.dataFieldId),
      values.map((v) => v.row),
      values.map((v) => v.value),
    ];
    const counts = await client.query<{ matched: number; changed: number }>(
      `WITH t AS (SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[]) AS t(s, f, r, v)),
       changed AS (
         UPDATE "data_value" AS d SET "value" = t.v FROM t
         WHERE d."modelId" = $1::uuid AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
           AND d."value" IS DISTINCT FROM t.v
         RETURNING 1)
       SELECT (SELECT count(*) FROM "data_value" AS d JOIN t ON d."dataSectionId" = t.s AND d."dataFieldId" = t.f
                 AND d."row" = t.r WHERE d."modelId" = $1::uuid)::int AS "matched",
              (SELECT count(*) FROM changed)::int AS "changed"`,
      [modelId, ...columns],
    );
    const { matched, changed } = counts.rows[0] ?? { matched: 0, changed: 0 };
    if (matched < values.length) return { status: 400, body: { message: "missing values" } };
    if (changed > 0)
      await client.query(`UPDATE "model" SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = $1`, [modelId]);
    const model = await readModel(client, organizationId, modelId);
    return { status: 200, body: model, version: model?.version };
  }

  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
}

/** The model as the app's model DTO writes it: the same keys in the same order, values ordered by section, field, row. */
async function readModel(client: pg.PoolClient, organizationId: string, modelId: string) {
  const rows = await client.query<{
    id: string;
    name: string;
    description: string;
    templateId: string;
    ownerId: string;
    version: number;
    createdAt: Date;
    updatedAt: Date;
  }>(
    `SELECT "id"::text AS "id", "name", "description", "templateId"::text AS "templateId", "ownerId", "version",
            "createdAt" AT TIME ZONE 'UTC' AS "createdAt", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"
     FROM "model" WHERE "id" = $1 AND "organizationId" = $2`,
    [modelId, organizationId],
  );
  const row = rows.rows[0];
  if (!row) return undefined;
  const identifiers = await client.query<{ uuid: string; value: string }>(
    `SELECT "uuid"::text AS "uuid", "value" FROM "unique_product_identifier" WHERE "modelId" = $1 ORDER BY "createdAt"`,
    [modelId],
  );
  const groups = await client.query<{ s: string; f: string; r: number[]; v: (string | null)[] }>(
    `SELECT "dataSectionId"::text AS "s", "dataFieldId"::text AS "f",
            array_agg("row" ORDER BY "row") AS "r", array_agg("value" ORDER BY "row") AS "v"
     FROM "data_value" WHERE "modelId" = $1 GROUP BY "dataSectionId", "dataFieldId" ORDER BY "dataSectionId", "dataFieldId"`,
    [modelId],
  );
  const dataValues: Value[] = [];
  for (const { s, f, r, v } of groups.rows) {
    for (let i = 0; i < r.length; i++) dataValues.push({ value: v[i] ?? null, dataSectionId: s, dataFieldId: f, row: r[i] as number });
  }
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    uniqueProductIdentifiers: identifiers.rows,
    templateId: row.templateId,
    owner: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    dataValues,
  };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown, version?: number): void {
  const headers: http.OutgoingHttpHeaders = { "content-type": "application/json" };
  if (version !== undefined) headers.etag = `"${version}"`;
  response.writeHead(status, headers).end(JSON.stringify(body));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startBareHandler({ databaseUrl: process.env.BARE_DATABASE_URL ?? "", port: Number(process.env.BARE_PORT) });
  console.log("ready");
}
