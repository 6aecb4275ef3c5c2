import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import { isUuid } from "~/domain/uuid";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import { XLSX_TYPE } from "~/domain/spreadsheet/file-types";
import { dataValuesPath, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectError, expectModel } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { OPERATOR } from "~/domain/actor";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { addMember } from "~/server/services/identity/add-member";
import { createUser } from "~/server/services/identity/create-user";
import { APP_ORIGIN } from "./support/api-actors";
import { api, dispatch } from "./support/http";
import { createProductDataModel, createWorld, type World } from "./support/world";

/**
 * Bad input, property-based, against every write route through the real handlers: whatever fast-check throws at
 * POST/PATCH/DELETE models, POST duplicate, POST/PATCH/DELETE data-values, POST changes, PUT aas, POST items/import, POST passport-versions, POST /v1/dppsByProductIds, PATCH the organization's settings (registry, operator identifiers, signing domain, retention) and GET its audit log's odd queries — wrong types, missing fields, huge strings, deep nesting,
 * `__proto__` keys, NaN and Infinity (1e400 parses to Infinity), negative and fractional rows, unknown ids,
 * duplicate triples, text that is not JSON, wrong content types, odd path ids and query strings, If-Match garbage —
 * the answer is a 4xx with exactly the contract's error body, and the model and the organization's model list are
 * byte-for-byte what they were (version included).
 *
 * Every generator builds requests that are invalid by construction (the one thing they must never produce is a
 * valid write), and each family runs as its own property so every family is exercised on every run.
 */

const RUNS_PER_FAMILY = Number(process.env.FUZZ_RUNS ?? 12);

let world: World;
let modelId: string;
let itemId: string;
let itemIdentifier: string;
/** The fuzz target's dppId (its identifier's uuid) and the content key of its General section in the compressed form. */
let modelDppId: string;
let generalKey: string;
let foreignPdmId: string;
let draftId: string;
let grantId: string;
/** Another organization, to which the model's partner grant goes (docs/partners.md), and that grant. */
let partnerOrganizationId: string;
let partnerGrantId: string;
let snapshot: State;
/** The owner's session, and a member of the organization the member routes aim at. */
let sessionHeaders: Record<string, string>;
let memberId: string;
let cases = 0;
const perFamily = new Map<string, number>();

type State = { model: string; list: string; items: string; drafts: string; grants: string; members: string; readings: string };
/** `isSession`: sent with the owner's session cookie instead of the key (managing members needs a session). */
type FuzzRequest = { method: string; path: string; headers?: Record<string, string>; rawBody?: string; isSession?: boolean };

