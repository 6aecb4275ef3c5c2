import autocannon from "autocannon";
import type pg from "pg";
import { OPERATOR } from "~/domain/actor";

/**
 * Flat at scale (issue 37 §4, README §Performance): the reads a member, a scanner and a verifier make, measured on
 * one database at 10,000 items of one model and 10 organizations, then again after set-based SQL grew it to
 * 1,000,000 items (10 Item-level values each) and 10,000 organizations (each with a signing key and a GS1 company
 * prefix). The same item is read at both sizes. Each row's cost at the large size over its cost at the small one
 * (requests/s small ÷ large; for the export, items/s small ÷ large) must stay at most 1.3. Each figure is the best of
 * three short loads (the export: of three reads), since on a shared machine other work only ever slows a round.
 *
 * The data is written straight by SQL (generate_series, triggers and foreign-key checks off for the session:
 * `session_replication_role = replica`), since only the reads are measured; the rows are the ones the app writes
 * (fresh items have passport epoch 0, as the triggers would leave them). ANALYZE follows each growth, as autovacuum
 * would in a running installation.
 *
 * BENCH_SCALE_ITEMS (default 1,000,000) and BENCH_SCALE_ORGANIZATIONS (default 10,000) set the large size, for a
 * quicker look or a database that cannot hold it in time (PGlite: docs in README §Performance).
 */

export type ScaleBenchContext = {
  origin: string;
  /** The app's PUBLIC_BASE_URL, which AAS identifiers are made of. */
  publicBaseUrl: string;
  connections: number;
  durationS: number;
  median: (values: number[]) => number;
  timed: (work: () => Promise<unknown>) => Promise<number>;
};

const SMALL = { items: 10_000, organizations: 10 };
const LARGE = {
  items: Number(process.env.BENCH_SCALE_ITEMS ?? 1_000_000),
  organizations: Number(process.env.BENCH_SCALE_ORGANIZATIONS ?? 10_000),
};
const ITEM_FIELDS = 10;
const GTIN = "09506000134352";
const PREFIX = "9506000";
const BATCH = 100_000;
const EXPORT_ITEMS = 5_000;
const EXPORT_RUNS = 3;
/** The item every row reads: one of the first size's, in the middle of the key order. */
const PROBE_N = 5_000;
const LIMIT = 1.3;
const ROUNDS = 3;

/** `revalidates`: sent with If-None-Match naming the answer's current ETag (taken before each size's loads), as a cache in front revalidates. */
type Target = { name: string; path: string; authorised: boolean; status: number; revalidates?: boolean; etag?: string };

export async function scaleBench(context: ScaleBenchContext, client: pg.Client) {
  const world = await createScaleWorld();
  const api = (method: string, suffix: string, body?: unknown) =>
    fetchJson(`${context.origin}/api/organizations/${world.organizationId}${suffix}`, world.token, method, body);
  const model = (await api("POST", "/models", { name: "Scale", templateId: world.templateId, gtin: GTIN })) as { id: string };
  // Publishing one version makes the organization's signing key: its DID document and JWKS have something to list.
  await api("POST", `/models/${model.id}/passport-versions`);
  await client.query(`INSERT INTO "gs1_company_prefix" ("prefix", "organizationId") VALUES ($1, $2)`, [PREFIX, world.organizationId]);

  const grown = { items: 0, organizations: 1 };
  await grow(client, world, model.id, grown, SMALL);
  const probe = await probeOf(client, world, model.id);
  const targets = targetsOf(world, model.id, probe, context.publicBaseUrl);
  for (const target of targets) {
    if (target.revalidates) target.etag = await currentEtag(context.origin, target.path);
    await expectStatus(context.origin, target, world.token);
  }
  const small = await measure(context, targets, world, model.id);
  await grow(client, world, model.id, grown, LARGE);
  const large = await measure(context, targets, world, model.id);

  const rows = targets.map((target, i) => {
    const [a, b] = [small.rates[i] as Rate, large.rates[i] as Rate];
    return { name: target.name, small: a, large: b, ratio: a.requestsPerSecond / b.requestsPerSecond };
  });
  rows.push({
    name: `spreadsheet export (CSV), items/s over the first ${EXPORT_ITEMS.toLocaleString("en")}`,
    small: { requestsPerSecond: small.exportItemsPerSecond, p50Ms: 0 },
    large: { requestsPerSecond: large.exportItemsPerSecond, p50Ms: 0 },
    ratio: small.exportItemsPerSecond / large.exportItemsPerSecond,
  });
  const header = `${SMALL.items.toLocaleString("en")} items / ${SMALL.organizations} orgs`;
  const headerLarge = `${LARGE.items.toLocaleString("en")} items / ${LARGE.organizations.toLocaleString("en")} orgs`;
  console.log(
    `\n| read (${context.connections} connections, best of ${ROUNDS} × ${context.durationS} s) | ${header} req/s (p50 ms) | ${headerLarge} req/s (p50 ms) | cost ratio (≤ ${LIMIT}) |`,
  );
  console.log("|---|---:|---:|---:|");
  for (const row of rows) {
    const cell = (rate: Rate) => `${rate.requestsPerSecond.toFixed(0)}${rate.p50Ms ? ` (${rate.p50Ms})` : ""}`;
    console.log(`| ${row.name} | ${cell(row.small)} | ${cell(row.large)} | ${row.ratio.toFixed(2)}${row.ratio > LIMIT ? " ✗" : ""} |`);
  }
  console.log(`load average after the run: ${(await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim()}`);
  return { small: SMALL, large: LARGE, rows };
}

