import { createHash } from "node:crypto";
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TPassport } from "~/domain/passport-schema";
import { renderPassportPage } from "~/server/public-pages/passport-page";
import { contentEtag } from "~/server/http/cache-policy";

/**
 * The bench's yardstick for the app's per-request overhead: the same work as the app's `GET model` and
 * `PATCH data-values` written with nothing but `node:http` and `pg`. Verify the key (the SHA-256 hash the app
 * stores), check membership of the path's organization, then read or write the model in one transaction and answer
 * the same JSON, byte for byte, as the app; an unchanged model is answered from memory as the app's model cache does. The bench checks that identity before it measures, so a faster bare
 * handler can never be faster by doing less.
 *
 * Field checks on PATCH mirror the app's: each value's section and field must exist in the model's template and be
 * Model-level; the template's index is cached per template, as the app caches it. The PATCH does the app's write
 * statement for statement — the same lock, the same history row, the same version bump, the same answer (`modify`);
 * the bench compares the history rows both wrote before it measures.
 *
 * `GET /api/product-passports/{uuid}` (anonymous) does the reads the app does for a passport it has not cached —
 * the identifier, the model with its identifiers and values, the item's and the template's sections in one snapshot
 * — and assembles the public passport the same way, so the app's cache is measured against doing the work each time.
 * `GET /p/{uuid}` does those reads too and renders the page with the app's own pure renderer (no Next, no React):
 * the HTML must be byte-identical, and the row measures serving a page, not two renderers against each other.
 */

type Value = { value: string | null; dataSectionId: string; dataFieldId: string; row: number };
type FieldIndex = Map<string, Map<string, string>>;
type Section = { id: string; granularityLevel: string; dataFields: { id: string; granularityLevel: string }[] };
type StoredField = { id: string; granularityLevel: string; options: Record<string, string> };
type StoredSection = {
  id: string;
  name: string;
  type: string;
  parentId: string | null;
  subSections: string[];
  granularityLevel: string;
  layout: unknown;
  dataFields: StoredField[];
};
type ValueGroup = { s: string; f: string; r: number[]; v: (string | null)[] };
type KeyHolder = { userId: string; apiKeyId: string };