beforeAll(async () => {
  world = await createWorld("fuzz");
  // Several thousand bad requests within a minute: on PostgreSQL they outrun the key's rate limit, and a 429 is not
  // what this suite is about (the rate limit has its own tests).
  await getDb().apikey.updateMany({ where: { referenceId: world.user.id }, data: { rateLimitEnabled: false } });
  const model = await postModel(world, { name: "Fuzz target", description: "must never change" });
  modelId = model.id;
  modelDppId = model.uniqueProductIdentifiers[0]?.uuid ?? "";
  // Two repeater rows, so PATCH and DELETE have real targets a slip in validation would hit.
  expectModel(
    await api("POST", dataValuesPath(world, modelId), {
      token: world.token,
      body: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.share, 1, 12.5)],
    }),
    201,
  );
  // An item, whose identifier value a bulk request may not take again.
  const item = await api<{ id: string; uniqueProductIdentifiers: { value: string }[] }>("POST", `${modelPath(world, modelId)}/items`, {
    token: world.token,
    body: { uniqueProductIdentifiers: [{ value: "FUZZ-1" }] },
  });
  expect(item.status).toBe(201);
  itemId = item.body.id;
  itemIdentifier = item.body.uniqueProductIdentifiers[0]?.value ?? "";
  // Three rows of the item's own repeater, so item PATCH and DELETE have real targets too.
  const itemRows = await api("POST", itemDataValuesPath({ orgaId: world.organization.id, modelId, itemId }), {
    token: world.token,
    body: [dv(IDS.cells, IDS.cell, 0, "A1"), dv(IDS.cells, IDS.voltage, 1, 3.7), dv(IDS.cells, IDS.cell, 2, "A3")],
  });
  expect(itemRows.status).toBe(201);
  // A product data model another organization keeps private: naming it must be a 404, never a copy.
  const other = await createWorld("fuzz-other");
  foreignPdmId = (await createProductDataModel(other, "Private")).id;
  partnerOrganizationId = other.organization.id;
  // A partner grant, so a slip in creating or ending one would show in the model's partner grants.
  const partnerGrant = await api<{ id: string }>("POST", `${modelPath(world, modelId)}/partner-grants`, {
    token: world.token,
    body: { partnerOrganizationId, sectionIds: [IDS.substances] },
  });
  expect(partnerGrant.status).toBe(201);
  partnerGrantId = partnerGrant.body.id;
  // A draft copied from the template (so its sections and fields carry the fixture's ids) for the builder's routes.
  const draft = await api<{ id: string }>("POST", draftsPath(), {
    token: world.token,
    body: { templateId: world.template.id, version: "2.0.0" },
  });
  expect(draft.status).toBe(201);
  draftId = draft.body.id;
  // An access grant, so a slip in revoking or creating grants would show in the model's grant list.
  const grant = await api<{ id: string }>("POST", `${modelPath(world, modelId)}/access-grants`, {
    token: world.token,
    body: { level: "authority", partyName: "Fuzz authority", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(grant.status).toBe(201);
  grantId = grant.body.id;
  // An empty merge patch changes nothing (the version stays) and answers the working copy, naming its content keys.
  const copy = await api<Record<string, unknown>>("PATCH", `/api/v1/dpps/${modelDppId}`, { token: world.token, body: {} });
  expect(copy.status).toBe(200);
  generalKey = Object.keys(copy.body).find((key) => key.endsWith(`/submodels/${IDS.general}`)) ?? "";
  sessionHeaders = { cookie: await signIn(world.user.email), origin: APP_ORIGIN };
  const memberEmail = `fuzz-member-${crypto.randomUUID()}@test.example`;
  memberId = (await createUser({ email: memberEmail, password: "correct-horse-battery" })).id;
  await addMember({ actor: OPERATOR, organizationId: world.organization.id, userEmailOrId: memberEmail, role: "editor" });
  snapshot = await currentState();
});

afterAll(() => {
  const families = [...perFamily.entries()].map(([name, n]) => `${name}: ${n}`).join("\n  ");
  console.info(`[fuzz-write-routes] ${cases} bad requests, all 4xx with the error body and nothing changed\n  ${families}`);
});

async function currentState(): Promise<State> {
  return {
    model: await stored("model"),
    list: await stored("list"),
    items: await stored("items"),
    drafts: await stored("drafts"),
    grants: await stored("grants"),
    members: await stored("members"),
    readings: await stored("readings"),
  };
}

/** The world's owner signed in through better-auth's endpoint: the session cookie as a Cookie header. */
async function signIn(email: string): Promise<string> {
  const response = await dispatch(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_ORIGIN, [PEER_ADDRESS_HEADER]: "198.51.100.9" },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

function draftsPath(): string {
  return `/api/organizations/${world.organization.id}/template-drafts`;
}

/**
 * The model (with its data values and version), the organization's model list, the model's items, the template
 * drafts (the list and the draft, with its revision) with the organization's templates, or the model's access
 * grants, as JSON text.
 */
async function stored(what: keyof State): Promise<string> {
  if (what === "members") {
    const members = await api("GET", `/api/organizations/${world.organization.id}/members`, { token: world.token });
    expect(members.status).toBe(200);
    return JSON.stringify(members.body);
  }
  if (what === "readings") {
    // Readings are appended beside the values (docs/readings.md): the model's readings, counted.
    const [row] = await getDb().$queryRaw<{ n: number }[]>`
      SELECT coalesce(sum(cardinality(h."offsets")), 0)::int AS "n" FROM "reading_hour" AS h JOIN "reading_series" AS s ON s."id" = h."seriesId"
        JOIN "item" AS i ON i."id" = s."itemId" WHERE i."modelId" = ${modelId}::uuid`;
    return String(row?.n);
  }
  if (what === "grants") {
    const grants = await api("GET", `${modelPath(world, modelId)}/access-grants`, { token: world.token });
    const partnerGrants = await api("GET", `${modelPath(world, modelId)}/partner-grants`, { token: world.token });
    expect([grants.status, partnerGrants.status]).toEqual([200, 200]);
    return JSON.stringify([grants.body, partnerGrants.body]);
  }
  if (what === "drafts") {
    const list = await api("GET", draftsPath(), { token: world.token });
    const draft = await api("GET", `${draftsPath()}/${draftId}`, { token: world.token });
    const templates = await api("GET", `/api/organizations/${world.organization.id}/templates`, { token: world.token });
    expect([list.status, draft.status, templates.status]).toEqual([200, 200, 200]);
    return JSON.stringify([list.body, draft.body, templates.body]);
  }
  if (what === "items") {
    const list = await api("GET", `${modelPath(world, modelId)}/items?limit=100`, { token: world.token });
    const item = await api("GET", `${modelPath(world, modelId)}/items/${itemId}`, { token: world.token });
    expect([list.status, item.status]).toEqual([200, 200]);
    return JSON.stringify([list.body, item.body]);
  }
  const response = await api("GET", what === "model" ? modelPath(world, modelId) : `${modelsPath(world)}?limit=100`, {
    token: world.token,
  });
  expect(response.status).toBe(200);
  return JSON.stringify(response.body);
}

/**
 * The property, for one request: a 4xx with exactly the contract's error body. Returns what the request would have
 * changed had it been taken: a model create the model list (a new model would show there), every other write the model
 * itself (whose version any accepted write would bump), or the members, readings, drafts, grants or items it aims at.
 * Its family's test compares that with the snapshot once its requests are all sent (expectUnchanged): a change is
 * never undone by a later bad request (versions only grow), and reading the state back after each request was most of
 * the suite's time. The last test compares everything once more.
 */
async function expectRejected(family: string, request: FuzzRequest): Promise<keyof State> {
  cases += 1;
  perFamily.set(family, (perFamily.get(family) ?? 0) + 1);
  const response = await api(request.method, request.path, {
    token: request.isSession ? undefined : world.token,
    rawBody: request.rawBody,
    headers: { ...(request.isSession ? sessionHeaders : {}), ...request.headers },
  });
  const label = `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers ?? {}).slice(0, 200)} ${(request.rawBody ?? "").slice(0, 300)}`;
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  expectError(response, response.status);
  for (const issue of (response.body as { issues?: Record<string, unknown>[] }).issues ?? []) {
    expect(typeof issue.path === "string" && typeof issue.message === "string", label).toBe(true);
  }
  const what = request.path.includes("/members/")
    ? "members"
    : request.path.split("?")[0]?.endsWith("/readings")
      ? "readings"
      : request.path.includes("/template-drafts")
        ? "drafts"
        : request.path.includes("/access-grants") || request.path.includes("/partner-grants")
          ? "grants"
          : request.path.includes("/items")
            ? "items"
            : request.method === "POST" &&
                !request.path.includes("/data-values") &&
                !request.path.includes("/upgrade") &&
                !request.path.includes("/changes")
              ? "list"
              : "model";
  return what;
}

/** Nothing stored changed after a family's requests (expectRejected): each state they aim at, as the snapshot. */
async function expectUnchanged(family: string, touched: ReadonlySet<keyof State>): Promise<void> {
  for (const what of touched) expect(await stored(what), `the ${what} changed after a request of ${family}`).toBe(snapshot[what]);
}

// ---------------------------------------------------------------------------------------------------------------
// Raw JSON text, so that `__proto__`, duplicate keys and 1e400 reach the server exactly as written.

const j = (value: unknown) => JSON.stringify(value);
type Entries = [key: string, rawValue: string][];
const objectText = (entries: Entries) => `{${entries.map(([key, raw]) => `${j(key)}:${raw}`).join(",")}}`;
const arrayText = (items: string[]) => `[${items.join(",")}]`;
const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const JSON_HEADERS = { "content-type": "application/json" };

function knownIds(): Set<string> {
  return new Set(
    [...Object.values(IDS), world.organization.id, world.template.id, modelId, itemId, foreignPdmId].map((id) => id.toLowerCase()),
  );
}

/** A UUID that names nothing this test knows (fc.uuid likes edge values such as 00000000-…). */
const unknownUuid = () => fc.uuid().filter((id) => !knownIds().has(id.toLowerCase()));
const notUuid = fc
  .oneof(
    fc.string({ unit: "grapheme", maxLength: 60 }),
    fc.constantFrom("", "0", "null", "undefined", "../models", "00000000-0000-0000-0000-00000000000", "{{orgaId}}"),
    fc.uuid().map((id) => `${id}x`),
    fc.uuid().map((id) => id.replaceAll("-", "")),
  )
  .filter((text) => !isUuid(text));
/**
 * Not a UUID, as a path segment: an empty one makes `//`, which Next redirects rather than hands to a route; `.` and
 * `..` (as `%2E` too) are dot segments every URL parser removes before sending, so no client can send them as an id —
 * the request would go to another path (`/api/v1/dpps/.` is sent as `/api/v1/dpps/`, which Next redirects).
 */
const notUuidInPath = notUuid.filter((text) => text !== "" && text !== "." && text !== "..");
const hugeString = fc
  .tuple(fc.integer({ min: 10_001, max: 40_000 }), fc.constantFrom("x", "é", "😀", "\u0000", '"', "\\"))
  .map(([length, char]) => char.repeat(length));
/** Short text with a NUL or a lone surrogate somewhere in it: PostgreSQL cannot store either as sent. */
const unstorableText = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d", "\u0000\u0000"),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);
const deepNesting = fc.integer({ min: 500, max: 5_000 }).map(deepArray);
const wrongScalar = fc.constantFrom("true", "false", "null", "{}", "[]", '{"a":1}', '["x"]', "0", "-1", '""');
const protoKey = fc.constantFrom("__proto__", "constructor", "prototype");
const protoValue = fc.constantFrom('{"polluted":true}', '{"isAdmin":true}', "null", "1", '"x"', '{"__proto__":{"a":1}}');
const notFinite = fc.constantFrom("1e400", "-1e400", "1e999", "-1e999");
/** A model's GTIN that must be refused (JSON text): a wrong check digit in any form, a lot or serial, no GTIN at all. */
const malformedGtin = fc
  .oneof(
    fc
      .tuple(fc.constantFrom(8, 12, 13, 14), fc.nat(), fc.integer({ min: 1, max: 9 }))
      .map(([length, seed, shift]) => {
        const body = String(seed)
          .padStart(length - 1, "0")
          .slice(-(length - 1));
        return `${body}${(gtinCheckDigit(body) + shift) % 10}`;
      })
      .chain((wrong) => fc.constantFrom(wrong, `(01)${wrong}`, `https://id.example.com/01/${wrong}`)),
    fc.constantFrom("(01)09506000134352(21)A1", "/01/09506000134352/10/L1", "1234567", "SN-1", "0950600013435x"),
  )
  .map(j);
const negativeRow = fc.integer({ min: -(2 ** 31), max: -1 }).map(String);
const fractionalRow = fc
  .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
  .filter((x) => !Number.isInteger(x))
  .map(j);
const tooLargeRow = fc.oneof(fc.integer({ min: 1_000_001, max: 2 ** 53 }).map(String), fc.constantFrom("1e21", "1e300"));

/** Text that is not JSON at all. */
const notJson = fc
  .oneof(
    fc.string({ unit: "grapheme", maxLength: 200 }),
    fc.constantFrom("{", "[", '{"name": "x",', "[{]", "undefined", "NaN", "Infinity", "{'a': 1}", "[1,]", "\u0000", "<xml/>"),
    fc.string({ unit: "grapheme", maxLength: 50 }).map((s) => `[{"value": ${s}`),
  )
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

const wrongContentType = fc.oneof(
  fc.constantFrom(
    "text/plain",
    "text/json",
    "application/xml",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonp",
    "application/json5",
    "json",
    "application/",
    "*/*",
    "",
  ),
  fc.stringMatching(/^[a-z]{1,12}\/[a-z0-9.+-]{1,20}$/).filter((type) => !/json/i.test(type)),
);

/** If-Match values that are not a version in quotes (nor absent, nor `*`). */
const ifMatchGarbage = fc.oneof(
  fc.constantFrom('"abc"', 'W/"x"', '"1", "2"', "-1", '"1.5"', "1234567890", '""', "W/", '"', "**", "0x1", "1e3"),
  fc.string({ unit: "grapheme-ascii", maxLength: 40 }).map((s) => `x${s}`),
);

function replaceEntry(entries: Entries, key: string, raw: string): Entries {
  return entries.map(([k, v]) => [k, k === key ? raw : v]);
}
function removeEntry(entries: Entries, key: string): Entries {
  return entries.filter(([k]) => k !== key);
}

// ---------------------------------------------------------------------------------------------------------------
// Data values: a valid base item per route, made invalid one way at a time.

type PathIds = { orgaId: string; modelId: string; itemId?: string };

const modelDataValuesPath = ({ orgaId, modelId }: PathIds) => `/api/organizations/${orgaId}/models/${modelId}/data-values`;
const itemDataValuesPath = ({ orgaId, modelId, itemId }: PathIds) =>
  `/api/organizations/${orgaId}/models/${modelId}/items/${itemId}/data-values`;
const modelIds = (): PathIds => ({ orgaId: world.organization.id, modelId });
const itemIds = (): PathIds => ({ orgaId: world.organization.id, modelId, itemId });

/** Where a values route writes: the model's own values or one item's. */
type ValuesTarget = {
  ids: () => PathIds;
  /** The route's path for these ids ("odd path ids" replace one of them). */
  path: (ids: PathIds) => string;
  /** A section outside any repeater, at the given row: only row 0 exists there. */
  outsideRepeater: (row: number) => Entries;
};

const MODEL_TARGET: ValuesTarget = {
  ids: modelIds,
  path: modelDataValuesPath,
  outsideRepeater: (row) => item(IDS.details, IDS.notes, row, j("x")),
};

const ITEM_TARGET: ValuesTarget = {
  ids: itemIds,
  path: itemDataValuesPath,
  outsideRepeater: (row) => item(IDS.item, IDS.health, row, "1"),
};

type ValuesRoute = {
  method: "POST" | "PATCH";
  target: ValuesTarget;
  /** The body around the values array: the array itself, or the changes route's `{"modify": …}`. */
  wrap?: (arrayText: string) => string;
  /** A valid numeric item, for values that are not numbers. */
  numericBase: () => Entries;
  /** A valid item: a new row for POST, an existing triple for PATCH. */
  base: () => Entries;
  /** Existing ids that do not fit the base item's other ids. */
  wrongSections: string[];
  wrongFields: string[];
  /** Valid items that may accompany an invalid one in the same request. */
  validItem: (i: number) => Entries;
};

const item = (section: string, field: string, row: number, rawValue: string): Entries => [
  ["value", rawValue],
  ["dataSectionId", j(section)],
  ["dataFieldId", j(field)],
  ["row", String(row)],
];

const POST_VALUES: ValuesRoute = {
  method: "POST",
  target: MODEL_TARGET,
  numericBase: () => item(IDS.substances, IDS.share, 50, "1"),
  base: () => item(IDS.substances, IDS.substance, 50, j("Cobalt")),
  wrongSections: [IDS.general, IDS.details, IDS.evidence, IDS.item, IDS.cells],
  wrongFields: [IDS.notes, IDS.name, IDS.certificate, IDS.serial, IDS.health],
  validItem: (i) => item(IDS.substances, IDS.substance, 60 + i, j(`ok ${i}`)),
};

const PATCH_VALUES: ValuesRoute = {
  method: "PATCH",
  target: MODEL_TARGET,
  numericBase: () => item(IDS.substances, IDS.share, 1, "1"),
  base: () => item(IDS.details, IDS.notes, 0, j("changed")),
  wrongSections: [IDS.general, IDS.substances, IDS.evidence, IDS.item, IDS.cells],
  wrongFields: [IDS.name, IDS.substance, IDS.serial, IDS.health, IDS.certificate],
  validItem: (i) =>
    [
      item(IDS.substances, IDS.substance, 0, j("ok 0")),
      item(IDS.substances, IDS.substance, 1, j("ok 1")),
      item(IDS.general, IDS.name, 0, j("ok 2")),
      item(IDS.evidence, IDS.certificate, 0, j("files/ok-3.pdf")),
      item(IDS.substances, IDS.share, 0, "4"),
      item(IDS.general, IDS.manual, 0, j("files/ok-5.pdf")),
      item(IDS.general, IDS.weight, 0, "6"),
    ][i]!,
};

const ITEM_POST_VALUES: ValuesRoute = {
  method: "POST",
  target: ITEM_TARGET,
  numericBase: () => item(IDS.cells, IDS.voltage, 50, "1"),
  base: () => item(IDS.cells, IDS.cell, 50, j("B1")),
  // The model's own sections and fields are not the item's to write.
  wrongSections: [IDS.general, IDS.item, IDS.substances, IDS.details],
  wrongFields: [IDS.health, IDS.serial, IDS.substance, IDS.notes, IDS.name],
  validItem: (i) => item(IDS.cells, IDS.cell, 60 + i, j(`ok ${i}`)),
};

const ITEM_PATCH_VALUES: ValuesRoute = {
  method: "PATCH",
  target: ITEM_TARGET,
  numericBase: () => item(IDS.cells, IDS.voltage, 1, "1"),
  base: () => item(IDS.item, IDS.health, 0, "50"),
  wrongSections: [IDS.general, IDS.cells, IDS.substances, IDS.details],
  wrongFields: [IDS.name, IDS.cell, IDS.serial, IDS.notes, IDS.substance],
  validItem: (i) =>
    [
      item(IDS.cells, IDS.cell, 0, j("ok 0")),
      item(IDS.cells, IDS.voltage, 1, "1"),
      item(IDS.cells, IDS.cell, 2, j("ok 2")),
      item(IDS.general, IDS.serial, 0, j("ok 3")),
      item(IDS.cells, IDS.voltage, 0, "4"),
      item(IDS.cells, IDS.cell, 1, j("ok 5")),
      item(IDS.cells, IDS.voltage, 2, "2"),
    ][i]!,
};

/** The changes route, fuzzed through its `modify` part with PATCH's values (the row operations have their own family). */
const CHANGES_VALUES: ValuesRoute = {
  ...PATCH_VALUES,
  method: "POST",
  target: { ...MODEL_TARGET, path: ({ orgaId, modelId }) => `/api/organizations/${orgaId}/models/${modelId}/changes` },
  wrap: (raw) => `{"modify":${raw}}`,
};

/** The item's changes route, likewise through its `modify` part with the item PATCH's values. */
const ITEM_CHANGES_VALUES: ValuesRoute = {
  ...ITEM_PATCH_VALUES,
  method: "POST",
  target: {
    ...ITEM_TARGET,
    path: ({ orgaId, modelId, itemId }) => `/api/organizations/${orgaId}/models/${modelId}/items/${itemId}/changes`,
  },
  wrap: (raw) => `{"modify":${raw}}`,
};

/** One id of the target's path (organization, model or item) replaced by something that is not a UUID, or by an unknown one. */
function oddPathIds(target: ValuesTarget, request: (path: string) => FuzzRequest): fc.Arbitrary<FuzzRequest> {
  const ids = target.ids();
  const keys = Object.keys(ids) as (keyof PathIds)[];
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...keys), notUuidInPath)
      .map(([key, id]) => request(target.path({ ...ids, [key]: encodeURIComponent(id) }))),
    fc.tuple(fc.constantFrom(...keys), unknownUuid()).map(([key, id]) => request(target.path({ ...ids, [key]: id }))),
  );
}

