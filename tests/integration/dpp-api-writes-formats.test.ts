import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import { createOutsider, modelPath } from "./support/actors";
import { IDS } from "./support/fixture-template";
import { api, type ApiResponse, type CallOptions, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The DPP API's member writes against the schemas and the other formats (docs/versions.md §DPP API writes): every
 * error answer of a write route is an EN 18222 Result (schemas/dpp-result.schema.json), the working copy a PATCH
 * answers is value-only content (schemas/dpp-compressed.schema.json), and a merge patch, once published, is what the
 * anonymous reader gets through every format — the DPP API, the passport JSON, the AAS read API, the signed version.
 */

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
const compressedSchema = JSON.parse(readFileSync("schemas/dpp-compressed.schema.json", "utf8")) as { $id?: string };
ajv.addSchema(compressedSchema, "dpp-compressed");
const validateResult = ajv.compile(JSON.parse(readFileSync("schemas/dpp-result.schema.json", "utf8")) as object);
const validateDpp = ajv.getSchema("dpp-compressed")!;
const validateContent = ajv.compile({ $ref: "dpp-compressed#/$defs/valueOnlyCollection" });

type Created = { dppId: string; organizationId: string; modelId: string; version: number };

let world: World;
let dpp: Created;
let general: string;
let shellId: string;

const MERGE_PATCH = { "content-type": "application/merge-patch+json" };
const dppPath = (dppId: string) => `/api/v1/dpps/${dppId}`;

/** An error answer: its status, and its body an EN 18222 Result. */
function expectResult(response: ApiResponse<unknown>, status: number): void {
  expect(response.status).toBe(status);
  expect(validateResult(response.body), JSON.stringify(validateResult.errors)).toBe(true);
}

/** A member's merge patch of the DPP; a success answers the working copy, whose content is value-only. */
async function patch(body: unknown, options: CallOptions = {}): Promise<ApiResponse<Record<string, unknown>>> {
  const response = await api<Record<string, unknown>>("PATCH", dppPath(dpp.dppId), {
    token: world.token,
    body,
    ...options,
    headers: { ...MERGE_PATCH, ...options.headers },
  });
  if (response.status === 200) {
    const { digitalProductPassportId, version, ...content } = response.body;
    expect(digitalProductPassportId).toBe(dpp.dppId);
    expect(typeof version).toBe("number");
    for (const value of Object.values(content)) expect(validateContent(value), JSON.stringify(validateContent.errors)).toBe(true);
  }
  return response;
}

async function publish(): Promise<void> {
  const published = await api("POST", `${modelPath(world, dpp.modelId)}/passport-versions`, { token: world.token });
  expect(published.status).toBe(201);
}

/** A public route outside /api (not in the OpenAPI document `api()` checks answers against). */
async function page<T = unknown>(path: string): Promise<T> {
  const response = await dispatch(new Request(new URL(path, "http://localhost:3000")));
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The product name as each anonymous format shows it. */
async function anonymousNames(): Promise<Record<string, unknown>> {
  const read = await api<Record<string, Record<string, unknown>>>("GET", dppPath(dpp.dppId));
  expect(read.status).toBe(200);
  expect(validateDpp(read.body), JSON.stringify(validateDpp.errors)).toBe(true);
  const element = await api("GET", `${dppPath(dpp.dppId)}/elements/General.ProductName`);
  const passport = await api("GET", `/api/product-passports/${dpp.dppId}`);
  const submodel = encodeAasIdentifier(`${shellId}/submodels/${IDS.general}`);
  const aas = await api(
    "GET",
    `/api/aas/shells/${encodeAasIdentifier(shellId)}/submodels/${submodel}/submodel-elements/ProductName/$value`,
  );
  const list = (await page<{ versions: { version: number }[] }>(`/p/${dpp.dppId}/versions`)).versions;
  const credential = await page(`/p/${dpp.dppId}/versions/${Math.max(...list.map((v) => v.version))}`);
  return {
    dpp: read.body[general]?.ProductName,
    element: element.body,
    passport: JSON.stringify(passport.body).includes(`"${String(read.body[general]?.ProductName)}"`),
    aas: aas.body,
    credential: JSON.stringify(credential).includes(`"${String(read.body[general]?.ProductName)}"`),
  };
}

beforeAll(async () => {
  world = await createWorld("dpp-writes-formats");
  const created = await api<Created>("POST", "/api/v1/dpps", {
    token: world.token,
    body: { organizationId: world.organization.id, model: { name: "Formats", templateId: world.template.id } },
  });
  expect(created.status).toBe(201);
  dpp = created.body;
  shellId = `http://localhost:3000/aas/models/${dpp.modelId}`;
  general = `${shellId}/submodels/${IDS.general}`;
});

describe("DPP API writes: schemas", () => {
  it("every error answer of a write route is an EN 18222 Result", async () => {
    expectResult(await api("POST", "/api/v1/dpps", { token: world.token, body: { organizationId: world.organization.id } }), 400);
    expectResult(await api("POST", "/api/v1/dpps", { body: { organizationId: world.organization.id, modelId: dpp.modelId } }), 401);
    expectResult(await patch({ [general]: { Weight: "heavy", Nothing: 1 }, dppStatus: "Inactive" }), 400);
    expectResult(await patch([1]), 400);
    expectResult(await patch({}, { headers: { "if-match": '"999"' } }), 412);
    expectResult(await patch({}, { headers: { "content-type": "text/plain" } }), 415);
    expectResult(await api("PATCH", dppPath(crypto.randomUUID()), { token: world.token, body: {}, headers: MERGE_PATCH }), 404);
    const outsider = await createOutsider();
    expectResult(await patch({}, { token: outsider.token }), 403);
    expectResult(await api("DELETE", dppPath(dpp.dppId), { token: outsider.token }), 403);
    const element = `${dppPath(dpp.dppId)}/elements/General.Nothing`;
    expectResult(await api("GET", element, { token: world.token }), 404);
    expectResult(await api("PATCH", element, { token: world.token, body: 1, headers: MERGE_PATCH }), 404);
    expectResult(await api("GET", `${dppPath(dpp.dppId)}/elements/${encodeURIComponent("not a path")}`), 400);
  });

  it("the problems of a large invalid patch are bounded, one Result message each, and nothing is stored", async () => {
    const before = (await patch({})).body;
    const invalid = Object.fromEntries(Array.from({ length: 300 }, (_, n) => [`Nothing${n}`, n]));
    const response = await patch({ [general]: { ...invalid, ProductName: "Never stored" } });
    expectResult(response, 400);
    const body = response.body as unknown as { issues: unknown[]; messages: unknown[] };
    expect(body.issues).toHaveLength(100);
    expect(body.messages).toHaveLength(101);
    expect((await patch({})).body).toEqual(before);
  });
});

describe("DPP API writes: every format", () => {
  it("a merge patch is the anonymous reader's once published, through every format, and not before", async () => {
    const written = await patch({ [general]: { ProductName: "Patched pack", Weight: 42 } });
    expect(written.status).toBe(200);
    expect(written.body[general]).toMatchObject({ ProductName: "Patched pack", Weight: 42 });
    expectResult(await api("GET", dppPath(dpp.dppId)), 404);
    // Members see the working copy at once, through the element read and the model route.
    expect((await api("GET", `${dppPath(dpp.dppId)}/elements/General.ProductName`, { token: world.token })).body).toBe("Patched pack");
    const model = await api("GET", modelPath(world, dpp.modelId), { token: world.token });
    expect(JSON.stringify(model.body)).toContain('"Patched pack"');

    await publish();
    expect(await anonymousNames()).toEqual({
      dpp: "Patched pack",
      element: "Patched pack",
      passport: true,
      aas: "Patched pack",
      credential: true,
    });

    // The next patch stays the working copy's until the next publication.
    expect((await patch({ [general]: { ProductName: "Second pack" } })).status).toBe(200);
    // Every format, the AAS read API included, keeps serving the published version to readers (docs/versions.md).
    expect(await anonymousNames()).toEqual({
      dpp: "Patched pack",
      element: "Patched pack",
      passport: true,
      aas: "Patched pack",
      credential: true,
    });
    await publish();
    expect(await anonymousNames()).toEqual({
      dpp: "Second pack",
      element: "Second pack",
      passport: true,
      aas: "Second pack",
      credential: true,
    });
  });
});
