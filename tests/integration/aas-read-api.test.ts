import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import { encodeCursor } from "~/domain/page-cursor";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { getConfig } from "~/server/config";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { grantToken } from "./support/grants";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api, type ApiResponse } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The AAS read API (docs/aas.md §Read API). `api()` checks every answer here against the IDTA's OpenAPI files of the
 * read profiles (support/aas-openapi.ts: status and body, errors included), and every shell, submodel and environment
 * returned goes through the reference verifier.
 */

type Shell = { id: string; idShort: string; assetInformation: { globalAssetId: string }; submodels?: unknown[] };
type Submodel = { id: string; idShort: string; submodelElements?: { idShort?: string; value?: unknown }[] };
type Paged<T> = { paging_metadata: { cursor?: string }; result: T };
type Result = { messages: { code: string; text: string }[] };

let world: World;
let other: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("aas-read");
  other = await createWorld("aas-read-other");
  const access = { [IDS.manual]: "legitimate-interest", [IDS.health]: "authority" };
  const definition = fixtureTemplateWithAccess(access);
  templateId = (await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition })).id;
});

const b64 = encodeAasIdentifier;
const BASE = "/api/aas";
const shellIdOf = (modelId: string, itemId?: string) =>
  `http://localhost:3000/aas/models/${modelId}${itemId ? `/items/${itemId}` : ""}`;

/** A GET of the AAS API whose answer's shells, submodels and environments all verify with zero errors. */
async function aas<T>(path: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
  const response = await api<T>("GET", `${BASE}${path}`, options);
  if (response.status === 200) expect(verificationErrors(environmentOf(path, response.body)), path).toEqual([]);
  return response;
}

/** What an answer holds, as an environment the verifier takes. */
function environmentOf(path: string, body: unknown): unknown {
  const object = body as Record<string, unknown>;
  if (path.startsWith("/serialization")) return body;
  const result = (object.result ?? [object]) as Record<string, unknown>[];
  if (!Array.isArray(result)) return {};
  const shells = result.filter((r) => r.modelType === "AssetAdministrationShell");
  const submodels = result.filter((r) => r.modelType === "Submodel");
  return { ...(shells.length > 0 && { assetAdministrationShells: shells }), ...(submodels.length > 0 && { submodels }) };
}

/** A listing cursor at the model's own shell, so a page reads this file's data only (positions: read-aas-api.ts). */
function ownShell(modelId: string): string {
  return encodeURIComponent(encodeCursor({ kind: "model", from: modelId, skip: 0 }));
}

async function filledModel(w: World = world, template: string = templateId): Promise<{ model: TModel; item: TItem }> {
  const model = await postModel(w, { templateId: template, name: "Größe Pack" });
  const values = [dv(IDS.general, IDS.name, 0, "Cell pack"), dv(IDS.general, IDS.manual, 0, "https://example.com/manual.pdf")];
  expect((await api("PATCH", dataValuesPath(w, model.id), { token: w.token, body: values })).status).toBe(200);
  const rows = [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.substance, 1, "Cadmium")];
  expect((await api("POST", dataValuesPath(w, model.id), { token: w.token, body: rows })).status).toBe(201);
  const item = (await api<TItem>("POST", `${modelPath(w, model.id)}/items`, { token: w.token })).body;
  const itemValues = [dv(IDS.general, IDS.serial, 0, "SN-1"), dv(IDS.item, IDS.health, 0, "97")];
  const patched = await api("PATCH", `${modelPath(w, model.id)}/items/${item.id}/data-values`, { token: w.token, body: itemValues });
  expect(patched.status).toBe(200);
  return { model, item };
}

const elementsOf = (submodels: Submodel[]) => submodels.flatMap((s) => (s.submodelElements ?? []).map((e) => e.idShort));

async function submodelsOf(shellId: string, token?: string): Promise<Submodel[]> {
  const refs = await aas<Paged<{ keys: { value: string }[] }[]>>(`/shells/${b64(shellId)}/submodel-refs`, { token });
  expect(refs.status).toBe(200);
  const submodels: Submodel[] = [];
  for (const ref of refs.body.result) {
    const submodelId = ref.keys[0]?.value ?? "";
    const response = await aas<Submodel>(`/shells/${b64(shellId)}/submodels/${b64(submodelId)}`, { token });
    expect(response.status).toBe(200);
    submodels.push(response.body);
  }
  return submodels;
}