function valuesFamilies(route: ValuesRoute): Record<string, fc.Arbitrary<FuzzRequest>> {
  const { target } = route;
  const path = () => target.path(target.ids());
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: route.method,
    path: path(),
    headers,
    rawBody: route.wrap ? route.wrap(rawBody) : rawBody,
  });
  const one = (entries: Entries) => send(arrayText([objectText(entries)]));
  /** The bad item among valid ones (distinct triples), anywhere in the array. */
  const amongValid = (bad: fc.Arbitrary<Entries>) =>
    fc.tuple(bad, fc.nat({ max: 3 }), fc.nat({ max: 3 })).map(([entries, before, after]) => {
      const items = [
        ...Array.from({ length: before }, (_, i) => objectText(route.validItem(i))),
        objectText(entries),
        ...Array.from({ length: after }, (_, i) => objectText(route.validItem(before + i))),
      ];
      return send(arrayText(items));
    });
  const base = route.base();
  const numericBase = route.numericBase();

  return {
    "wrong types": fc.oneof(
      fc
        .tuple(fc.constantFrom("value", "dataSectionId", "dataFieldId", "row"), wrongScalar)
        // null, "" and numbers are values; row 0 is a row.
        .filter(([key, raw]) => !(key === "value" && ["null", '""', "0", "-1"].includes(raw)) && !(key === "row" && raw === "0"))
        .map(([key, raw]) => one(replaceEntry(base, key, raw))),
      fc
        .constantFrom("{}", '"x"', "1", "null", "true", "[1]", '["x"]', "[null]", "[[]]", `{"values":[]}`, "[]")
        .map((raw) => send(raw)),
      fc.constantFrom('"1"', "true", "null", '"0"', "[0]", '{"row":0}').map((raw) => one(replaceEntry(base, "row", raw))),
    ),
    "missing fields": fc
      .subarray(["value", "dataSectionId", "dataFieldId", "row"], { minLength: 1 })
      .chain((keys) => amongValid(fc.constant(keys.reduce(removeEntry, base)))),
    "huge strings": fc.oneof(
      hugeString.map((s) => one(replaceEntry(base, "value", j(s)))),
      hugeString.chain((s) => fc.constantFrom("dataSectionId", "dataFieldId").map((key) => one(replaceEntry(base, key, j(s))))),
    ),
    "NUL and lone surrogates": fc.oneof(
      unstorableText.chain((text) => amongValid(fc.constant(replaceEntry(base, "value", j(text))))),
      unstorableText.map((text) => one(replaceEntry(base, "dataSectionId", j(text)))),
    ),
    "deep nesting": fc.oneof(
      deepNesting.map((raw) => send(raw)),
      fc.tuple(deepNesting, fc.constantFrom("value", "dataSectionId", "row")).map(([raw, key]) => one(replaceEntry(base, key, raw))),
      fc.integer({ min: 500, max: 3_000 }).map((depth) => send(`${"[".repeat(depth)}${objectText(base)}${"]".repeat(depth)}`)),
    ),
    "__proto__, constructor, prototype keys": fc.oneof(
      fc.tuple(protoKey, protoValue).chain(([key, raw]) => amongValid(fc.constant([...base, [key, raw]] as Entries))),
      fc.tuple(protoKey, protoValue).map(([key, raw]) => one(replaceEntry(base, "value", objectText([[key, raw]])))),
      fc.constantFrom("Row", "VALUE", "extra", "").map((key) => one([...base, [key, "1"]])),
    ),
    "NaN and Infinity": fc.oneof(
      notFinite.map((raw) => one(replaceEntry(numericBase, "value", raw))),
      notFinite.map((raw) => one(replaceEntry(base, "row", raw))),
      fc
        .constantFrom("NaN", "Infinity", "-Infinity", "1e400", "1e2", "+1", ".5", "5.", "0x10", " 1", "1,5", "101", "-1", "١٢")
        .map((text) => one(replaceEntry(numericBase, "value", j(text)))),
      fc.constantFrom('"NaN"', '"Infinity"', '"-1"').map((raw) => one(replaceEntry(base, "row", raw))),
    ),
    "negative and fractional rows": fc
      .oneof(negativeRow, fractionalRow, tooLargeRow)
      .chain((raw) => amongValid(fc.constant(replaceEntry(base, "row", raw)))),
    "unknown section and field ids": fc.oneof(
      unknownUuid().map((id) => one(replaceEntry(base, "dataSectionId", j(id)))),
      unknownUuid().map((id) => one(replaceEntry(base, "dataFieldId", j(id)))),
      fc.constantFrom(...route.wrongSections).map((id) => one(replaceEntry(base, "dataSectionId", j(id)))),
      fc.constantFrom(...route.wrongFields).map((id) => one(replaceEntry(base, "dataFieldId", j(id)))),
      notUuid.map((id) => one(replaceEntry(base, "dataSectionId", j(id)))),
      // Outside a repeater a value lives at row 0 only; PATCH of a row that does not exist is rejected too.
      fc.integer({ min: 1, max: 1_000_000 }).map((row) => one(target.outsideRepeater(row))),
    ),
    "duplicate triples": fc
      .tuple(fc.boolean(), fc.nat({ max: 2 }), fc.string({ maxLength: 10 }))
      .map(([isUpperCase, between, value]) => {
        const twin = replaceEntry(base, "value", j(value));
        const sectionId = j(isUpperCase ? (JSON.parse(base[1]![1]) as string).toUpperCase() : JSON.parse(base[1]![1]));
        const items = [
          objectText(base),
          ...Array.from({ length: between }, (_, i) => objectText(route.validItem(i))),
          objectText(replaceEntry(twin, "dataSectionId", sectionId)),
        ];
        return send(arrayText(items));
      }),
    "not JSON": notJson.map((text) => send(text)),
    "wrong content type": fc
      .option(wrongContentType, { nil: undefined })
      .map((type) => send(arrayText([objectText(base)]), type === undefined ? {} : { "content-type": type })),
    "odd path ids": oddPathIds(target, (at) => ({ ...one(base), path: at })),
    "odd headers (If-Match)": fc.oneof(
      ifMatchGarbage.map((value) => ({ ...one(base), headers: { ...JSON_HEADERS, "if-match": value } })),
      // A well-formed but stale version: 412.
      fc
        .oneof(fc.constant(0), fc.integer({ min: 3, max: 999_999_999 }))
        .map((version) => ({ ...one(base), headers: { ...JSON_HEADERS, "if-match": `"${version}"` } })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Models: create and update bodies, made invalid one way at a time.

function modelFamilies(method: "POST" | "PATCH"): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = () => (method === "POST" ? modelsPath(world) : modelPath(world, modelId));
  const base = (): Entries =>
    method === "POST"
      ? [
          ["name", j("Fuzzed")],
          ["templateId", j(world.template.id)],
        ]
      : [["name", j("Renamed by fuzz")]];
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method,
    path: path(),
    headers,
    rawBody,
  });
  const one = (entries: Entries) => send(objectText(entries));
  const blankName = fc.constantFrom("", " ", "\t\n", "\u00a0", "\u2003 ").map(j);
  const wrongTyped = fc.constantFrom("1", "true", "{}", "[]", '["x"]', "0");

  return {
    "wrong types": fc.oneof(
      fc
        .tuple(fc.constantFrom("name", "templateId", "marketplaceResourceId"), wrongTyped)
        .map(([key, raw]) => one([...removeEntry(base(), key), [key, raw]])),
      wrongTyped.map((raw) => one([...base(), ["description", raw]])),
      wrongTyped.map((raw) => one([...base(), ["gtin", raw]])),
      fc.constantFrom("[]", '"x"', "1", "null", "true", "[{}]").map((raw) => send(raw)),
      // null clears a description but is never a name.
      fc.constant(one([...removeEntry(base(), "name"), ["name", "null"]])),
    ),
    ...(method === "POST"
      ? {
          "missing fields": fc
            .constantFrom<() => Entries>(
              () => [],
              () => [["templateId", j(world.template.id)]],
              () => [["name", j("No template")]],
              () => [["description", j("Only a description")]],
              () => [
                ["name", j("No template")],
                ["description", j("x")],
              ],
              () => [
                ["templateId", "null"],
                ["name", j("Null template")],
              ],
            )
            .map((entries) => one(entries())),
        }
      : {
          "null for fields that cannot be null": fc
            .constantFrom<Entries>([["templateId", "null"]], [["name", "null"]], [["marketplaceResourceId", "null"]])
            .map((entries) => one(entries)),
        }),
    "huge strings": fc.oneof(
      fc.integer({ min: 201, max: 20_000 }).map((n) => one([...removeEntry(base(), "name"), ["name", j("n".repeat(n))]])),
      hugeString.map((s) => one([...base(), ["description", j(s)]])),
      hugeString.map((s) => one([...removeEntry(base(), "templateId"), ["templateId", j(s)]])),
      blankName.map((raw) => one([...removeEntry(base(), "name"), ["name", raw]])),
    ),
    "malformed GTINs": malformedGtin.map((raw) => one([...base(), ["gtin", raw]])),
    "NUL and lone surrogates": fc.oneof(
      unstorableText.map((text) => one([...removeEntry(base(), "name"), ["name", j(`Pack ${text}`)]])),
      unstorableText.map((text) => one([...base(), ["description", j(text)]])),
    ),
    "deep nesting": fc.oneof(
      deepNesting.map((raw) => send(raw)),
      fc
        .tuple(deepNesting, fc.constantFrom("name", "description", "templateId"))
        .map(([raw, key]) => one([...removeEntry(base(), key), [key, raw]])),
    ),
    "__proto__, constructor, prototype keys": fc.oneof(
      fc.tuple(protoKey, protoValue).map(([key, raw]) => one([...base(), [key, raw]])),
      fc.tuple(protoKey, protoValue).map(([key, raw]) => one([[key, raw], ...base()])),
      fc.constantFrom("Name", "id", "version", "organizationId", "dataValues", "owner").map((key) => one([...base(), [key, j("x")]])),
    ),
    "NaN and Infinity": fc.oneof(
      notFinite.map((raw) => one([...removeEntry(base(), "name"), ["name", raw]])),
      notFinite.map((raw) => one([...base(), ["description", raw]])),
    ),
    "unknown ids": fc.oneof(
      unknownUuid().map((id) => one([...removeEntry(base(), "templateId"), ["templateId", j(id)]])),
      unknownUuid().map((id) => one([...removeEntry(base(), "templateId"), ["marketplaceResourceId", j(id)]])),
      fc.constant(one([...removeEntry(base(), "templateId"), ["marketplaceResourceId", j(foreignPdmId)]])),
      notUuid.map((id) => one([...removeEntry(base(), "templateId"), ["templateId", j(id)]])),
      // Both references at once.
      unknownUuid().map((id) =>
        one([...removeEntry(base(), "templateId"), ["templateId", j(world.template.id)], ["marketplaceResourceId", j(id)]]),
      ),
    ),
    "not JSON": notJson.map((text) => send(text)),
    "wrong content type": fc
      .option(wrongContentType, { nil: undefined })
      .map((type) => send(objectText(base()), type === undefined ? {} : { "content-type": type })),
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => ({
        ...one(base()),
        path:
          method === "POST" ? `/api/organizations/${encodeURIComponent(id)}/models` : `${modelsPath(world)}/${encodeURIComponent(id)}`,
      })),
      unknownUuid().map((id) => ({
        ...one(base()),
        path: method === "POST" ? `/api/organizations/${id}/models` : `${modelsPath(world)}/${id}`,
      })),
      unknownUuid().map((id) => ({ ...one(base()), path: `/api/organizations/${id}/models/${modelId}` })),
    ),
    ...(method === "PATCH"
      ? {
          "odd headers (If-Match)": fc.oneof(
            ifMatchGarbage.map((value) => ({ ...one(base()), headers: { ...JSON_HEADERS, "if-match": value } })),
            fc
              .oneof(fc.constant(0), fc.integer({ min: 3, max: 999_999_999 }))
              .map((version) => ({ ...one(base()), headers: { ...JSON_HEADERS, "if-match": `"${version}"` } })),
          ),
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// POST items (optional `{uniqueProductIdentifiers: [{value}]}`) and POST items/bulk (`{count}` or `{identifiers}`).

function itemCreateFamilies(kind: "one" | "bulk"): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (orgaId: string = world.organization.id, model: string = modelId) =>
    `/api/organizations/${orgaId}/models/${model}/items${kind === "bulk" ? "/bulk" : ""}`;
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: "POST",
    path: path(),
    headers,
    rawBody,
  });
  /** A body carrying these identifier values (raw JSON each), in the route's own shape. */
  const withValues = (raws: string[]) =>
    send(
      kind === "bulk"
        ? objectText([["identifiers", arrayText(raws)]])
        : objectText([["uniqueProductIdentifiers", arrayText(raws.map((raw) => objectText([["value", raw]])))]]),
    );
  const key = kind === "bulk" ? "identifiers" : "uniqueProductIdentifiers";
  const wrongTyped = fc.constantFrom("1", "true", "{}", '"x"', "0", "null");
  return {
    "wrong types": fc.oneof(
      wrongTyped.map((raw) => send(objectText([[key, raw]]))),
      wrongTyped.filter((raw) => raw !== '"x"').map((raw) => withValues([raw])),
      fc.constantFrom("[]", '"x"', "1", "null", "true", "[{}]").map((raw) => send(raw)),
      ...(kind === "bulk"
        ? [
            fc.constantFrom('"5"', "1.5", "true", "[]", "null", "-1", "0").map((raw) => send(objectText([["count", raw]]))),
            fc.constant(
              send(
                objectText([
                  ["count", "1"],
                  ["identifiers", arrayText([j("both")])],
                ]),
              ),
            ),
            fc.constant(send("{}")),
          ]
        : [fc.constant(send(objectText([[key, "[]"]])))]),
    ),
    "huge strings": fc.oneof(
      fc.integer({ min: 201, max: 20_000 }).map((n) => withValues([j("s".repeat(n))])),
      hugeString.map((text) => withValues([j(text)])),
      fc.constantFrom("", " ", "\t\n").map((blank) => withValues([j(blank)])),
    ),
    "NUL and lone surrogates": unstorableText.map((text) => withValues([j(text)])),
    "deep nesting": fc.oneof(
      deepNesting.map((raw) => send(raw)),
      deepNesting.map((raw) => send(objectText([[key, raw]]))),
    ),
    "__proto__, constructor, prototype keys": fc.oneof(
      fc.tuple(protoKey, protoValue).map(([name, raw]) => send(objectText([[name, raw]]))),
      fc.constantFrom("id", "modelId", "organizationId", "version", "dataValues").map((name) => send(objectText([[name, j("x")]]))),
    ),
    "NaN and Infinity": notFinite.map((raw) => (kind === "bulk" ? send(objectText([["count", raw]])) : withValues([raw]))),
    "duplicate and taken identifiers": fc.oneof(
      fc
        .string({ minLength: 1, maxLength: 20 })
        .filter((v) => v.trim().length > 0)
        .map((v) => withValues([j(`d-${v}`), j(`d-${v}`)])),
      fc.constant(withValues([j(itemIdentifier)])),
      fc.string({ minLength: 1, maxLength: 20 }).map((v) => withValues([j(`fresh-${v}`), j(itemIdentifier)])),
    ),
    "too many":
      kind === "bulk"
        ? fc.oneof(
            fc.integer({ min: 10_001, max: 1_000_000 }).map((n) => send(objectText([["count", String(n)]]))),
            fc.constant(withValues(Array.from({ length: 10_001 }, (_, i) => j(`many-${i}`)))),
          )
        : fc.integer({ min: 101, max: 300 }).map((n) => withValues(Array.from({ length: n }, (_, i) => j(`many-${i}`)))),
    // Empty text would be "no body", which creates an item with a generated identifier: not bad input.
    "not JSON": notJson.filter((text) => text.trim() !== "").map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => send(kind === "bulk" ? '{"count":1}' : "{}", { "content-type": type })),
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => ({ ...send("{}"), path: path(world.organization.id, encodeURIComponent(id)) })),
      unknownUuid().map((id) => ({ ...send(kind === "bulk" ? '{"count":1}' : "{}"), path: path(world.organization.id, id) })),
      unknownUuid().map((id) => ({ ...send(kind === "bulk" ? '{"count":1}' : "{}"), path: path(id) })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// POST items/import: files that cannot be imported (docs/spreadsheets.md); each carries at least one problem, so
// even a request the route reads whole must be refused (400) and write nothing.

const SPREADSHEET_TYPES = new Set(["text/csv", "text/tab-separated-values", "application/zip", XLSX_TYPE]);

function importFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (orgaId: string = world.organization.id, model: string = modelId, query = "") =>
    `/api/organizations/${orgaId}/models/${model}/items/import${query}`;
  const send = (rawBody: string, type = "text/csv", query = ""): FuzzRequest => ({
    method: "POST",
    path: path(undefined, undefined, query),
    headers: { "content-type": type },
    rawBody,
  });
  // A GTIN with a wrong check digit: always an unknown identifier format.
  const badGtin = fc.stringMatching(/^\d{13}$/).map((digits) => `(01)${digits}${(gtinCheckDigit(digits) + 1) % 10}`);
  const badFile = fc.array(badGtin, { minLength: 1, maxLength: 20 }).map((ids) => ["Identifier", ...ids].join("\n"));
  return {
    "bad identifiers": fc
      .tuple(badFile, fc.constantFrom("text/csv", "text/tab-separated-values"))
      .map(([text, type]) => send(text, type)),
    "not a spreadsheet": fc
      .tuple(fc.string({ minLength: 1, maxLength: 200 }), fc.constantFrom(XLSX_TYPE, "application/zip"))
      .map(([text, type]) => send(text, type)),
    "wrong content type": fc
      .tuple(
        badFile,
        wrongContentType.filter((type) => !SPREADSHEET_TYPES.has(type)),
      )
      .map(([text, type]) => send(text, type)),
    "odd query": fc
      .tuple(
        badFile,
        fc.constantFrom("?dryRun=yes", "?dryRun=1", "?mapping=%7B", "?mapping=%5B%5D", "?other=1", "?mapping=%7B%22Items%22%3A1%7D"),
      )
      .map(([text, query]) => send(text, "text/csv", query)),
    "odd path ids": fc.oneof(
      fc
        .tuple(badFile, notUuidInPath)
        .map(([text, id]) => ({ ...send(text), path: path(world.organization.id, encodeURIComponent(id)) })),
      fc.tuple(badFile, unknownUuid()).map(([text, id]) => ({ ...send(text), path: path(world.organization.id, id) })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// DELETE data-values?dataSectionId=…&row=…: odd query strings.

/** Whose repeater row a DELETE removes: the model's substances (rows 0–1) or the item's cells (rows 0–2). */
type DeleteTarget = { values: ValuesTarget; repeater: string; rows: number; otherSections: string[] };

const MODEL_DELETE: DeleteTarget = {
  values: MODEL_TARGET,
  repeater: IDS.substances,
  rows: 2,
  otherSections: [IDS.general, IDS.details, IDS.evidence, IDS.item, IDS.cells],
};
const ITEM_DELETE: DeleteTarget = {
  values: ITEM_TARGET,
  repeater: IDS.cells,
  rows: 3,
  // The model's repeater is not the item's to delete from.
  otherSections: [IDS.general, IDS.details, IDS.substances, IDS.evidence, IDS.item],
};

function deleteFamilies(target: DeleteTarget): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = () => target.values.path(target.values.ids());
  const del = (query: string, headers: Record<string, string> = {}): FuzzRequest => ({
    method: "DELETE",
    path: `${path()}${query}`,
    headers,
  });
  const badRow = fc.oneof(
    negativeRow,
    fractionalRow,
    tooLargeRow,
    // "" (and " ") would be read as row 0 by a lenient coercion; they have a test of their own below.
    fc.constantFrom("abc", "NaN", "Infinity", "-Infinity", "1e400", "one", "0,1", "[0]", "null", "true"),
  );
  const section = `dataSectionId=${target.repeater}`;
  return {
    "odd query strings": fc.oneof(
      badRow.map((row) => del(`?${section}&row=${encodeURIComponent(row)}`)),
      fc.constant(del(`?${section}`)),
      fc.constant(del("?row=0")),
      fc.constant(del("")),
      fc.constant(del("?")),
      // The last of repeated parameters wins; make it a bad one.
      badRow.map((row) => del(`?${section}&row=0&row=${encodeURIComponent(row)}`)),
      fc
        .tuple(fc.stringMatching(/^[a-zA-Z_]{1,12}$/), fc.string({ maxLength: 20 }))
        .filter(([key]) => key !== "dataSectionId" && key !== "row")
        .map(([key, value]) => del(`?${section}&row=0&${key}=${encodeURIComponent(value)}`)),
      hugeString.map((s) => del(`?${section}&row=0&search=${encodeURIComponent(s)}`)),
      protoKey.map((key) => del(`?${section}&row=0&${key}=1`)),
      unstorableText.filter((text) => text.includes("\u0000")).map((text) => del(`?dataSectionId=${encodeURIComponent(text)}&row=0`)),
    ),
    "unknown section and field ids": fc.oneof(
      unknownUuid().map((id) => del(`?dataSectionId=${id}&row=0`)),
      fc.constantFrom(...target.otherSections).map((id) => del(`?dataSectionId=${id}&row=0`)),
      notUuid.map((id) => del(`?dataSectionId=${encodeURIComponent(id)}&row=0`)),
      // A row of the repeater that does not exist: 404.
      fc.integer({ min: target.rows, max: 1_000_000 }).map((row) => del(`?${section}&row=${row}`)),
    ),
    "odd path ids": oddPathIds(target.values, (at) => ({ ...del(""), path: `${at}?${section}&row=0` })),
    "odd headers (If-Match)": fc.oneof(
      ifMatchGarbage.map((value) => del(`?${section}&row=0`, { "if-match": value })),
      fc
        .oneof(fc.constant(0), fc.integer({ min: 3, max: 999_999_999 }))
        .map((version) => del(`?${section}&row=0`, { "if-match": `"${version}"` })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// DELETE a model: odd path ids and stale or malformed If-Match (the model has version 2).

function deleteModelFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const del = (path: string, headers: Record<string, string> = {}): FuzzRequest => ({ method: "DELETE", path, headers });
  return {
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => del(`${modelsPath(world)}/${encodeURIComponent(id)}`)),
      unknownUuid().map((id) => del(`${modelsPath(world)}/${id}`)),
      unknownUuid().map((id) => del(`/api/organizations/${id}/models/${modelId}`)),
    ),
    "odd headers (If-Match)": fc.oneof(
      ifMatchGarbage.map((value) => del(modelPath(world, modelId), { "if-match": value })),
      fc
        .oneof(fc.constant(1), fc.integer({ min: 3, max: 999_999_999 }))
        .map((version) => del(modelPath(world, modelId), { "if-match": `"${version}"` })),
    ),
  };
}

// PATCH /organizations/{orgaId} (the EU registry settings, docs/registry.md, the languages, docs/languages.md, and the
// retention period of withdrawn versions, docs/versions.md, and whether members need two-factor sign-in): each key made invalid one way at a time; null clears a registry setting, so it is sent
// only for the retention period, which has no null. A model's settings are fuzzed with its PATCH.

function registryFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (id?: string) => `/api/organizations/${id ?? world.organization.id}`;
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS, to = path()): FuzzRequest => ({
    method: "PATCH",
    path: to,
    headers,
    rawBody,
  });
  const keys = [
    "economicOperatorId",
    "backupBaseUrl",
    "defaultLanguage",
    "publishedLanguages",
    "passportRetentionYears",
    "requireTwoFactor",
    "operatorIdentifiers",
    "didWebDomain",
    "auditRetentionYears",
  ];
  // Invalid values per key: what one key takes (a URL as an operator id) may be valid, so each key gets its own.
  const invalid: Record<string, string[]> = {
    economicOperatorId: ["true", "1", "{}", "[]", '["x"]', '""', '"   "', j("x".repeat(51))],
    backupBaseUrl: ["true", "1", "{}", '""', '"http://backup.example.com"', '"ftp://x"', '"https://x.example/?q=1"'],
    // Languages (docs/languages.md): a BCP 47 tag, a non-empty list of distinct tags.
    defaultLanguage: ["true", "1", "{}", "[]", '""', '"not a tag"', '"en_US!"'],
    publishedLanguages: ["true", '"en"', "[]", "{}", "[1]", '["en","EN"]', '["??"]'],
    passportRetentionYears: ["null", "0", "101", "-1", "1.5", '"10"', "true", "[]", "{}", "1e400", "9007199254740993"],
    // Two-factor sign-in required of members (docs/security.md §Two-factor): a boolean only.
    requireTwoFactor: ["null", "0", "1", '"true"', '"on"', "[]", "{}"],
    auditRetentionYears: ["null", "0", "101", "-1", "1.5", '"10"', "true", "[]", "{}", "1e400"],
    // Operator identifiers (docs/registry.md): each scheme's rule broken, a role or scheme unknown, the list's bounds.
    operatorIdentifiers: [
      "null",
      "{}",
      '"LEI"',
      j([{ role: "manufacturer", scheme: "LEI", value: "506700GE1G29325QX364" }]),
      j([{ role: "facility", scheme: "GLN", value: "4012345000008" }]),
      j([{ role: "importer", scheme: "EORI", value: "1234" }]),
      j([{ role: "manufacturer", scheme: "VAT", value: "US123456789" }]),
      j([{ role: "owner", scheme: "LEI", value: "506700GE1G29325QX363" }]),
      j([{ role: "responsibleOperator", scheme: "EORI", value: "DE1" }]),
      j(Array.from({ length: 51 }, () => ({ role: "importer", scheme: "EORI", value: "DE1" }))),
    ],
    didWebDomain: ["true", "1", '""', '"localhost"', '"https://acme.example"', '"acme.example:8443"', '"127.0.0.1"', '"-x.example"'],
  };
  const wrong = fc
    .constantFrom(...keys)
    .chain((key) => fc.constantFrom(...(invalid[key] ?? [])).map((raw): [string, string] => [key, raw]));
  return {
    "wrong types": wrong.map(([key, raw]) => send(`{${j(key)}:${raw}}`)),
    "huge strings": fc.tuple(fc.constantFrom(...keys), hugeString).map(([key, text]) => send(`{${j(key)}:${j(text)}}`)),
    "__proto__, constructor, prototype keys": fc.tuple(protoKey, protoValue).map(([key, raw]) => send(`{${j(key)}:${raw}}`)),
    "not JSON": notJson.filter((text) => text.trim() !== "").map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => send(`{${j(keys[0])}:null}`, { "content-type": type })),
    "odd path ids": fc
      .oneof(notUuidInPath, unknownUuid())
      .map((id) => send(`{${j(keys[0])}:null}`, JSON_HEADERS, path(encodeURIComponent(id)))),
  };
}

// GET /organizations/{orgaId}/audit-log (docs/security.md §Audit log): a read, but its query is outside input too — an
// unknown event type, a time that is not one, a cursor not of a previous page, a limit out of bounds — each a 400.

function auditLogFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (id?: string) => `/api/organizations/${id ?? world.organization.id}/audit-log`;
  const oddQuery = fc.oneof(
    fc.constantFrom("type=member.nope", "type=,,x", "from=yesterday", "to=2026-13-01T00:00:00Z", "limit=0", "limit=1001", "limit=1.5"),
    fc.constantFrom("cursor=", "cursor=x", "cursor=2026-01-01T00:00:00.000Z_not-a-uuid", "other=1"),
    hugeString.map((text) => `type=${encodeURIComponent(text)}`),
  );
  return {
    "odd query": oddQuery.map((query) => ({ method: "GET", path: `${path()}?${query}` })),
    "odd path ids": fc.oneof(notUuidInPath, unknownUuid()).map((id) => ({ method: "GET", path: path(encodeURIComponent(id)) })),
  };
}