type ScaleWorld = {
  organizationId: string;
  userId: string;
  token: string;
  templateId: string;
  itemSectionId: string;
  fieldIds: string[];
};

async function createScaleWorld(): Promise<ScaleWorld> {
  const { createUser } = await import("~/server/services/identity/create-user");
  const { createOrganization } = await import("~/server/services/identity/create-organization");
  const { createApiKey } = await import("~/server/services/identity/create-api-key");
  const { importTemplate } = await import("~/server/services/templates/import-template");
  const user = await createUser({ email: `scale-${crypto.randomUUID()}@bench.example`, password: "bench-password" });
  const organization = await createOrganization({ actor: OPERATOR, name: "Scale", ownerUserId: user.id });
  const key = await createApiKey({ userId: user.id, organizationId: organization.id, name: "scale" });
  const itemSectionId = crypto.randomUUID();
  const fieldIds = Array.from({ length: ITEM_FIELDS }, () => crypto.randomUUID());
  const definition = {
    id: crypto.randomUUID(),
    name: "Scale template",
    sections: [
      {
        id: crypto.randomUUID(),
        name: "Product",
        type: "Group",
        dataFields: [{ id: crypto.randomUUID(), name: "Brand", type: "TextField" }],
      },
      {
        id: itemSectionId,
        name: "Per item",
        type: "Group",
        granularityLevel: "Item",
        dataFields: fieldIds.map((id, i) => ({ id, name: `Item field ${i}`, type: "TextField" })),
      },
    ],
  };
  await importTemplate({ organizationId: organization.id, createdByUserId: user.id, definition });
  return { organizationId: organization.id, userId: user.id, token: key.token, templateId: definition.id, itemSectionId, fieldIds };
}

/**
 * Grows the database to `to`: items n = grown.items + 1 … to.items of the model, each with its GS1 key
 * `/01/{GTIN}/21/{n}` and its ten Item-level values, in batches; then organizations up to `to.organizations`, each
 * with a signing key and a company prefix of its own (`5` and nine digits, so none covers another's).
 */