describe("shells", () => {
  it("answers a shell and its parts to anyone at the public level, and to the owner's key at member level", async () => {
    const { model, item } = await filledModel();
    const shellId = shellIdOf(model.id);
    const shell = await aas<Shell>(`/shells/${b64(shellId)}`);
    expect(shell.status).toBe(200);
    expect(shell.body).toMatchObject({ id: shellId, assetInformation: { assetKind: "Type" } });
    expect(shell.headers.get("etag")).toMatch(/^"aas-.+-public"$/);
    expect(shell.headers.get("cache-control")).toContain("public");
    const again = await api("GET", `${BASE}/shells/${b64(shellId)}`, {
      headers: { "if-none-match": shell.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);

    const info = await aas<{ globalAssetId: string }>(`/shells/${b64(shellId)}/asset-information`);
    expect(info.body.globalAssetId).toBe(shell.body.assetInformation.globalAssetId);
    expect((await aas(`/shells/${b64(shellId)}/$reference`)).body).toEqual({
      type: "ModelReference",
      keys: [{ type: "AssetAdministrationShell", value: shellId }],
    });

    // The manual is for legitimate interest: hidden from the public, shown to a member and to the owner's key.
    expect(elementsOf(await submodelsOf(shellId))).not.toContain("Manual");
    expect(elementsOf(await submodelsOf(shellId, world.token))).toContain("Manual");
    expect(elementsOf(await submodelsOf(shellId, other.token))).not.toContain("Manual");
    const member = await aas<Shell>(`/shells/${b64(shellId)}`, { token: world.token });
    expect(member.headers.get("etag")).toMatch(/-member"$/);
    expect(member.headers.get("cache-control")).toContain("private");

    const itemShell = await aas<Shell & { derivedFrom: unknown }>(`/shells/${b64(shellIdOf(model.id, item.id))}`);
    expect(itemShell.body).toMatchObject({ assetInformation: { assetKind: "Instance" } });
    expect(elementsOf(await submodelsOf(shellIdOf(model.id, item.id), world.token))).toContain("StateOfHealth");
    expect(elementsOf(await submodelsOf(shellIdOf(model.id, item.id)))).not.toContain("StateOfHealth");
  });

  it("opens the grant's level with ?grant=, as on the passport", async () => {
    const { model } = await filledModel();
    const created = await api<{ token: string }>("POST", `${modelPath(world, model.id)}/access-grants`, {
      token: world.token,
      body: { level: "legitimate-interest", partyName: "Recycler GmbH", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(created.status).toBe(201);
    const shellId = shellIdOf(model.id);
    const general = await aas<Submodel>(
      `/shells/${b64(shellId)}/submodels/${b64(`${shellId}/submodels/${IDS.general}`)}?grant=${encodeURIComponent(created.body.token)}`,
    );
    expect(general.status).toBe(200);
    expect(general.headers.get("etag")).toMatch(/-legitimate-interest"$/);
    expect(elementsOf([general.body])).toContain("Manual");
    const refused = await aas<Submodel>(`/submodels/${b64(`${shellId}/submodels/${IDS.general}`)}?grant=not-a-grant`);
    expect(elementsOf([refused.body])).not.toContain("Manual");
    expect(refused.headers.get("cache-control")).toContain("private");
  });

  it("pages all shells with limit and a stable cursor, each once", async () => {
    await filledModel();
    await filledModel();
    // A one-letter name: its shell's idShort must still meet V3.1's pattern (two characters at the least).
    const oneLetter = await postModel(world, { name: "X" });
    expect((await aas<Shell>(`/shells/${b64(shellIdOf(oneLetter.id))}`)).body.idShort).toBe("X_");
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 200; page++) {
      const response = await aas<Paged<Shell[]>>(`/shells?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status).toBe(200);
      expect(response.body.result.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.result.map((s) => s.id));
      cursor = response.body.paging_metadata.cursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const refs = await aas<Paged<unknown[]>>("/shells/$reference?limit=3");
    expect(refs.body.result).toHaveLength(3);
  });

  it("shows a write on the next read", async () => {
    const { model } = await filledModel();
    const shellId = shellIdOf(model.id);
    const path = `/shells/${b64(shellId)}/submodels/${b64(`${shellId}/submodels/${IDS.general}`)}/submodel-elements/ProductName/$value`;
    expect((await aas(path)).body).toBe("Cell pack");
    await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, "Cell pack 2")] });
    expect((await aas(path)).body).toBe("Cell pack 2");
  });
});

describe("submodels and their elements", () => {
  it("serves a submodel with $metadata, $value, $reference, $path, and its elements by idShort path", async () => {
    const { model } = await filledModel();
    const shellId = shellIdOf(model.id);
    const submodelId = `${shellId}/submodels/${IDS.substances}`;
    const at = `/submodels/${b64(submodelId)}`;
    const submodel = await aas<Submodel>(at, { token: world.token });
    expect(submodel.status).toBe(200);
    const metadata = await aas<Record<string, unknown>>(`${at}/$metadata`, { token: world.token });
    expect(metadata.body.submodelElements).toBeUndefined();
    expect(metadata.body.id).toBe(submodelId);
    const value = await aas<Record<string, unknown>>(`${at}/$value`, { token: world.token });
    expect(JSON.stringify(value.body)).toContain("Cadmium");
    expect((await aas(`${at}/$reference`)).body).toEqual({ type: "ModelReference", keys: [{ type: "Submodel", value: submodelId }] });
    const paths = await aas<string[]>(`${at}/$path`, { token: world.token });
    expect(paths.body.length).toBeGreaterThan(1);
    const listPath = paths.body.find((p) => p.endsWith("[1]")) ?? "";
    const row = await aas<Record<string, unknown>>(`${at}/submodel-elements/${encodeURIComponent(listPath)}`, { token: world.token });
    expect(row.status).toBe(200);
    expect(row.body.modelType).toBe("SubmodelElementCollection");

    const elements = await aas<Paged<unknown[]>>(`${at}/submodel-elements?limit=1`, { token: world.token });
    expect(elements.body.result).toHaveLength(1);
    const general = `/submodels/${b64(`${shellId}/submodels/${IDS.general}`)}`;
    const firstPage = await aas<Paged<unknown[]>>(`${general}/submodel-elements?limit=1`);
    const secondPage = await aas<Paged<unknown[]>>(
      `${general}/submodel-elements?limit=1&cursor=${firstPage.body.paging_metadata.cursor}`,
    );
    expect(secondPage.body.result).not.toEqual(firstPage.body.result);
    for (const modifier of ["$metadata", "$reference", "$path"]) {
      expect((await aas(`${general}/submodel-elements/${modifier}`)).status).toBe(200);
    }
    expect((await aas(`${general}/submodel-elements/ProductName/$metadata`)).status).toBe(200);
    expect((await aas(`${general}/submodel-elements/ProductName/$reference`)).status).toBe(200);
    expect((await aas(`${general}/submodel-elements/ProductName/$path`)).body).toEqual(["ProductName"]);
    expect((await aas(`${general}?level=core`)).status).toBe(200);
  });

  it("pages all submodels, and answers /serialization as one environment that verifies", async () => {
    const { model, item } = await filledModel();
    // The pages start at this test's model (a cursor at its shell): the PostgreSQL suite shares one database, and a
    // listing from the start would build whatever other files' models come first (one has 100,000 values).
    const from = ownShell(model.id);
    const first = await aas<Paged<Submodel[]>>(`/submodels?limit=1&cursor=${from}`);
    const ownSubmodel = (s: Submodel) => s.id.startsWith(`${shellIdOf(model.id)}/submodels/`);
    expect(first.body.result).toHaveLength(1);
    expect(first.body.result.every(ownSubmodel)).toBe(true);
    // The model's shell holds two submodels (General, and the substances), so the next page is its second.
    const next = await aas<Paged<Submodel[]>>(`/submodels?limit=1&cursor=${first.body.paging_metadata.cursor ?? ""}`);
    expect(next.body.result).toHaveLength(1);
    expect(next.body.result.every(ownSubmodel)).toBe(true);
    expect(next.body.result.map((s) => s.id)).not.toContain(first.body.result[0]?.id);
    expect((await aas(`/submodels/$metadata?limit=1&cursor=${from}`)).status).toBe(200);
    expect((await aas(`/submodels/$reference?limit=1&cursor=${from}`)).status).toBe(200);
    expect((await aas(`/submodels/$value?limit=1&cursor=${from}`)).status).toBe(200);
    const shellId = shellIdOf(model.id);
    const query = `aasIds=${b64(shellId)}&aasIds=${b64(shellIdOf(model.id, item.id))}&submodelIds=${b64(`${shellId}/submodels/${IDS.general}`)}`;
    const environment = await aas<{ assetAdministrationShells: unknown[]; submodels: unknown[] }>(`/serialization?${query}`, {
      token: world.token,
    });
    expect(environment.status).toBe(200);
    expect(environment.body.assetAdministrationShells).toHaveLength(2);
    expect(environment.body.submodels).toHaveLength(1);
  });

  it("keeps every answer within AAS_ANSWER_MAX_BYTES: a page stops early with a cursor, a serialization past it is a 400", async () => {
    const { model } = await filledModel();
    const config = getConfig();
    const budget = config.AAS_ANSWER_MAX_BYTES;
    // Smaller than two submodels, larger than none: a page of one.
    config.AAS_ANSWER_MAX_BYTES = 1;
    try {
      const page = await aas<Paged<Submodel[]>>(`/submodels?limit=50&cursor=${ownShell(model.id)}`);
      expect(page.status).toBe(200);
      expect(page.body.result).toHaveLength(1);
      expect(page.body.paging_metadata.cursor).toBeDefined();
      const next = await aas<Paged<Submodel[]>>(`/submodels?limit=50&cursor=${page.body.paging_metadata.cursor}`);
      expect(next.body.result).toHaveLength(1);
      expect(next.body.result[0]?.id).not.toBe(page.body.result[0]?.id);
      const shellId = shellIdOf(model.id);
      const refused = await aas<Result>(`/serialization?aasIds=${b64(shellId)}`);
      expect(refused.status).toBe(400);
      expect(refused.body.messages[0]?.text).toContain("ask for fewer ids");
    } finally {
      config.AAS_ANSWER_MAX_BYTES = budget;
    }
  });
});

describe("discovery and description", () => {
  it("finds a shell by its globalAssetId, lists its asset links, and describes the profiles", async () => {
    const { model } = await filledModel();
    const shellId = shellIdOf(model.id);
    const shell = await aas<Shell>(`/shells/${b64(shellId)}`);
    const assetId = b64(JSON.stringify({ name: "globalAssetId", value: shell.body.assetInformation.globalAssetId }));
    expect((await aas<Paged<string[]>>(`/lookup/shells?assetIds=${assetId}`)).body.result).toEqual([shellId]);
    expect((await aas<Paged<Shell[]>>(`/shells?assetIds=${assetId}`)).body.result.map((s) => s.id)).toEqual([shellId]);
    expect((await aas(`/lookup/shells/${b64(shellId)}`)).body).toEqual([
      { name: "globalAssetId", value: shell.body.assetInformation.globalAssetId },
    ]);
    const unknown = b64(JSON.stringify({ name: "globalAssetId", value: "https://example.com/nothing" }));
    expect((await aas<Paged<string[]>>(`/lookup/shells?assetIds=${unknown}`)).body.result).toEqual([]);
    // V3.1's form of the same search: the asset links in the body of a POST.
    const lookup = (body: unknown) => api<Paged<string[]>>("POST", `${BASE}/lookup/shellsByAssetLink`, { body });
    const byLink = await lookup([{ name: "globalAssetId", value: shell.body.assetInformation.globalAssetId }]);
    expect(byLink.status).toBe(200);
    expect(byLink.body.result).toEqual([shellId]);
    expect((await lookup([{ name: "globalAssetId", value: "https://example.com/nothing" }])).body.result).toEqual([]);
    expect((await lookup([])).status).toBe(400);
    expect((await lookup([{ name: "", value: "x" }])).status).toBe(400);
    expect((await lookup({ name: "globalAssetId" })).status).toBe(400);
    const description = await aas<{ profiles: string[] }>("/description");
    expect(description.body.profiles).toContain(
      "https://admin-shell.io/aas/API/3/1/AssetAdministrationShellRepositoryServiceSpecification/SSP-002",
    );
  });
});

describe("errors are the profiles' Result", () => {
  it("answers 400 to an identifier or cursor that is not base64url, 404 to an unknown id or path", async () => {
    const { model } = await filledModel();
    const cases: [string, number][] = [
      ["/shells/not*base64", 400],
      ["/submodels/%C3%A9", 400],
      ["/shells?cursor=garbage!", 400],
      ["/shells?cursor=abc", 400],
      ["/shells?limit=0", 400],
      [`/shells/${b64("https://example.com/unknown")}`, 404],
      [`/shells/${b64(shellIdOf(crypto.randomUUID()))}`, 404],
      [`/shells/${b64(shellIdOf(model.id))}/submodels/${b64(`${shellIdOf(crypto.randomUUID())}/submodels/x`)}`, 404],
      [`/submodels/${b64(`${shellIdOf(model.id)}/submodels/${crypto.randomUUID()}`)}`, 404],
      [`/submodels/${b64(`${shellIdOf(model.id)}/submodels/${IDS.general}`)}/submodel-elements/NoSuchThing`, 404],
      ["/serialization", 400],
      ["/lookup/shells", 400],
      ["/no-such-resource", 404],
    ];
    for (const [path, status] of cases) {
      const response = await aas<Result>(path);
      expect(response.status, path).toBe(status);
      expect(response.body.messages[0]?.code, path).toBe(String(status));
    }
    const badKey = await api<Result>("GET", `${BASE}/shells`, { token: "not-a-key" });
    expect(badKey.status).toBe(401);
  });

  it("answers a method a path does not serve with 405, the path's Allow and the API's error body with the Result", async () => {
    const cases: [method: string, path: string, allow: string][] = [
      ["POST", "/shells", "GET, HEAD"],
      ["PUT", "/shells", "GET, HEAD"],
      ["DELETE", "/submodels", "GET, HEAD"],
      ["OPTIONS", "/shells", "GET, HEAD"],
      ["PUT", "/lookup/shellsByAssetLink", "POST"],
      ["OPTIONS", "/lookup/shellsByAssetLink", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await api<Record<string, unknown>>(method, `${BASE}${path}`, { body: {} });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(response.body, `${method} ${path}`).toMatchObject({
        statusCode: 405,
        error: "Method Not Allowed",
        message: expect.stringContaining(allow) as unknown,
        messages: [{ code: "405", messageType: "Error" }],
      });
    }
  });
});

describe("published versions (docs/versions.md §The AAS of a published version)", () => {
  it("shows readers the latest published version, members the working copy, through shells, submodels and serialization", async () => {
    const { model, item } = await filledModel();
    const shellId = shellIdOf(model.id);
    for (const path of [modelPath(world, model.id), `${modelPath(world, model.id)}/items/${item.id}`]) {
      const published = await api("POST", `${path}/passport-versions`, { token: world.token });
      expect(published.status, JSON.stringify(published.body)).toBe(201);
    }
    const edit = [dv(IDS.general, IDS.name, 0, "Edited pack"), dv(IDS.general, IDS.manual, 0, "https://example.com/edited.pdf")];
    expect((await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: edit })).status).toBe(200);
    const grant = await grantToken(world, model.id, "legitimate-interest");

    // Anonymous: the published values, at the public level (no manual); every answer verifies (aas()).
    const anonymous = JSON.stringify(await submodelsOf(shellId));
    expect(anonymous).toContain("Cell pack");
    expect(anonymous).not.toContain("Edited pack");
    expect(elementsOf(await submodelsOf(shellId))).not.toContain("Manual");
    const shell = await aas<Shell>(`/shells/${b64(shellId)}`);
    expect(shell.headers.get("etag")).toMatch(/-public-published1"$/);
    // The item's passport shows its model's values as they were at the item's publication.
    expect(JSON.stringify(await submodelsOf(shellIdOf(model.id, item.id)))).toContain("Cell pack");

    // A grant's reader: the published version at the grant's level (the manual as published).
    const general = `/submodels/${b64(`${shellId}/submodels/${IDS.general}`)}`;
    const granted = await aas<Submodel>(`${general}?grant=${encodeURIComponent(grant)}`);
    expect(granted.status).toBe(200);
    expect(JSON.stringify(granted.body)).toContain("https://example.com/manual.pdf");
    expect(JSON.stringify(granted.body)).not.toContain("Edited pack");

    // A member: the working copy, marked as a draft in its ETag.
    const member = await aas<Shell>(`/shells/${b64(shellId)}`, { token: world.token });
    expect(member.headers.get("etag")).toMatch(/-member-draft1"$/);
    expect(JSON.stringify(await submodelsOf(shellId, world.token))).toContain("Edited pack");

    // The serialization of the shell and its submodel: the published version too, and it verifies.
    const query = `?aasIds=${b64(shellId)}&submodelIds=${b64(`${shellId}/submodels/${IDS.general}`)}`;
    const environment = await aas(`/serialization${query}`);
    expect(environment.status).toBe(200);
    expect(JSON.stringify(environment.body)).toContain("Cell pack");
    expect(JSON.stringify(environment.body)).not.toContain("Edited pack");

    // Publishing again brings the edit to readers.
    expect((await api("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token })).status).toBe(201);
    expect(JSON.stringify(await submodelsOf(shellId))).toContain("Edited pack");
  });
});