const DPP_PATCH_FAMILIES = [
  "wrong types",
  "huge strings",
  "__proto__, constructor, prototype keys",
  "deep nesting",
  "not JSON",
  "wrong content type",
  "odd path ids",
  "odd headers (If-Match)",
];

const REGISTRY_FAMILIES = [
  "wrong types",
  "huge strings",
  "__proto__, constructor, prototype keys",
  "not JSON",
  "wrong content type",
  "odd path ids",
];

// POST /api/v1/dppsByProductIds (EN 18222): a public read with a body; nothing it accepts changes anything, and what it
// refuses is a 400/413/415 with the error body and EN 18222's messages[].

function dppIdsFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: "POST",
    path: "/api/v1/dppsByProductIds",
    headers,
    rawBody,
  });
  const valid = '["FUZZ-1"]';
  return {
    "wrong types": fc.oneof(
      fc
        .constantFrom("true", "null", "{}", '"x"', "1", "[1]", "[null]", '[""]', "[[]]", "[]")
        .map((raw) => send(`{"productIds":${raw}}`)),
      fc.constantFrom('"x"', "-1", "0", "1.5", "null", "1000").map((raw) => send(`{"productIds":${valid},"limit":${raw}}`)),
      fc.constantFrom("[]", '"x"', "1", "null").map((raw) => send(raw)),
    ),
    "huge strings": hugeString.map((text) => send(`{"productIds":[${j(text)}]}`)),
    "too many": fc
      .integer({ min: 101, max: 2_000 })
      .map((count) => send(j({ productIds: Array.from({ length: count }, (_, i) => `P-${i}`) }))),
    "__proto__, constructor, prototype keys": fc
      .tuple(protoKey, protoValue)
      .map(([key, raw]) => send(`{"productIds":${valid},${j(key)}:${raw}}`)),
    "odd cursors": fc.constantFrom('"-1"', '"1"', '"x"', '"1e3"', "1").map((raw) => send(`{"productIds":${valid},"cursor":${raw}}`)),
    "deep nesting": deepNesting.map((raw) => send(`{"productIds":${raw}}`)),
    "not JSON": notJson.filter((text) => text.trim() !== "").map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => send(`{"productIds":${valid}}`, { "content-type": type })),
  };
}