async function grow(client: pg.Client, world: ScaleWorld, modelId: string, grown: typeof SMALL, to: typeof SMALL): Promise<void> {
  const started = performance.now();
  process.stderr.write(
    `  scale: growing to ${to.items.toLocaleString("en")} items, ${to.organizations.toLocaleString("en")} organizations `,
  );
  await client.query("SET session_replication_role = replica");
  try {
    for (let from = grown.items + 1; from <= to.items; from += BATCH) {
      const until = Math.min(from + BATCH - 1, to.items);
      process.stderr.write(".");
      await client.query("BEGIN");
      await client.query(
        `CREATE TEMP TABLE scale_batch ON COMMIT DROP AS
         SELECT gen_random_uuid() AS id, n FROM generate_series($1::int, $2::int) AS n`,
        [from, until],
      );
      await client.query(
        `INSERT INTO "item" ("id", "organizationId", "modelId", "templateId", "createdAt", "updatedAt")
         SELECT id, $1, $2::uuid, $3::uuid, timestamp '2026-01-01' + n * interval '1 millisecond', now() FROM scale_batch`,
        [world.organizationId, modelId, world.templateId],
      );
      await client.query(
        `INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value", "itemId")
         SELECT gen_random_uuid(), $1, '/01/${GTIN}/21/' || n, id FROM scale_batch`,
        [world.organizationId],
      );
      await client.query(
        `INSERT INTO "item_data_value" ("itemId", "dataSectionId", "dataFieldId", "row", "value")
         SELECT b.id, $1::uuid, f.id, 0, 'value ' || b.n || '-' || f.i
         FROM scale_batch b CROSS JOIN unnest($2::uuid[]) WITH ORDINALITY AS f(id, i)`,
        [world.itemSectionId, world.fieldIds],
      );
      await client.query("COMMIT");
    }
    if (to.organizations > grown.organizations) {
      process.stderr.write("o");
      await client.query("BEGIN");
      await client.query(
        `CREATE TEMP TABLE scale_organizations ON COMMIT DROP AS
         SELECT gen_random_uuid()::text AS id, n FROM generate_series($1::int, $2::int) AS n`,
        [grown.organizations + 1, to.organizations],
      );
      await client.query(
        `INSERT INTO "organization" ("id", "name", "slug") SELECT id, 'Scale ' || n, 'scale-' || id FROM scale_organizations`,
      );
      // A public key per organization (the same Ed25519 point: only the rows' count matters), kid its own.
      await client.query(
        `INSERT INTO "organization_signing_key" ("kid", "organizationId", "publicJwk", "privateKeyEncrypted")
         SELECT translate(encode(sha256(convert_to(id, 'UTF8')), 'base64'), '+/=', '-_'), id,
                '{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}', 'bench'
         FROM scale_organizations`,
      );
      await client.query(
        `INSERT INTO "gs1_company_prefix" ("prefix", "organizationId") SELECT '5' || lpad(n::text, 9, '0'), id FROM scale_organizations`,
      );
      // What the triggers (off here) would have done: the JWKS sees a new key set.
      await client.query(`UPDATE "signing_key_set" SET "version" = "version" + 1`);
      await client.query("COMMIT");
    }
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.query("SET session_replication_role = DEFAULT");
  }
  await client.query("ANALYZE");
  Object.assign(grown, to);
  process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

type Probe = { itemId: string; uuid: string; serial: string; kid: string };

async function probeOf(client: pg.Client, world: ScaleWorld, modelId: string): Promise<Probe> {
  const serial = String(PROBE_N);
  const { rows } = await client.query<{ itemId: string; uuid: string }>(
    `SELECT "itemId", "uuid" FROM "unique_product_identifier" WHERE "organizationId" = $1 AND "value" = $2`,
    [world.organizationId, `/01/${GTIN}/21/${serial}`],
  );
  const row = rows[0];
  if (!row) throw new Error(`no item ${serial} in model ${modelId}`);
  const { rows: keys } = await client.query<{ kid: string }>(
    `SELECT "kid" FROM "organization_signing_key" WHERE "organizationId" = $1 LIMIT 1`,
    [world.organizationId],
  );
  const kid = keys[0]?.kid;
  if (!kid) throw new Error("the organization has no signing key");
  // The bare thumbprint: a kid the JWKS lists each key under (docs/versions.md §Keys), read the same way as a DID URL.
  return { ...row, serial, kid };
}

function targetsOf(world: ScaleWorld, modelId: string, probe: Probe, publicBaseUrl: string): Target[] {
  const org = `/api/organizations/${world.organizationId}`;
  const key = `/01/${GTIN}/21/${probe.serial}`;
  const shellId = Buffer.from(`${publicBaseUrl}/aas/models/${modelId}/items/${probe.itemId}`).toString("base64url");
  return [
    {
      name: "item read (member, REST: the item page's service)",
      path: `${org}/models/${modelId}/items/${probe.itemId}`,
      authorised: true,
      status: 200,
    },
    {
      name: "identifier lookup (`…/unique-product-identifiers?value=`)",
      path: `${org}/unique-product-identifiers?value=${encodeURIComponent(key)}`,
      authorised: true,
      status: 200,
    },
    {
      name: "item search by identifier (`…/items?identifier=`)",
      path: `${org}/models/${modelId}/items?identifier=${encodeURIComponent(key)}`,
      authorised: true,
      status: 200,
    },
    { name: "GS1 Digital Link resolve (`/01/…/21/…`)", path: key, authorised: false, status: 307 },
    { name: "passport JSON of an item, anonymous", path: `/api/product-passports/${probe.uuid}`, authorised: false, status: 200 },
    { name: "AAS shell by id, anonymous", path: `/api/aas/shells/${shellId}`, authorised: false, status: 200 },
    {
      name: "the organization's JWKS (`/orgs/{id}/jwks.json`)",
      path: `/orgs/${world.organizationId}/jwks.json`,
      authorised: false,
      status: 200,
    },
    {
      name: "the organization's DID document (`/orgs/{id}/did.json`)",
      path: `/orgs/${world.organizationId}/did.json`,
      authorised: false,
      status: 200,
    },
    { name: "`/.well-known/jwks.json` (every organization's keys)", path: "/.well-known/jwks.json", authorised: false, status: 200 },
    {
      name: "`/.well-known/jwks.json`, revalidated (`If-None-Match`, what a cache in front asks)",
      path: "/.well-known/jwks.json",
      authorised: false,
      status: 304,
      revalidates: true,
    },
    {
      name: "`/.well-known/jwks.json?kid=` (the key a verifier asks for)",
      path: `/.well-known/jwks.json?kid=${encodeURIComponent(probe.kid)}`,
      authorised: false,
      status: 200,
    },
  ];
}

type Rate = { requestsPerSecond: number; p50Ms: number };

async function measure(context: ScaleBenchContext, targets: Target[], world: ScaleWorld, modelId: string) {
  const rates: Rate[] = [];
  // Warm, each target for one untimed round: Next loads a route's code on its first request, the passport cache fills
  // on the first read, and V8 and the connection pool settle — the first size is otherwise measured colder.
  for (const target of targets) {
    if (target.revalidates) target.etag = await currentEtag(context.origin, target.path);
    await expectStatus(context.origin, target, world.token);
    await load(context, target, world.token);
  }
  for (const target of targets) {
    // The best of ROUNDS short loads: on a shared machine the other sessions' load only ever slows a round down.
    let best: Rate = { requestsPerSecond: 0, p50Ms: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const result = await load(context, target, world.token);
      const codes = result.statusCodeStats;
      const status = String(target.status) as `${number}`;
      const wrong = target.status === 200 ? result.non2xx : result.requests.total - (codes?.[status]?.count ?? 0);
      if (wrong > 0 || result.errors > 0)
        throw new Error(`${target.name}: ${wrong} answers not ${target.status} (${JSON.stringify(codes)}), ${result.errors} errors`);
      if (result.requests.average > best.requestsPerSecond)
        best = { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50 };
    }
    rates.push(best);
  }
  const exportTimes: number[] = [];
  for (let run = 0; run < EXPORT_RUNS; run++) {
    exportTimes.push(await context.timed(() => readExportLines(context.origin, world, modelId, EXPORT_ITEMS)));
  }
  return { rates, exportItemsPerSecond: EXPORT_ITEMS / (Math.min(...exportTimes) / 1000) };
}

function load(context: ScaleBenchContext, target: Target, token: string) {
  return autocannon({
    url: `${context.origin}${target.path}`,
    connections: context.connections,
    duration: context.durationS,
    headers: headersOf(target, token),
  });
}

function headersOf(target: Target, token: string): Record<string, string> {
  return { ...(target.authorised && { api_token: token }), ...(target.etag && { "if-none-match": target.etag }) };
}

async function currentEtag(origin: string, path: string): Promise<string> {
  const response = await fetch(`${origin}${path}`);
  await response.arrayBuffer();
  const etag = response.headers.get("etag");
  if (!etag) throw new Error(`${path} sent no ETag`);
  return etag;
}

/** Reads the CSV export until it has `items` item lines past its header, then lets go of the stream. */
async function readExportLines(origin: string, world: ScaleWorld, modelId: string, items: number): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/organizations/${world.organizationId}/models/${modelId}/items/export?format=csv`, {
    headers: { api_token: world.token },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`export → ${response.status}`);
  const reader = response.body.getReader();
  let lines = 0;
  try {
    while (lines <= items) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the export ended after ${lines} lines`);
      for (const byte of value) if (byte === 10) lines++;
    }
  } finally {
    controller.abort();
  }
}

async function expectStatus(origin: string, target: Target, token: string): Promise<void> {
  const response = await fetch(`${origin}${target.path}`, {
    headers: headersOf(target, token),
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status !== target.status) throw new Error(`${target.name}: ${response.status} ${text.slice(0, 300)}`);
}

async function fetchJson(url: string, token: string, method: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { api_token: token, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}