const PASSPORT_PATH = /^\/api\/product-passports\/([0-9a-f-]{36})$/;
const PAGE_PATH = /^\/p\/([0-9a-f-]{36})$/;

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
  const passportTemplates = new Map<string, StoredSection[]>();
  const models = new Map<string, { organizationId: string; epoch: number; version: number; body: Buffer }>();

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      console.error("bare handler:", error);
      send(response, 500, { statusCode: 500, error: "Internal Server Error", message: "bare handler failed" });
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const passportMatch = PASSPORT_PATH.exec(request.url ?? "");
    if (passportMatch && request.method === "GET") return servePassport(response, passportMatch[1] as string);
    const pageMatch = PAGE_PATH.exec(request.url ?? "");
    if (pageMatch && request.method === "GET") return servePassportPage(response, pageMatch[1] as string);
    const match = MODEL_PATH.exec(request.url ?? "");
    const token = request.headers["api_token"];
    if (!match || typeof token !== "string") return send(response, 404, { message: "not found" });
    const [, organizationId, modelId, dataValues] = match as unknown as [string, string, string, string | undefined];
    const body = request.method === "PATCH" && dataValues ? await readBody(request) : undefined;
    const client = await pool.connect();
    try {
      if (request.method === "PATCH" && body) {
        const caller = await keyHolder(client, token, organizationId);
        if (!caller) return send(response, 401, { message: "unauthorized" });
        await client.query("BEGIN");
        const result = await modify(client, caller, organizationId, modelId, JSON.parse(body) as Value[]);
        await client.query(result.status === 200 ? "COMMIT" : "ROLLBACK");
        return send(response, result.status, result.body, result.version);
      }
      if (!(await isMember(client, token, organizationId))) return send(response, 401, { message: "unauthorized" });
      if (request.method === "GET" && !dataValues) return await serveModel(client, response, organizationId, modelId);
      return send(response, 405, { message: "method not allowed" });
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * GET model as the app answers it (services/models/internal/model-cache.ts): a model read before is answered from
   * memory while the database's epoch of the model is the one read with its values, so both sides do the same work —
   * one epoch query and the kept bytes for an unchanged model, the whole read after a change.
   */
  async function serveModel(client: pg.PoolClient, response: http.ServerResponse, organizationId: string, modelId: string) {
    const kept = models.get(modelId);
    if (kept?.organizationId === organizationId) {
      const epoch = await client.query<{ epoch: number }>(
        `SELECT "passportEpoch" AS "epoch" FROM "model" WHERE "id" = $1::uuid AND "organizationId" = $2`,
        [modelId, organizationId],
      );
      if (epoch.rows[0]?.epoch === kept.epoch) return sendBytes(response, kept.body, kept.version);
    }
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    const epoch = await client.query<{ epoch: number }>(`SELECT "passportEpoch" AS "epoch" FROM "model" WHERE "id" = $1`, [modelId]);
    const model = await readModel(client, organizationId, modelId);
    await client.query("COMMIT");
    if (!model) return send(response, 404, { message: "not found" });
    const body = Buffer.from(JSON.stringify(model));
    models.set(modelId, { organizationId, epoch: epoch.rows[0]?.epoch ?? -1, version: model.version, body });
    return sendBytes(response, body, model.version);
  }

  async function servePassport(response: http.ServerResponse, uuid: string): Promise<void> {
    const passport = await readPassportSnapshot(uuid);
    if (!passport) return send(response, 404, { message: "not found" });
    // The app's headers of an anonymous passport (src/server/http/shared-cache.ts), its answered language last in the ETag.
    const key = `model-${passport.modelId}`;
    response
      .writeHead(200, {
        "content-type": "application/json",
        etag: `"${passport.version}-public-${passport.language}"`,
        "cache-control": "public, max-age=5, s-maxage=5, stale-while-revalidate=5",
        "surrogate-key": key,
        "cache-tag": key,
        vary: "Accept-Language",
        "content-language": passport.language,
      })
      .end(JSON.stringify(passport));
  }

  async function servePassportPage(response: http.ServerResponse, uuid: string): Promise<void> {
    const passport = await readPassportSnapshot(uuid);
    if (!passport) return send(response, 404, { message: "not found" });
    const page = renderPassportPage(passport as unknown as TPassport);
    response
      .writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        etag: contentEtag("page", page),
        "cache-control": "public, no-cache",
      })
      .end(page);
  }

  async function readPassportSnapshot(uuid: string) {
    const client = await pool.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
      const passport = await readPublicPassport(client, uuid);
      await client.query("COMMIT");
      return passport;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function sectionsOf(client: pg.PoolClient, templateId: string): Promise<StoredSection[]> {
    const cached = passportTemplates.get(templateId);
    if (cached) return cached;
    const result = await client.query<{ sections: StoredSection[] }>(`SELECT "sections" FROM "template" WHERE "id" = $1`, [
      templateId,
    ]);
    const sections = result.rows[0]?.sections ?? [];
    passportTemplates.set(templateId, sections);
    return sections;
  }

  async function readPublicPassport(client: pg.PoolClient, uuid: string) {
    const identifier = await client.query<{ modelId: string | null; itemId: string | null }>(
      `SELECT COALESCE(u."modelId", i."modelId")::text AS "modelId", u."itemId"::text AS "itemId"
       FROM "unique_product_identifier" AS u LEFT JOIN "item" AS i ON i."id" = u."itemId"
       WHERE u."uuid" = $1 AND u."retiredAt" IS NULL`,
      [uuid],
    );
    const { modelId, itemId } = identifier.rows[0] ?? { modelId: null, itemId: null };
    if (!modelId) return undefined;
    const models = await client.query<{
      name: string;
      description: string;
      gtin: string | null;
      templateId: string;
      version: number;
      updatedAt: Date;
      defaultLanguage: string;
      publishedLanguages: string[];
    }>(
      `SELECT m."name", m."description", m."gtin", m."templateId"::text AS "templateId", m."version",
              m."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt", o."defaultLanguage", o."publishedLanguages"
       FROM "model" AS m JOIN "organization" AS o ON o."id" = m."organizationId" WHERE m."id" = $1`,
      [modelId],
    );
    const model = models.rows[0];
    if (!model) return undefined;
    const items = itemId
      ? await client.query<{ version: number; updatedAt: Date }>(
          `SELECT "version", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt" FROM "item" WHERE "id" = $1`,
          [itemId],
        )
      : undefined;
    const item = items?.rows[0];
    const identifiers = await client.query<{ uuid: string; value: string }>(
      `SELECT "uuid"::text AS "uuid", "value" FROM "unique_product_identifier" WHERE ${itemId ? `"itemId"` : `"modelId"`} = $1
       ORDER BY "createdAt"`,
      [itemId ?? modelId],
    );
    const groups = (table: string, key: string, id: string) =>
      client.query<ValueGroup>(
        `SELECT "dataSectionId"::text AS "s", "dataFieldId"::text AS "f",
                array_agg("row" ORDER BY "row") AS "r", array_agg("value" ORDER BY "row") AS "v"
         FROM "${table}" WHERE "${key}" = $1 GROUP BY "dataSectionId", "dataFieldId"`,
        [id],
      );
    const modelValues = (await groups("data_value", "modelId", modelId)).rows;
    const itemValues = itemId ? (await groups("item_data_value", "itemId", itemId)).rows : undefined;
    const sections = await sectionsOf(client, model.templateId);
    const modelUpdatedAt = model.updatedAt.toISOString();
    const itemUpdatedAt = item?.updatedAt.toISOString();
    // A deliberate copy of `passportFor` in src/domain/passport.ts (the public reader's filtering and the section's
    // shape): the bare handler is the bench's independent reference, written with node:http and pg alone, so it must
    // not import the app's code. The bench's byte-for-byte check of both answers keeps the two in step.
    let hiddenFieldCount = 0;
    const dataSections = documentOrder(sections).map((section) => {
      const fields = section.dataFields.filter((field) => Boolean(itemValues) || !isItemField(section, field));
      const visible = fields.filter((field) => (field.options.access ?? "public") === "public");
      hiddenFieldCount += fields.length - visible.length;
      const rowsOf = (field: StoredField) => {
        const source = isItemField(section, field) ? itemValues : modelValues;
        const group = source?.find((g) => g.s === section.id && g.f === field.id);
        return new Map((group?.r ?? []).map((row, i) => [row, group?.v[i] ?? null]));
      };
      const byField = visible.map((field) => [field.id, rowsOf(field)] as const);
      const rowNumbers = [...new Set(byField.flatMap(([, rows]) => [...rows.keys()]))].sort((a, b) => a - b);
      return {
        id: section.id,
        name: section.name,
        type: section.type,
        parentId: section.parentId,
        subSections: section.subSections,
        granularityLevel: section.granularityLevel,
        layout: section.layout,
        dataFields: visible,
        dataValues: rowNumbers.map((row) => Object.fromEntries(byField.map(([id, rows]) => [id, rows.get(row) ?? null]))),
        hiddenFieldCount: fields.length - visible.length,
      };
    });
    return {
      id: uuid,
      name: model.name,
      description: model.description,
      modelId,
      ...(itemId ? { itemId } : {}),
      templateId: model.templateId,
      updatedAt: itemUpdatedAt && itemUpdatedAt > modelUpdatedAt ? itemUpdatedAt : modelUpdatedAt,
      gtin: model.gtin,
      uniqueProductIdentifiers: identifiers.rows,
      version: item ? `${model.version}.${item.version}` : String(model.version),
      readerLevel: "public",
      hiddenFieldCount,
      // No language asked for: the organization's default, with its published languages (the default first).
      language: model.defaultLanguage,
      languages: [model.defaultLanguage, ...model.publishedLanguages.filter((l) => l !== model.defaultLanguage)],
      dataSections,
    };
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

  /**
   * The app's write of existing values (services/internal/write-passport-data.ts with a `values` lock), statement for
   * statement: the model locked FOR KEY SHARE with its epoch left to the last statement, the history change opened,
   * the values' rows locked in order and updated with their changes recorded in the change's arrays, then the version
   * bump (which renumbers the change) — or, when nothing changed, the change dropped — and the model read back.
   */
  async function modify(client: pg.PoolClient, caller: KeyHolder, organizationId: string, modelId: string, values: Value[]) {
    const locked = await client.query<{ templateId: string }>(
      `SELECT "templateId"::text AS "templateId", "version", set_config('passport.pending_owners', $1::text, true) AS "pending"
       FROM "model" WHERE "id" = $1::uuid AND "organizationId" = $2 FOR KEY SHARE`,
      [modelId, organizationId],
    );
    const templateId = locked.rows[0]?.templateId;
    if (!templateId) return { status: 404, body: { message: "not found" } };
    const index = await fieldIndex(client, templateId);
    if (!values.every((v) => index.get(v.dataSectionId)?.get(v.dataFieldId) === "Model")) {
      return { status: 400, body: { message: "unknown field" } };
    }
    const change = await client.query<{ id: string }>(
      `INSERT INTO "passport_change" ("organizationId", "ownerKind", "modelId", "userId", "apiKeyId", "via")
       VALUES ($1, 'model', $2, $3, $4, 'api') RETURNING "id"::text AS "id"`,
      [organizationId, modelId, caller.userId, caller.apiKeyId],
    );
    const changeId = change.rows[0]?.id;
    const columns = [
      values.map((v) => v.dataSectionId),
      values.map((v) => v.dataFieldId),
      values.map((v) => v.row),
      values.map((v) => v.value),
    ];
    const counts = await client.query<{ matched: number; changed: number }>(
      `WITH "matched" AS (
         SELECT d."dataSectionId" AS s, d."dataFieldId" AS f, d."row" AS r, d."innerRows" AS i, d."language" AS l,
                d."value" AS ov, t.v AS nv
         FROM "data_value" AS d
         JOIN unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[]) AS t(s, f, r, v)
           ON d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r AND d."innerRows" = '' AND d."language" = ''
         WHERE d."modelId" = $1::uuid
         ORDER BY d."dataSectionId", d."dataFieldId", d."row", d."innerRows", d."language"
         FOR UPDATE OF d
       ), "changed" AS (
         UPDATE "data_value" AS d SET "value" = m.nv FROM "matched" AS m
         WHERE d."modelId" = $1::uuid AND d."dataSectionId" = m.s AND d."dataFieldId" = m.f AND d."row" = m.r
           AND d."innerRows" = m.i AND d."language" = m.l AND m.ov IS DISTINCT FROM m.nv
         RETURNING m.s, m.f, m.r, m.i, m.l, m.ov, m.nv
       ), "recorded" AS (
         UPDATE "passport_change" AS c SET ("valueSectionIds", "valueFieldIds", "valueRows", "valueInnerRows",
                                            "valueLanguages", "valueKinds", "oldValues", "newValues") = (
           SELECT coalesce(array_agg(x.s), '{}'), coalesce(array_agg(x.f), '{}'), coalesce(array_agg(x.r), '{}'),
                  coalesce(array_agg(x.i), '{}'), coalesce(array_agg(x.l), '{}'),
                  coalesce(array_agg('modify'::"ValueChangeKind"), '{}'), coalesce(array_agg(x.ov), '{}'),
                  coalesce(array_agg(x.nv), '{}')
           FROM "changed" AS x)
         WHERE c."id" = $6::bigint
       )
       SELECT (SELECT count(*) FROM "matched")::int AS "matched", (SELECT count(*) FROM "changed")::int AS "changed"`,
      [modelId, ...columns, changeId],
    );
    const { matched, changed } = counts.rows[0] ?? { matched: 0, changed: 0 };
    if (matched < values.length) return { status: 400, body: { message: "missing values" } };
    const read = await readModel(client, organizationId, modelId);
    if (changed === 0) {
      await client.query(`DELETE FROM "passport_change" WHERE "id" = $1::bigint`, [changeId]);
      return { status: 200, body: read, version: read?.version };
    }
    const bumped = await client.query<{ version: number; updatedAt: Date }>(
      `WITH "bumped" AS (
         UPDATE "model" SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = $1 RETURNING "version", "updatedAt"
       ), "renumbered" AS (
         UPDATE "passport_change" AS c SET "id" = nextval(pg_get_serial_sequence('passport_change', 'id'))
         FROM "bumped" WHERE c."id" = $2::bigint
       )
       SELECT "version", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt" FROM "bumped"`,
      [modelId, changeId],
    );
    const bump = bumped.rows[0];
    // As the app: the answer read before the bump describes the bump's version unless another write committed between.
    const model =
      read && bump && bump.version === read.version + 1
        ? { ...read, version: bump.version, updatedAt: bump.updatedAt.toISOString() }
        : await readModel(client, organizationId, modelId);
    return { status: 200, body: model, version: model?.version };
  }

  /** The key's holder, if a member of the organization: the history names the user and the key. */
  async function keyHolder(client: pg.PoolClient, token: string, organizationId: string): Promise<KeyHolder | null> {
    const hash = createHash("sha256").update(token).digest("base64url");
    const result = await client.query<KeyHolder>(
      `SELECT k."id" AS "apiKeyId", k."referenceId" AS "userId"
       FROM "apikey" AS k JOIN "member" AS m ON m."userId" = k."referenceId" AND m."organizationId" = $2
       WHERE k."key" = $1 AND k."enabled" IS TRUE AND (k."expiresAt" IS NULL OR k."expiresAt" > now())`,
      [hash, organizationId],
    );
    return result.rows[0] ?? null;
  }

  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
}

function isItemField(section: StoredSection, field: StoredField): boolean {
  return section.granularityLevel === "Item" || field.granularityLevel === "Item";
}

/** Sections depth-first from the roots, each followed by its sub-sections in `subSections` order. */
function documentOrder(sections: StoredSection[]): StoredSection[] {
  const byId = new Map(sections.map((section) => [section.id, section]));
  const ordered: StoredSection[] = [];
  const visit = (section: StoredSection) => {
    ordered.push(section);
    for (const id of section.subSections) {
      const child = byId.get(id);
      if (child) visit(child);
    }
  };
  for (const section of sections) if (section.parentId === null || !byId.has(section.parentId)) visit(section);
  return ordered;
}

/** The model as the app's model DTO writes it: the same keys in the same order, values ordered by section, field, row. */
async function readModel(client: pg.PoolClient, organizationId: string, modelId: string) {
  const rows = await client.query<{
    id: string;
    name: string;
    description: string;
    gtin: string | null;
    templateId: string;
    ownerId: string;
    version: number;
    publishOnStatusChange: boolean;
    createdAt: Date;
    updatedAt: Date;
  }>(
    `SELECT "id"::text AS "id", "name", "description", "gtin", "templateId"::text AS "templateId", "ownerId", "version",
            "publishOnStatusChange", "createdAt" AT TIME ZONE 'UTC' AS "createdAt", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"
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
    gtin: row.gtin,
    uniqueProductIdentifiers: identifiers.rows,
    templateId: row.templateId,
    owner: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    publishOnStatusChange: row.publishOnStatusChange,
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

function sendBytes(response: http.ServerResponse, body: Buffer, version: number): void {
  response.writeHead(200, { "content-type": "application/json", etag: `"${version}"` }).end(body);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startBareHandler({ databaseUrl: process.env.BARE_DATABASE_URL ?? "", port: Number(process.env.BARE_PORT) });
  console.log("ready");
}