// The DPP API's member writes (EN 18222): POST /v1/dpps, PATCH|DELETE /v1/dpps/{dppId} and PATCH of one element. A
// merge patch that is not an object, names no element, gives a value of the wrong shape or one the field refuses, a
// create body naming nothing or another organization: all 4xx with EN 18222's messages[], nothing stored.

const MERGE_PATCH_HEADERS = { "content-type": "application/merge-patch+json" };
const STALE_VERSION = fc.oneof(fc.constant(0), fc.integer({ min: 3, max: 999_999_999 }));

function dppPatchFamilies(target: "dpp" | "element"): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (dppId = modelDppId, element = "General.Weight") =>
    target === "dpp" ? `/api/v1/dpps/${dppId}` : `/api/v1/dpps/${dppId}/elements/${encodeURIComponent(element)}`;
  const send = (rawBody: string, headers: Record<string, string> = MERGE_PATCH_HEADERS, to = path()): FuzzRequest => ({
    method: "PATCH",
    path: to,
    headers,
    rawBody,
  });
  // The element's value, or the same inside the General content of the whole DPP's patch.
  const weight = (raw: string) => (target === "dpp" ? objectText([[generalKey, objectText([["Weight", raw]])]]) : raw);
  const validWrite = weight("12");
  const families: Record<string, fc.Arbitrary<FuzzRequest>> = {
    "wrong types": fc.oneof(
      fc.constantFrom('"heavy"', "true", "{}", "[1]", '{"min":1}', "5000", "-1", '[{"en":"x"}]').map((raw) => send(weight(raw))),
      fc.constantFrom("[]", '"x"', "1", "null", "true").map((raw) => send(target === "dpp" ? raw : objectText([["Weight", raw]]))),
    ),
    "huge strings": hugeString.map((text) => send(weight(j(text)))),
    "__proto__, constructor, prototype keys": fc
      .tuple(protoKey, protoValue)
      .map(([key, raw]) => send(target === "dpp" ? objectText([[key, raw]]) : objectText([[key, raw]]))),
    "deep nesting": deepNesting.map((raw) => send(weight(raw))),
    "not JSON": notJson.filter((text) => text.trim() !== "").map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => send(validWrite, { "content-type": type })),
    "odd path ids": fc.oneof(
      notUuidInPath.filter((id) => !id.includes("/")).map((id) => send(validWrite, MERGE_PATCH_HEADERS, path(encodeURIComponent(id)))),
      unknownUuid().map((id) => send(validWrite, MERGE_PATCH_HEADERS, path(id))),
    ),
    "odd headers (If-Match)": fc.oneof(
      ifMatchGarbage.map((value) => send(validWrite, { ...MERGE_PATCH_HEADERS, "if-match": value })),
      STALE_VERSION.map((version) => send(validWrite, { ...MERGE_PATCH_HEADERS, "if-match": `"${version}"` })),
    ),
  };
  if (target === "dpp") {
    families["unknown keys"] = fc
      .constantFrom("digitalProductPassportId", "dppStatus", "urn:no-such-submodel", "General", "")
      .map((key) => send(objectText([[key, '{"x":1}']])));
  } else {
    families["odd element paths"] = fc
      .oneof(
        fc.constantFrom(
          "General",
          "General.",
          ".General",
          "General..Weight",
          "General.Weight[0]",
          "Nope.Weight",
          "General.Nope",
          "1General",
        ),
        // "." and ".." are resolved away by the URL itself before any server sees them (see GET /api/aas below).
        fc
          .string({ unit: "grapheme", maxLength: 40 })
          .filter((text) => text !== "" && text !== "." && text !== ".." && !/^General(\.Details)?$/.test(text)),
        fc.integer({ min: 2_001, max: 4_000 }).map((length) => "G".repeat(length)),
      )
      .map((element) => send('"x"', MERGE_PATCH_HEADERS, path(modelDppId, element)));
  }
  return families;
}

function dppCreateFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: "POST",
    path: "/api/v1/dpps",
    headers,
    rawBody,
  });
  const org = j(world.organization.id);
  return {
    "wrong types": fc.oneof(
      fc.constantFrom("[]", '"x"', "1", "null", "{}").map((raw) => send(raw)),
      wrongScalar.map((raw) =>
        send(
          objectText([
            ["organizationId", raw],
            ["modelId", j(modelId)],
          ]),
        ),
      ),
      wrongScalar.map((raw) =>
        send(
          objectText([
            ["organizationId", org],
            ["model", raw],
          ]),
        ),
      ),
      fc.constantFrom('""', "1", "[]", '[{"value":""}]').map((raw) =>
        send(
          objectText([
            ["organizationId", org],
            ["modelId", j(modelId)],
            ["uniqueProductIdentifiers", raw],
          ]),
        ),
      ),
    ),
    "huge strings": hugeString.map((text) =>
      send(
        objectText([
          ["organizationId", org],
          ["model", objectText([["name", j(text)]])],
        ]),
      ),
    ),
    "__proto__, constructor, prototype keys": fc.tuple(protoKey, protoValue).map(([key, raw]) =>
      send(
        objectText([
          ["organizationId", org],
          ["modelId", j(modelId)],
          [key, raw],
        ]),
      ),
    ),
    "unknown ids": fc.oneof(
      unknownUuid().map((id) =>
        send(
          objectText([
            ["organizationId", org],
            ["modelId", j(id)],
          ]),
        ),
      ),
      unknownUuid().map((id) =>
        send(
          objectText([
            ["organizationId", j(id)],
            ["modelId", j(modelId)],
          ]),
        ),
      ),
      unknownUuid().map((id) =>
        send(
          objectText([
            ["organizationId", org],
            [
              "model",
              objectText([
                ["name", j("Fuzz")],
                ["templateId", j(id)],
              ]),
            ],
          ]),
        ),
      ),
      // The item already taken by the fuzz target's item: a duplicate identifier.
      fc.constant(
        send(
          objectText([
            ["organizationId", org],
            ["modelId", j(modelId)],
            ["uniqueProductIdentifiers", j([{ value: itemIdentifier }])],
          ]),
        ),
      ),
    ),
    "not JSON": notJson.filter((text) => text.trim() !== "").map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) =>
      send(
        objectText([
          ["organizationId", org],
          ["modelId", j(modelId)],
        ]),
        { "content-type": type },
      ),
    ),
  };
}

function dppDeleteFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const del = (dppId: string, headers: Record<string, string> = {}): FuzzRequest => ({
    method: "DELETE",
    path: `/api/v1/dpps/${dppId}`,
    headers,
  });
  return {
    "odd path ids": fc.oneof(
      notUuidInPath.filter((id) => !id.includes("/")).map((id) => del(encodeURIComponent(id))),
      unknownUuid().map((id) => del(id)),
    ),
    "odd headers (If-Match)": fc.oneof(
      ifMatchGarbage.map((value) => del(modelDppId, { "if-match": value })),
      STALE_VERSION.map((version) => del(modelDppId, { "if-match": `"${version}"` })),
    ),
  };
}

