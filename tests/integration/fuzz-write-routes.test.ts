import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUuid } from "~/domain/uuid";
import { dataValuesPath, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectError, expectModel } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createProductDataModel, createWorld, type World } from "./support/world";

/**
 * Bad input, property-based, against every write route through the real handlers: whatever fast-check throws at
 * POST/PATCH models and POST/PATCH/DELETE data-values — wrong types, missing fields, huge strings, deep nesting,
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
let foreignPdmId: string;
let snapshot: { model: string; list: string; items: string };
let cases = 0;
const perFamily = new Map<string, number>();

type FuzzRequest = { method: string; path: string; headers?: Record<string, string>; rawBody?: string };

beforeAll(async () => {
  world = await createWorld("fuzz");
  const model = await postModel(world, { name: "Fuzz target", description: "must never change" });
  modelId = model.id;
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
  // A product data model another organization keeps private: naming it must be a 404, never a copy.
  const other = await createWorld("fuzz-other");
  foreignPdmId = (await createProductDataModel(other, "Private")).id;
  snapshot = await currentState();
});

afterAll(() => {
  const families = [...perFamily.entries()].map(([name, n]) => `${name}: ${n}`).join("\n  ");
  console.info(`[fuzz-write-routes] ${cases} bad requests, all 4xx with the error body and nothing changed\n  ${families}`);
});

async function currentState(): Promise<{ model: string; list: string; items: string }> {
  return { model: await stored("model"), list: await stored("list"), items: await stored("items") };
}

/** The model (with its data values and version), the organization's model list, or the model's items, as JSON text. */
async function stored(what: "model" | "list" | "items"): Promise<string> {
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
 * The property: a 4xx with exactly the contract's error body, and nothing stored changed. A model create is checked
 * against the model list (a new model would show there); every other write against the model itself, whose version
 * any accepted write would bump. The last test compares both once more.
 */
async function expectRejectedAndUnchanged(family: string, request: FuzzRequest): Promise<void> {
  cases += 1;
  perFamily.set(family, (perFamily.get(family) ?? 0) + 1);
  const response = await api(request.method, request.path, {
    token: world.token,
    rawBody: request.rawBody,
    headers: request.headers,
  });
  const label = `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers ?? {}).slice(0, 200)} ${(request.rawBody ?? "").slice(0, 300)}`;
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  expectError(response, response.status);
  for (const issue of (response.body as { issues?: Record<string, unknown>[] }).issues ?? []) {
    expect(typeof issue.path === "string" && typeof issue.message === "string", label).toBe(true);
  }
  const what = request.path.includes("/items")
    ? "items"
    : request.method === "POST" && !request.path.includes("/data-values")
      ? "list"
      : "model";
  expect(await stored(what), `the ${what} changed after ${label}`).toBe(snapshot[what]);
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

type ValuesRoute = {
  method: "POST" | "PATCH";
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
  base: () => item(IDS.substances, IDS.substance, 50, j("Cobalt")),
  wrongSections: [IDS.general, IDS.details, IDS.evidence, IDS.item],
  wrongFields: [IDS.notes, IDS.name, IDS.certificate, IDS.serial, IDS.health],
  validItem: (i) => item(IDS.substances, IDS.substance, 60 + i, j(`ok ${i}`)),
};

const PATCH_VALUES: ValuesRoute = {
  method: "PATCH",
  base: () => item(IDS.details, IDS.notes, 0, j("changed")),
  wrongSections: [IDS.general, IDS.substances, IDS.evidence, IDS.item],
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

function valuesFamilies(route: ValuesRoute): Record<string, fc.Arbitrary<FuzzRequest>> {
  const path = () => dataValuesPath(world, modelId);
  const send = (rawBody: string, headers: Record<string, string> = JSON_HEADERS): FuzzRequest => ({
    method: route.method,
    path: path(),
    headers,
    rawBody,
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
  const numericBase = route.method === "POST" ? item(IDS.substances, IDS.share, 50, "1") : item(IDS.substances, IDS.share, 1, "1");

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
      fc.integer({ min: 1, max: 1_000_000 }).map((row) => one(item(IDS.details, IDS.notes, row, j("x")))),
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
    "odd path ids": fc.oneof(
      notUuid.map((id) => ({
        ...one(base),
        path: `/api/organizations/${world.organization.id}/models/${encodeURIComponent(id)}/data-values`,
      })),
      notUuid.map((id) => ({ ...one(base), path: `/api/organizations/${encodeURIComponent(id)}/models/${modelId}/data-values` })),
      unknownUuid().map((id) => ({ ...one(base), path: `/api/organizations/${world.organization.id}/models/${id}/data-values` })),
      unknownUuid().map((id) => ({ ...one(base), path: `/api/organizations/${id}/models/${modelId}/data-values` })),
    ),
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
      notUuid.map((id) => ({
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
      notUuid.map((id) => ({ ...send("{}"), path: path(world.organization.id, encodeURIComponent(id)) })),
      unknownUuid().map((id) => ({ ...send(kind === "bulk" ? '{"count":1}' : "{}"), path: path(world.organization.id, id) })),
      unknownUuid().map((id) => ({ ...send(kind === "bulk" ? '{"count":1}' : "{}"), path: path(id) })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// DELETE data-values?dataSectionId=…&row=…: odd query strings.

function deleteFamilies(): Record<string, fc.Arbitrary<FuzzRequest>> {
  const del = (query: string, headers: Record<string, string> = {}): FuzzRequest => ({
    method: "DELETE",
    path: `${dataValuesPath(world, modelId)}${query}`,
    headers,
  });
  const badRow = fc.oneof(
    negativeRow,
    fractionalRow,
    tooLargeRow,
    // "" (and " ") would be read as row 0 by a lenient coercion; they have a test of their own below.
    fc.constantFrom("abc", "NaN", "Infinity", "-Infinity", "1e400", "one", "0,1", "[0]", "null", "true"),
  );
  const section = `dataSectionId=${IDS.substances}`;
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
      fc.constantFrom(IDS.general, IDS.details, IDS.evidence, IDS.item).map((id) => del(`?dataSectionId=${id}&row=0`)),
      notUuid.map((id) => del(`?dataSectionId=${encodeURIComponent(id)}&row=0`)),
      // A row of the repeater that does not exist: 404.
      fc.integer({ min: 2, max: 1_000_000 }).map((row) => del(`?${section}&row=${row}`)),
    ),
    "odd path ids": fc.oneof(
      notUuid.map((id) => ({
        ...del(`?${section}&row=0`),
        path: `${modelsPath(world)}/${encodeURIComponent(id)}/data-values?${section}&row=0`,
      })),
      unknownUuid().map((id) => ({ ...del(`?${section}&row=0`), path: `${modelsPath(world)}/${id}/data-values?${section}&row=0` })),
      unknownUuid().map((id) => ({
        ...del(`?${section}&row=0`),
        path: `/api/organizations/${id}/models/${modelId}/data-values?${section}&row=0`,
      })),
    ),
    "odd headers (If-Match)": fc.oneof(
      ifMatchGarbage.map((value) => del(`?${section}&row=0`, { "if-match": value })),
      fc
        .oneof(fc.constant(0), fc.integer({ min: 3, max: 999_999_999 }))
        .map((version) => del(`?${section}&row=0`, { "if-match": `"${version}"` })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------

const COMMON = [
  "wrong types",
  "huge strings",
  "NUL and lone surrogates",
  "deep nesting",
  "__proto__, constructor, prototype keys",
  "NaN and Infinity",
];
const MODEL_FAMILIES = [...COMMON, "unknown ids", "not JSON", "wrong content type", "odd path ids"];
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

// The families need the world's ids, so they are built inside each test; their names are fixed here, and the first
// test of each route checks that the names and the built families agree.
const ROUTES: [string, string[], () => Record<string, fc.Arbitrary<FuzzRequest>>][] = [
  ["POST /organizations/{orgaId}/models", [...MODEL_FAMILIES, "missing fields"], () => modelFamilies("POST")],
  [
    "PATCH /organizations/{orgaId}/models/{modelId}",
    [...MODEL_FAMILIES, "null for fields that cannot be null", "odd headers (If-Match)"],
    () => modelFamilies("PATCH"),
  ],
  ["POST /organizations/{orgaId}/models/{modelId}/data-values", VALUE_FAMILIES, () => valuesFamilies(POST_VALUES)],
  ["PATCH /organizations/{orgaId}/models/{modelId}/data-values", VALUE_FAMILIES, () => valuesFamilies(PATCH_VALUES)],
  [
    "DELETE /organizations/{orgaId}/models/{modelId}/data-values",
    ["odd query strings", "unknown section and field ids", "odd path ids", "odd headers (If-Match)"],
    deleteFamilies,
  ],
  ["POST /organizations/{orgaId}/models/{modelId}/items", ITEM_CREATE_FAMILIES, () => itemCreateFamilies("one")],
  ["POST /organizations/{orgaId}/models/{modelId}/items/bulk", ITEM_CREATE_FAMILIES, () => itemCreateFamilies("bulk")],
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
        await fc.assert(
          fc.asyncProperty(arbitrary!, (request) => expectRejectedAndUnchanged(`${route} · ${family}`, request)),
          // Stop at the first failure: a write that slipped through changes the model every later case compares to.
          { numRuns: RUNS_PER_FAMILY, endOnFailure: true },
        );
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
    for (const method of ["POST", "PATCH"]) {
      await expectRejectedAndUnchanged("413", { method, path: dataValuesPath(world, modelId), headers: JSON_HEADERS, rawBody: body });
    }
  });

  it("after all of the above, the model and the model list are exactly as before", async () => {
    expect(await currentState()).toEqual(snapshot);
  });
});