// POST …/passport-versions (model, item, all items): no body; a wrong path or a stale or garbled If-Match publishes nothing.

function publishFamilies(target: "model" | "item" | "items"): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (orgId = world.organization.id, model = modelId, item = itemId) => {
    const base = `/api/organizations/${orgId}/models/${model}`;
    if (target === "model") return `${base}/passport-versions`;
    return target === "item" ? `${base}/items/${item}/passport-versions` : `${base}/items/passport-versions`;
  };
  const post = (to: string, headers: Record<string, string> = {}): FuzzRequest => ({ method: "POST", path: to, headers });
  const families: Record<string, fc.Arbitrary<FuzzRequest>> = {
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => post(path(undefined, encodeURIComponent(id)))),
      unknownUuid().map((id) => post(path(undefined, id))),
      unknownUuid().map((id) => post(path(id))),
      ...(target === "item" ? [unknownUuid().map((id) => post(path(undefined, undefined, id)))] : []),
    ),
  };
  if (target === "items") return families;
  families["odd headers (If-Match)"] = fc.oneof(
    ifMatchGarbage.map((value) => post(path(), { "if-match": value })),
    fc.integer({ min: 1000, max: 999_999_999 }).map((version) => post(path(), { "if-match": `"${version}"` })),
  );
  return families;
}

// POST …/duplicate: an optional body { name? }; "{}" and no body are valid, so neither is ever sent.

function duplicateFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (orgId = world.organization.id, id = modelId) => `/api/organizations/${orgId}/models/${id}/duplicate`;
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: "POST",
    path: path(),
    headers,
    rawBody,
  });
  const withName = (raw: string) => send(objectText([["name", raw]]));
  return {
    "wrong types": fc.oneof(
      wrongScalar.filter((raw) => raw !== "{}").map((raw) => send(raw)),
      // '""' is an empty name after trimming, null is not a name: every one of these is refused.
      wrongScalar.map(withName),
    ),
    "huge strings": hugeString.map((text) => withName(j(text))),
    "NUL and lone surrogates": unstorableText.map((text) => withName(j(text))),
    "deep nesting": fc.oneof(
      deepNesting.map((raw) => send(raw)),
      deepNesting.map(withName),
    ),
    "__proto__, constructor, prototype keys": fc.tuple(protoKey, protoValue).map(([key, raw]) => send(objectText([[key, raw]]))),
    "not JSON": notJson.filter((text) => text.trim() !== "").map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => send(j({ name: "Copy" }), { "content-type": type })),
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => ({ ...send("{}"), path: path(world.organization.id, encodeURIComponent(id)) })),
      unknownUuid().map((id) => ({ ...send("{}"), path: path(world.organization.id, id) })),
      unknownUuid().map((id) => ({ ...send("{}"), path: path(id) })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------

// POST changes: row deletes and reorders that cannot apply, alone or beside a valid value change (all or nothing).

function changesFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const send = (body: Record<string, unknown>): FuzzRequest => ({
    method: "POST",
    path: `${modelPath(world, modelId)}/changes`,
    headers: JSON_HEADERS,
    rawBody: j(body),
  });
  const validModify = [dv(IDS.substances, IDS.substance, 0, "would change")];
  const missingRow = fc.integer({ min: 2, max: 1_000_000 });
  const badPart = fc.oneof(
    missingRow.map((row) => ({ deleteRows: [{ dataSectionId: IDS.substances, row }] })),
    fc.constantFrom(IDS.general, IDS.details, IDS.evidence).map((id) => ({ deleteRows: [{ dataSectionId: id, row: 0 }] })),
    fc
      .constantFrom([0], [1], [0, 0], [1, 0, 2], [], [0, 1, 1])
      .map((rows) => ({ reorder: [{ dataSectionId: IDS.substances, rows }] })),
    fc.constantFrom(IDS.general, IDS.details).map((id) => ({ reorder: [{ dataSectionId: id, rows: [0] }] })),
    fc.constant({ add: [dv(IDS.substances, IDS.substance, 0, "taken")] }),
    fc.constant({ details: { name: "" } }),
    fc.constant({ details: { name: "x", extra: 1 } }),
    malformedGtin.map((raw) => ({ details: { gtin: JSON.parse(raw) as string } })),
  );
  return {
    "row operations that cannot apply": fc.oneof(
      fc.tuple(badPart, fc.boolean()).map(([part, withValid]) => send(withValid ? { modify: validModify, ...part } : part)),
      // Nothing to do at all is refused too.
      fc.constantFrom({}, { add: [], modify: [], deleteRows: [], reorder: [] }).map(send),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// POST access-grants (`{level, partyName, expiresAt, passportUuid?}`) and DELETE access-grants/{grantId}.

function grantCreateFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (orgaId: string = world.organization.id, model: string = modelId) =>
    `/api/organizations/${orgaId}/models/${model}/access-grants`;
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: "POST",
    path: path(),
    headers,
    rawBody,
  });
  const base = (): Entries => [
    ["level", j("legitimate-interest")],
    ["partyName", j("Repairer")],
    ["expiresAt", j(new Date(Date.now() + 86_400_000).toISOString())],
  ];
  const withEntry = (key: string, raw: string) => send(objectText(replaceEntry(base(), key, raw)));
  return {
    "wrong types": fc.tuple(fc.constantFrom("level", "partyName", "expiresAt"), wrongScalar).map(([key, raw]) => withEntry(key, raw)),
    "huge strings": fc.oneof(
      hugeString.map((text) => withEntry("partyName", j(text))),
      fc.integer({ min: 201, max: 5_000 }).map((n) => withEntry("partyName", j("p".repeat(n)))),
    ),
    "NUL and lone surrogates": unstorableText.map((text) => withEntry("partyName", j(text))),
    "deep nesting": deepNesting.map((raw) => send(raw)),
    "__proto__, constructor, prototype keys": fc
      .tuple(protoKey, protoValue)
      .map(([name, raw]) => send(objectText([...base(), [name, raw]]))),
    "missing fields": fc.constantFrom("level", "partyName", "expiresAt").map((key) => send(objectText(removeEntry(base(), key)))),
    "bad levels, dates and passports": fc.oneof(
      fc.constantFrom("public", "member", "Authority", "", "admin").map((level) => withEntry("level", j(level))),
      fc
        .constantFrom("tomorrow", "2020-01-01T00:00:00Z", "2999-01-01T00:00:00Z", "2026-13-01T00:00:00Z", "")
        .map((date) => withEntry("expiresAt", j(date))),
      unknownUuid().map((id) => send(objectText([...base(), ["passportUuid", j(id)]]))),
      notUuid.map((id) => send(objectText([...base(), ["passportUuid", j(id)]]))),
    ),
    "not JSON": notJson.map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => ({ ...send(objectText(base())), headers: { "content-type": type } })),
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => ({ ...send(objectText(base())), path: path(world.organization.id, encodeURIComponent(id)) })),
      unknownUuid().map((id) => ({ ...send(objectText(base())), path: path(world.organization.id, id) })),
      unknownUuid().map((id) => ({ ...send(objectText(base())), path: path(id) })),
    ),
  };
}

/** A member route's path, for the member or an odd id; sent as the owner signed in. */
function memberPath(id: string = memberId, suffix = ""): string {
  return `/api/organizations/${world.organization.id}/members/${id}${suffix}`;
}

function memberRoleFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const families = bodyFamilies({
    method: "PATCH",
    path: (id) => memberPath(id),
    base: () => [["role", j("admin")]],
    hasIfMatch: false,
  });
  return Object.fromEntries(
    Object.entries({
      ...families,
      "unknown roles": fc
        .constantFrom("member", "Owner", "superuser", "", " admin")
        .map((role) => ({ method: "PATCH", path: memberPath(), headers: JSON_HEADERS, rawBody: JSON.stringify({ role }) })),
    }).map(([name, arbitrary]) => [name, arbitrary.map((request) => ({ ...request, isSession: true }))]),
  );
}

/** Removal and suspension take no body: only the member's id can be odd. */
function memberEndFamilies(method: "DELETE" | "POST", suffix: string): Record<string, fc.Arbitrary<FuzzRequest>> {
  return {
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => ({ method, path: memberPath(encodeURIComponent(id), suffix), isSession: true })),
      unknownUuid().map((id) => ({ method, path: memberPath(id, suffix), isSession: true })),
    ),
  };
}

/** Revoking an access grant or ending a partner grant: only the path's ids can be odd. */
function grantRevokeFamilies(grants: "access-grants" | "partner-grants" = "access-grants"): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (grant: string, model: string = modelId) => `${modelPath(world, model)}/${grants}/${grant}`;
  const known = grants === "access-grants" ? grantId : partnerGrantId;
  return {
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => ({ method: "DELETE", path: path(encodeURIComponent(id)) })),
      unknownUuid().map((id) => ({ method: "DELETE", path: path(id) })),
      // The grant under a model it does not belong to is not found.
      unknownUuid().map((id) => ({ method: "DELETE", path: path(known, id) })),
    ),
  };
}

/** POST partner-grants (`{partnerOrganizationId, sectionIds}`): the builder's families, and grants that cannot be. */
function partnerGrantFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (id?: string) => `${modelPath(world, id ?? modelId)}/partner-grants`;
  const send = (body: unknown): FuzzRequest => ({ method: "POST", path: path(), headers: JSON_HEADERS, rawBody: j(body) });
  return {
    ...bodyFamilies({
      method: "POST",
      path,
      base: () => [
        ["partnerOrganizationId", j(partnerOrganizationId)],
        ["sectionIds", j([IDS.substances])],
      ],
      idKeys: ["partnerOrganizationId"],
      hasIfMatch: false,
    }),
    "sections and partners that cannot be granted": fc.oneof(
      // Nested sections, sections not in the template, the model's own organization, too many sections.
      fc.constantFrom(IDS.details, IDS.evidence).map((id) => send({ partnerOrganizationId, sectionIds: [IDS.general, id] })),
      unknownUuid().map((id) => send({ partnerOrganizationId, sectionIds: [id] })),
      fc.constant(send({ partnerOrganizationId: world.organization.id, sectionIds: [IDS.general] })),
      fc.integer({ min: 201, max: 400 }).map((n) => send({ partnerOrganizationId, sectionIds: Array(n).fill(IDS.general) })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The template builder: draft edits, publish and the model upgrade, each body made invalid one way at a time.

type BodyRoute = {
  method: "POST" | "PATCH" | "PUT";
  /** The path, with `id` replacing the id the route acts on (the draft, or the model) when given. */
  path: (id?: string) => string;
  /** A valid body; every family breaks it. */
  base: () => Entries;
  /** Keys of `base` holding ids the route looks up (unknown ones are 404). */
  idKeys?: string[];
  /** The route takes If-Match (a stale one is 412). */
  hasIfMatch: boolean;
};

function bodyFamilies(route: BodyRoute): Record<string, fc.Arbitrary<FuzzRequest>> {
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: route.method,
    path: route.path(),
    headers,
    rawBody,
  });
  const base = route.base();
  const keys = base.map(([key]) => key);
  const one = (entries: Entries) => send(objectText(entries));
  const families: Record<string, fc.Arbitrary<FuzzRequest>> = {
    "wrong types": fc.oneof(
      fc
        .tuple(fc.constantFrom(...keys), fc.constantFrom("true", "false", "null", "{}", "[]", '{"a":1}', '["x"]', "0", "-1", '""'))
        // A parent may be null (the top level), and an empty translations map clears them: both are valid requests.
        .filter(([key, raw]) => !(raw === "null" && key === "parentSectionId") && !(raw === "{}" && key === "translations"))
        .map(([key, raw]) => one(replaceEntry(base, key, raw))),
      fc.constantFrom("[]", '"x"', "1", "null", "true", "[{}]").map((raw) => send(raw)),
    ),
    "huge strings": fc.tuple(fc.constantFrom(...keys), hugeString).map(([key, text]) => one(replaceEntry(base, key, j(text)))),
    "NUL and lone surrogates": fc
      .tuple(fc.constantFrom(...keys), unstorableText)
      .map(([key, text]) => one(replaceEntry(base, key, j(`Part ${text}`)))),
    "deep nesting": fc.oneof(
      deepNesting.map((raw) => send(raw)),
      fc.tuple(deepNesting, fc.constantFrom(...keys)).map(([raw, key]) => one(replaceEntry(base, key, raw))),
    ),
    "__proto__, constructor, prototype keys": fc.oneof(
      fc.tuple(protoKey, protoValue).map(([key, raw]) => one([...base, [key, raw]])),
      fc.constantFrom("id", "revision", "organizationId", "sections", "Name").map((key) => one([...base, [key, j("x")]])),
    ),
    "not JSON": notJson.filter((text) => text.trim() !== "").map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => send(objectText(base), { "content-type": type })),
    "odd path ids": fc.oneof(
      notUuidInPath.map((id) => ({ ...one(base), path: route.path(encodeURIComponent(id)) })),
      unknownUuid().map((id) => ({ ...one(base), path: route.path(id) })),
    ),
  };
  if (route.idKeys) {
    const idKeys = route.idKeys;
    families["unknown ids"] = fc
      .tuple(fc.constantFrom(...idKeys), fc.oneof(unknownUuid(), notUuid))
      .map(([key, id]) => one(replaceEntry(base, key, j(id))));
  }
  if (route.hasIfMatch) {
    families["odd headers (If-Match)"] = fc.oneof(
      ifMatchGarbage.map((value) => ({ ...one(base), headers: { ...JSON_HEADERS, "if-match": value } })),
      fc
        .oneof(fc.constant(0), fc.integer({ min: 3, max: 999_999_999 }))
        .map((version) => ({ ...one(base), headers: { ...JSON_HEADERS, "if-match": `"${version}"` } })),
    );
  }
  return families;
}

const draftPath = (id?: string) => `${draftsPath()}/${id ?? draftId}`;

const COMMON = [
  "wrong types",
  "huge strings",
  "NUL and lone surrogates",
  "deep nesting",
  "__proto__, constructor, prototype keys",
  "NaN and Infinity",
];
const MODEL_FAMILIES = [...COMMON, "unknown ids", "malformed GTINs", "not JSON", "wrong content type", "odd path ids"];
const BUILDER_FAMILIES = [...COMMON.filter((name) => name !== "NaN and Infinity"), "not JSON", "wrong content type", "odd path ids"];
const EDIT_FAMILIES = [...BUILDER_FAMILIES, "odd headers (If-Match)"];
const ITEM_CREATE_FAMILIES = [
  ...COMMON,
  "duplicate and taken identifiers",
  "too many",
  "not JSON",
  "wrong content type",
  "odd path ids",
];
const VALUE_FAMILIES = [
  ...COMMON,
  "missing fields",
  "negative and fractional rows",
  "unknown section and field ids",
  "duplicate triples",
  "not JSON",
  "wrong content type",
  "odd path ids",
  "odd headers (If-Match)",
];

const DELETE_FAMILIES = ["odd query strings", "unknown section and field ids", "odd path ids", "odd headers (If-Match)"];

// The families need the world's ids, so they are built inside each test; their names are fixed here, and the first
// test of each route checks that the names and the built families agree.
// ---------------------------------------------------------------------------------------------------------------
// POST readings, of the item (`[{dataSectionId, dataFieldId, at, value}]`) and of the fleet (each with `itemId`).

const READING_FAMILIES = [
  "wrong types",
  "huge strings",
  "NUL and lone surrogates",
  "NaN and Infinity",
  "bad instants",
  "values the field refuses",
  "unknown ids",
  "too many",
  "deep nesting",
  "__proto__, constructor, prototype keys",
  "not JSON",
  "wrong content type",
  "odd path ids",
];

function readingsFamilies(kind: "item" | "fleet"): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = (model: string = modelId, item: string = itemId) =>
    `/api/organizations/${world.organization.id}/models/${model}${kind === "item" ? `/items/${item}` : ""}/readings`;
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS, at = path()): FuzzRequest => ({
    method: "POST",
    path: at,
    headers,
    rawBody,
  });
  /** A reading the route would store: the item's State of health at a past minute. */
  const valid = (i: number): Entries => [
    ...(kind === "fleet" ? ([["itemId", j(itemId)]] as Entries) : []),
    ["dataSectionId", j(IDS.item)],
    ["dataFieldId", j(IDS.health)],
    ["at", j(new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString())],
    ["value", String(50 + i)],
  ];
  /** The bad reading after a few valid ones: a slip would store those. */
  const amongValid = (bad: fc.Arbitrary<Entries>) =>
    fc
      .tuple(bad, fc.nat({ max: 3 }))
      .map(([entries, before]) =>
        send(arrayText([...Array.from({ length: before }, (_, i) => objectText(valid(i))), objectText(entries)])),
      );
  const changed = (key: string, raw: fc.Arbitrary<string>) => amongValid(raw.map((text) => replaceEntry(valid(9), key, text)));
  const future = j(new Date(Date.now() + 86_400_000).toISOString());
  return {
    "wrong types": fc.oneof(
      fc.constantFrom("{}", '"x"', "1", "null", "[]", "[1]", "[[]]").map((raw) => send(raw)),
      fc
        .tuple(fc.constantFrom("dataSectionId", "dataFieldId", "at", "value"), wrongScalar)
        // 0 and -1 are readings a NumericField takes.
        .filter(([key, raw]) => key !== "value" || (raw !== "0" && raw !== "-1"))
        .map(([key, raw]) => send(arrayText([objectText(replaceEntry(valid(0), key, raw))]))),
      fc
        .constantFrom("dataSectionId", "dataFieldId", "at", "value")
        .map((key) => send(arrayText([objectText(removeEntry(valid(0), key))]))),
    ),
    "huge strings": changed(
      "value",
      fc.oneof(
        fc.integer({ min: 10_001, max: 20_000 }).map((n) => j("7".repeat(n))),
        hugeString.map(j),
      ),
    ),
    "NUL and lone surrogates": changed("value", unstorableText.map(j)),
    "NaN and Infinity": changed("value", notFinite),
    "bad instants": changed(
      "at",
      fc.constantFrom(
        future,
        j("yesterday"),
        j("2026-13-01T00:00:00Z"),
        j("2026-01-01T00:00:00"),
        j("2026-01-01"),
        j("2026-01-01T00:00:00.0001Z"),
        j(""),
      ),
    ),
    "values the field refuses": amongValid(
      fc.constantFrom(
        replaceEntry(valid(9), "value", j("fifty")),
        replaceEntry(replaceEntry(valid(9), "dataSectionId", j(IDS.general)), "dataFieldId", j(IDS.weight)),
        replaceEntry(replaceEntry(valid(9), "dataSectionId", j(IDS.cells)), "dataFieldId", j(IDS.voltage)),
        replaceEntry(replaceEntry(valid(9), "dataSectionId", j(IDS.general)), "dataFieldId", j(IDS.serial)),
      ),
    ),
    "unknown ids": fc
      .tuple(
        fc.constantFrom(...(kind === "fleet" ? ["itemId", "dataSectionId", "dataFieldId"] : ["dataSectionId", "dataFieldId"])),
        unknownUuid(),
      )
      .chain(([key, id]) => amongValid(fc.constant(replaceEntry(valid(9), key, j(id))))),
    "too many": fc.constant(send(arrayText(Array.from({ length: 10_001 }, (_, i) => objectText(valid(i)))))),
    "deep nesting": fc.oneof(
      deepNesting.map((raw) => send(raw)),
      deepNesting.map((raw) => send(arrayText([objectText(replaceEntry(valid(0), "value", raw))]))),
    ),
    "__proto__, constructor, prototype keys": fc
      .tuple(protoKey, protoValue)
      .map(([name, raw]) => send(arrayText([objectText([...valid(0), [name, raw]])]))),
    "not JSON": notJson.map((text) => send(text)),
    "wrong content type": wrongContentType.map((type) => send(arrayText([objectText(valid(0))]), { "content-type": type })),
    "odd path ids": fc
      .tuple(fc.constantFrom("model", "item"), fc.oneof(notUuidInPath.map(encodeURIComponent), unknownUuid()))
      .map(([which, id]) =>
        send(
          arrayText([objectText(valid(0))]),
          JSON_HEADERS,
          which === "model" ? path(id) : kind === "item" ? path(modelId, id) : path(id),
        ),
      ),
  };
}

const ROUTES: [string, string[], () => Record<string, fc.Arbitrary<FuzzRequest>>][] = [
  ["POST /organizations/{orgaId}/models", [...MODEL_FAMILIES, "missing fields"], () => modelFamilies("POST")],
  [
    "PATCH /organizations/{orgaId}/models/{modelId}",
    [...MODEL_FAMILIES, "null for fields that cannot be null", "odd headers (If-Match)"],
    () => modelFamilies("PATCH"),
  ],
  ["POST /organizations/{orgaId}/models/{modelId}/data-values", VALUE_FAMILIES, () => valuesFamilies(POST_VALUES)],
  ["PATCH /organizations/{orgaId}/models/{modelId}/data-values", VALUE_FAMILIES, () => valuesFamilies(PATCH_VALUES)],
  ["DELETE /organizations/{orgaId}/models/{modelId}/data-values", DELETE_FAMILIES, () => deleteFamilies(MODEL_DELETE)],
  ["POST /organizations/{orgaId}/models/{modelId}/items/{itemId}/data-values", VALUE_FAMILIES, () => valuesFamilies(ITEM_POST_VALUES)],
  [
    "PATCH /organizations/{orgaId}/models/{modelId}/items/{itemId}/data-values",
    VALUE_FAMILIES,
    () => valuesFamilies(ITEM_PATCH_VALUES),
  ],
  ["DELETE /organizations/{orgaId}/models/{modelId}/items/{itemId}/data-values", DELETE_FAMILIES, () => deleteFamilies(ITEM_DELETE)],
  ["DELETE /organizations/{orgaId}/models/{modelId}", ["odd path ids", "odd headers (If-Match)"], deleteModelFamilies],
  [
    "POST /organizations/{orgaId}/models/{modelId}/duplicate",
    [...COMMON.filter((name) => name !== "NaN and Infinity"), "not JSON", "wrong content type", "odd path ids"],
    duplicateFamilies,
  ],
  [
    "POST /organizations/{orgaId}/models/{modelId}/access-grants",
    [
      "wrong types",
      "huge strings",
      "NUL and lone surrogates",
      "deep nesting",
      "__proto__, constructor, prototype keys",
      "missing fields",
      "bad levels, dates and passports",
      "not JSON",
      "wrong content type",
      "odd path ids",
    ],
    grantCreateFamilies,
  ],
  ["DELETE /organizations/{orgaId}/models/{modelId}/access-grants/{grantId}", ["odd path ids"], () => grantRevokeFamilies()],
  [
    "POST /organizations/{orgaId}/models/{modelId}/partner-grants",
    [...BUILDER_FAMILIES, "unknown ids", "sections and partners that cannot be granted"],
    partnerGrantFamilies,
  ],
  [
    "DELETE /organizations/{orgaId}/models/{modelId}/partner-grants/{grantId}",
    ["odd path ids"],
    () => grantRevokeFamilies("partner-grants"),
  ],
  [
    "POST /organizations/{orgaId}/models/{modelId}/changes",
    [...VALUE_FAMILIES, "row operations that cannot apply"],
    () => ({ ...valuesFamilies(CHANGES_VALUES), ...changesFamilies() }),
  ],
  ["POST /organizations/{orgaId}/models/{modelId}/items/{itemId}/changes", VALUE_FAMILIES, () => valuesFamilies(ITEM_CHANGES_VALUES)],
  [
    "PUT /organizations/{orgaId}/models/{modelId}/aas",
    EDIT_FAMILIES,
    () =>
      bodyFamilies({
        method: "PUT",
        path: (id) => `/api/organizations/${world.organization.id}/models/${id ?? modelId}/aas`,
        // An environment that verifies but matches nothing of the template, so every variation stays invalid.
        base: () => [["submodels", j([{ modelType: "Submodel", id: "urn:fuzz:1", idShort: "NoSuchSection" }])]],
        hasIfMatch: true,
      }),
  ],
  ["PATCH /organizations/{orgaId}", REGISTRY_FAMILIES, registryFamilies],
  ["GET /organizations/{orgaId}/audit-log", ["odd query", "odd path ids"], auditLogFamilies],
  ["PATCH /organizations/{orgaId}/members/{userId}", [...BUILDER_FAMILIES, "unknown roles"], memberRoleFamilies],
  ["DELETE /organizations/{orgaId}/members/{userId}", ["odd path ids"], () => memberEndFamilies("DELETE", "")],
  ["POST /organizations/{orgaId}/members/{userId}/suspend", ["odd path ids"], () => memberEndFamilies("POST", "/suspend")],
  ["POST /organizations/{orgaId}/members/{userId}/reinstate", ["odd path ids"], () => memberEndFamilies("POST", "/reinstate")],
  [
    "POST /organizations/{orgaId}/models/{modelId}/passport-versions",
    ["odd path ids", "odd headers (If-Match)"],
    () => publishFamilies("model"),
  ],
  [
    "POST /organizations/{orgaId}/models/{modelId}/items/{itemId}/passport-versions",
    ["odd path ids", "odd headers (If-Match)"],
    () => publishFamilies("item"),
  ],
  ["POST /organizations/{orgaId}/models/{modelId}/items/passport-versions", ["odd path ids"], () => publishFamilies("items")],
  [
    "POST /v1/dppsByProductIds",
    [
      "wrong types",
      "huge strings",
      "too many",
      "__proto__, constructor, prototype keys",
      "odd cursors",
      "deep nesting",
      "not JSON",
      "wrong content type",
    ],
    dppIdsFamilies,
  ],
  [
    "POST /v1/dpps",
    ["wrong types", "huge strings", "__proto__, constructor, prototype keys", "unknown ids", "not JSON", "wrong content type"],
    dppCreateFamilies,
  ],
  ["PATCH /v1/dpps/{dppId}", [...DPP_PATCH_FAMILIES, "unknown keys"], () => dppPatchFamilies("dpp")],
  ["PATCH /v1/dpps/{dppId}/elements/{elementPath}", [...DPP_PATCH_FAMILIES, "odd element paths"], () => dppPatchFamilies("element")],
  ["DELETE /v1/dpps/{dppId}", ["odd path ids", "odd headers (If-Match)"], dppDeleteFamilies],
  ["POST /organizations/{orgaId}/models/{modelId}/items/{itemId}/readings", READING_FAMILIES, () => readingsFamilies("item")],
  ["POST /organizations/{orgaId}/models/{modelId}/readings", READING_FAMILIES, () => readingsFamilies("fleet")],
  ["POST /organizations/{orgaId}/models/{modelId}/items", ITEM_CREATE_FAMILIES, () => itemCreateFamilies("one")],
  ["POST /organizations/{orgaId}/models/{modelId}/items/bulk", ITEM_CREATE_FAMILIES, () => itemCreateFamilies("bulk")],
  [
    "POST /organizations/{orgaId}/models/{modelId}/items/import",
    ["bad identifiers", "not a spreadsheet", "wrong content type", "odd query", "odd path ids"],
    importFamilies,
  ],
  [
    "POST /organizations/{orgaId}/template-drafts",
    [...BUILDER_FAMILIES, "unknown ids"],
    () =>
      bodyFamilies({
        method: "POST",
        path: (id) => `/api/organizations/${id ?? world.organization.id}/template-drafts`,
        base: () => [["templateId", j(world.template.id)]],
        idKeys: ["templateId"],
        hasIfMatch: false,
      }),
  ],
  [
    "PATCH /organizations/{orgaId}/template-drafts/{draftId}",
    EDIT_FAMILIES,
    () =>
      bodyFamilies({
        method: "PATCH",
        path: draftPath,
        base: () => [
          ["name", j("Renamed")],
          ["translations", j({ de: { name: "Umbenannt" } })],
        ],
        hasIfMatch: true,
      }),
  ],
  [
    "POST /organizations/{orgaId}/template-drafts/{draftId}/sections",
    [...EDIT_FAMILIES, "unknown ids"],
    () =>
      bodyFamilies({
        method: "POST",
        path: (id) => `${draftPath(id)}/sections`,
        base: () => [
          ["name", j("Added")],
          ["type", j("Group")],
          ["parentSectionId", j(IDS.general)],
        ],
        idKeys: ["parentSectionId"],
        hasIfMatch: true,
      }),
  ],
  [
    "PATCH /organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}",
    EDIT_FAMILIES,
    () =>
      bodyFamilies({
        method: "PATCH",
        path: (id) => `${draftPath()}/sections/${id ?? IDS.general}`,
        base: () => [
          ["name", j("Renamed")],
          ["type", j("Group")],
        ],
        hasIfMatch: true,
      }),
  ],
  [
    "POST /organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/move",
    [...EDIT_FAMILIES, "unknown ids"],
    () =>
      bodyFamilies({
        method: "POST",
        path: (id) => `${draftPath()}/sections/${id ?? IDS.details}/move`,
        base: () => [
          ["type", j("Parent")],
          ["parentSectionId", j(IDS.evidence)],
        ],
        idKeys: ["parentSectionId"],
        hasIfMatch: true,
      }),
  ],
  [
    "POST /organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/data-fields",
    EDIT_FAMILIES,
    () =>
      bodyFamilies({
        method: "POST",
        path: (id) => `${draftPath()}/sections/${id ?? IDS.general}/data-fields`,
        base: () => [
          ["name", j("Added")],
          ["type", j("TextField")],
          ["granularityLevel", j("Model")],
        ],
        hasIfMatch: true,
      }),
  ],
  [
    "PATCH /organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/data-fields/{fieldId}",
    EDIT_FAMILIES,
    () =>
      bodyFamilies({
        method: "PATCH",
        path: (id) => `${draftPath()}/sections/${IDS.general}/data-fields/${id ?? IDS.name}`,
        base: () => [
          ["name", j("Renamed")],
          ["type", j("NumericField")],
        ],
        hasIfMatch: true,
      }),
  ],
  [
    "POST /organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/data-fields/{fieldId}/move",
    [...EDIT_FAMILIES, "unknown ids"],
    () =>
      bodyFamilies({
        method: "POST",
        path: (id) => `${draftPath()}/sections/${IDS.general}/data-fields/${id ?? IDS.name}/move`,
        base: () => [
          ["type", j("Section")],
          ["sectionId", j(IDS.details)],
        ],
        idKeys: ["sectionId"],
        hasIfMatch: true,
      }),
  ],
  [
    "POST /organizations/{orgaId}/template-drafts/{draftId}/publish",
    EDIT_FAMILIES,
    () =>
      bodyFamilies({
        method: "POST",
        path: (id) => `${draftPath(id)}/publish`,
        base: () => [["visibility", j("Private")]],
        hasIfMatch: true,
      }),
  ],
  [
    "POST /organizations/{orgaId}/template-drafts/{draftId}/aas-submodels",
    EDIT_FAMILIES,
    () =>
      bodyFamilies({
        method: "POST",
        // With a profile, so its step is fuzzed too (docs/profiles.md).
        path: (id) => `${draftPath(id)}/aas-submodels?profile=eu-battery-annex-xiii`,
        // A submodel of kind Instance: nothing a template imports, so every variation must be refused (400, or
        // 404/412/413/415 before the body is looked at) and nothing stored.
        base: () => [["submodels", j([{ modelType: "Submodel", id: "urn:example:instance", idShort: "Instance", kind: "Instance" }])]],
        hasIfMatch: true,
      }),
  ],
  [
    "POST /organizations/{orgaId}/models/{modelId}/upgrade",
    [...EDIT_FAMILIES, "unknown ids"],
    () =>
      bodyFamilies({
        method: "POST",
        path: (id) => `${modelsPath(world)}/${id ?? modelId}/upgrade`,
        base: () => [["templateId", j(world.template.id)]],
        idKeys: ["templateId"],
        hasIfMatch: true,
      }),
  ],
];

for (const [route, names, families] of ROUTES) {
  describe(route, () => {
    it("has exactly the families listed", () => {
      expect(Object.keys(families()).sort()).toEqual([...names].sort());
    });
    for (const family of names) {
      it(`rejects ${family} with a 4xx error body and changes nothing`, async () => {
        const arbitrary = families()[family];
        expect(arbitrary, family).toBeDefined();
        const touched = new Set<keyof State>();
        const name = `${route} · ${family}`;
        await fc.assert(
          fc.asyncProperty(arbitrary!, async (request) => void touched.add(await expectRejected(name, request))),
          { numRuns: RUNS_PER_FAMILY },
        );
        await expectUnchanged(name, touched);
      });
    }
  });
}

describe("DELETE with an empty row parameter", () => {
  it("is a 400, not a request to delete row 0", async () => {
    const world = await createWorld("fuzz-empty-row");
    const model = await postModel(world);
    const path = dataValuesPath(world, model.id);
    expectModel(await api("POST", path, { token: world.token, body: [dv(IDS.substances, IDS.substance, 0, "Keep me")] }), 201);
    const before = JSON.stringify((await api("GET", modelPath(world, model.id), { token: world.token })).body);
    for (const row of ["", "%20"]) {
      const response = await api("DELETE", `${path}?dataSectionId=${IDS.substances}&row=${row}`, { token: world.token });
      expect(response.status, `row=${row}`).toBe(400);
      expectError(response, 400);
      expect(JSON.stringify((await api("GET", modelPath(world, model.id), { token: world.token })).body)).toBe(before);
    }
  });
});

describe("request size", () => {
  it("answers 413 for 100,001 data values and changes nothing", async () => {
    const body = JSON.stringify(Array.from({ length: 100_001 }, (_, row) => dv(IDS.substances, IDS.substance, row + 100, "x")));
    const touched = new Set<keyof State>();
    for (const method of ["POST", "PATCH"]) {
      touched.add(await expectRejected("413", { method, path: dataValuesPath(world, modelId), headers: JSON_HEADERS, rawBody: body }));
    }
    await expectUnchanged("413", touched);
  });

  it("after all of the above, the model and the model list are exactly as before", async () => {
    expect(await currentState()).toEqual(snapshot);
  });
});

/**
 * The AAS read API (/api/aas) takes identifiers, idShort paths, cursors and asset ids from the path and the query:
 * whatever odd text arrives there, the answer is a 200 or a 4xx — never a 5xx — and `api()` checks it against the
 * IDTA's OpenAPI files (a 4xx is the profiles' `Result`).
 */
describe("GET /api/aas/{path}", () => {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom("", "=", "====", "*", "é", "%", "a.b[0]", "$value", "$metadata", "__proto__", "a".repeat(3_000)),
    fc.string({ maxLength: 30 }).map((s) => encodeAasIdentifier(s).replace(/=+$/, "")),
    fc.uint8Array({ maxLength: 30 }).map((bytes) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_"),
    ),
  );
  // "." and ".." are resolved away by the URL itself before any server sees them.
  const segment = text.filter((s) => s !== "" && s !== "." && s !== "..").map((s) => encodeURIComponent(s));
  const head = fc.constantFrom("shells", "submodels", "lookup/shells", "serialization", "description", "nothing");
  const tail = fc.array(fc.oneof(segment, fc.constantFrom("submodels", "submodel-elements", "$value", "$path", "$reference")), {
    maxLength: 5,
  });
  const query = fc
    .array(
      fc.tuple(fc.constantFrom("limit", "cursor", "level", "assetIds", "aasIds", "submodelIds", "grant", "idShort", "extent"), text),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&"));

  it("answers odd paths and queries with a 200 or a 4xx Result, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(head, tail, query, async (first, rest, search) => {
        const path = `/api/aas/${[first, ...rest].join("/")}${search ? `?${search}` : ""}`;
        const response = await api("GET", path);
        expect(response.status, path).toBeLessThan(500);
        if (response.status < 400) return;
        // The Result: the error's message first, then one per issue (docs/aas.md §Read API, errors).
        const { message, messages } = response.body as { message: string; messages: { messageType: string; text: string }[] };
        expect(messages[0], path).toMatchObject({ messageType: "Error", text: message });
        expect(
          messages.every((m) => m.messageType === "Error"),
          path,
        ).toBe(true);
      }),
      { numRuns: RUNS_PER_FAMILY * 8 },
    );
  });
});
