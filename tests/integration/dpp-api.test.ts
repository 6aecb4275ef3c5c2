import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { TModel } from "~/domain/model-schema";
import type { TPublishedVersion } from "~/domain/versions/passport-credential";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { grantToken } from "./support/grants";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The European DPP API (EN 18222 as the IDTA DPP annex maps it; docs/versions.md §DPP API) through the real routes:
 * the compressed form of each published version validates against schemas/dpp-compressed.schema.json (written from
 * IDTA 02099-1), a date between two publications reads the first, product ids resolve, grants read their level, and
 * errors carry EN 18222's Result.
 */

type Dpp = Record<string, unknown> & { digitalProductPassportId: string; contentSpecificationIds: string[]; lastUpdate: string };
type Result = { messages: { messageType: string; text: string; code: string; correlationId: string; timestamp: string }[] };

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
ajv.addFormat("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
ajv.addFormat("date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
const validateDpp = ajv.compile(JSON.parse(readFileSync("schemas/dpp-compressed.schema.json", "utf8")) as object);

let world: World;
let model: TModel;
let unpublished: TModel;
let first: TPublishedVersion;
let second: TPublishedVersion;
const uuidOf = (m: TModel) => m.uniqueProductIdentifiers[0]?.uuid ?? "";

function expectValidDpp(dpp: Dpp): void {
  expect(validateDpp(dpp), JSON.stringify(validateDpp.errors)).toBe(true);
  const contentKeys = Object.keys(dpp).filter((key) => !(key in { ...HEADER }));
  expect(contentKeys.sort()).toEqual([...dpp.contentSpecificationIds].sort());
}

const HEADER = {
  digitalProductPassportId: 1,
  uniqueProductIdentifier: 1,
  granularity: 1,
  dppSchemaVersion: 1,
  dppStatus: 1,
  lastUpdate: 1,
  economicOperatorId: 1,
  facilityId: 1,
  contentSpecificationIds: 1,
};

function expectResult(body: unknown, status: number): Result {
  const result = body as Result;
  expect(result.messages[0]).toMatchObject({ messageType: "Error", code: String(status) });
  expect(result.messages[0]?.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isNaN(Date.parse(result.messages[0]?.timestamp ?? ""))).toBe(false);
  return result;
}

/**
 * The answer as text, to look for a value in: the restricted weight is 987.65, a number no header field can hold
 * inside it (a time's seconds have two digits before the point, ids none).
 */
const valuesOf = (dpp: Dpp) => JSON.stringify(dpp);

beforeAll(async () => {
  world = await createWorld("dpp-api");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: fixtureTemplateWithAccess({ [IDS.weight]: "authority" }),
  });
  model = await postModel(world, { templateId: template.id, name: "DPP pack" });
  unpublished = await postModel(world, { templateId: template.id, name: "Never published" });
  const publish = async (name: string) => {
    const values = [dv(IDS.general, IDS.name, 0, name), dv(IDS.general, IDS.weight, 0, "987.65")];
    expect((await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: values })).status).toBe(200);
    const response = await api<TPublishedVersion>("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token });
    expect(response.status).toBe(201);
    return response.body;
  };
  first = await publish("Cell One");
  second = await publish("Cell Two");
});

describe("EN 18222 DPP API", () => {
  it("ReadDPPById answers the latest published version, compressed, valid against the schema", async () => {
    const response = await api<Dpp>("GET", `/api/v1/dpps/${uuidOf(model)}`);
    expect(response.status).toBe(200);
    expectValidDpp(response.body);
    expect(response.body).toMatchObject({
      digitalProductPassportId: uuidOf(model),
      granularity: "Model",
      dppStatus: "Active",
      lastUpdate: second.publishedAt,
      economicOperatorId: `did:web:localhost%3A3000:orgs:${world.organization.id}`,
    });
    expect(valuesOf(response.body)).toContain("Cell Two");
    // Public level: the weight is for authorities.
    expect(valuesOf(response.body)).not.toContain("987.65");
    expect(response.headers.get("cache-control")).toContain("public");
  });

  it("the DPP reads send an ETag and answer a revalidation naming it with 304, cached like the passport", async () => {
    for (const path of [
      `/api/v1/dpps/${uuidOf(model)}`,
      `/api/v1/dppsByIdAndDate/${uuidOf(model)}?date=2999-01-01T00:00:00Z`,
      `/api/v1/dppsByProductId/${encodeURIComponent(model.uniqueProductIdentifiers[0]?.value ?? "")}`,
    ]) {
      const read = await api<Dpp>("GET", path);
      expect(read.status, path).toBe(200);
      const etag = read.headers.get("etag") ?? "";
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(read.headers.get("surrogate-key"), path).toBe(`model-${model.id}`);
      const again = await api("GET", path, { headers: { "If-None-Match": etag } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("etag"), path).toBe(etag);
      expect(again.headers.get("surrogate-key"), path).toBe(`model-${model.id}`);
      const stale = await api<Dpp>("GET", path, { headers: { "If-None-Match": '"another"' } });
      expect(stale.status, path).toBe(200);
    }
    // A grant's level is another representation: another ETag, and private.
    const token = await grantToken(world, model.id, "authority");
    const authority = await api("GET", `/api/v1/dpps/${uuidOf(model)}?grant=${encodeURIComponent(token)}`);
    expect(authority.headers.get("etag")).not.toBe((await api("GET", `/api/v1/dpps/${uuidOf(model)}`)).headers.get("etag"));
    expect(authority.headers.get("surrogate-key")).toBeNull();
  });

  it("ReadDPPVersionByIdAndDate: an instant between the publications reads the first; before the first is 404", async () => {
    expect(Date.parse(second.publishedAt)).toBeGreaterThan(Date.parse(first.publishedAt));
    const between = await api<Dpp>("GET", `/api/v1/dppsByIdAndDate/${uuidOf(model)}?date=${encodeURIComponent(first.publishedAt)}`);
    expect(between.status).toBe(200);
    expectValidDpp(between.body);
    expect(valuesOf(between.body)).toContain("Cell One");
    expect(between.body.lastUpdate).toBe(first.publishedAt);
    const later = await api<Dpp>("GET", `/api/v1/dppsByIdAndDate/${uuidOf(model)}?date=2999-01-01T00:00:00Z`);
    expect(valuesOf(later.body)).toContain("Cell Two");
    const before = new Date(Date.parse(first.publishedAt) - 1).toISOString();
    const none = await api("GET", `/api/v1/dppsByIdAndDate/${uuidOf(model)}?date=${encodeURIComponent(before)}`);
    expect(none.status).toBe(404);
    expectResult(none.body, 404);
    const bad = await api("GET", `/api/v1/dppsByIdAndDate/${uuidOf(model)}?date=yesterday`);
    expect(bad.status).toBe(400);
    expect(expectResult(bad.body, 400).messages.length).toBeGreaterThan(1);
  });

  it("a grant reads its level; a never-published passport and an unknown id are 404", async () => {
    const token = await grantToken(world, model.id, "authority");
    const authority = await api<Dpp>("GET", `/api/v1/dpps/${uuidOf(model)}?grant=${encodeURIComponent(token)}`);
    expect(authority.status).toBe(200);
    expectValidDpp(authority.body);
    expect(valuesOf(authority.body)).toContain("987.65");
    expect(authority.headers.get("cache-control")).toContain("private");
    expectResult((await api("GET", `/api/v1/dpps/${uuidOf(unpublished)}`)).body, 404);
    expectResult((await api("GET", `/api/v1/dpps/${crypto.randomUUID()}`)).body, 404);
    const unknown = await api("GET", `/api/v1/dpps/${uuidOf(model)}?representation=expanded`);
    expect(unknown.status).toBe(400);
    expectResult(unknown.body, 400);
  });

  it("?representation=full answers the header and the version's AAS submodels, which verify, by id and by date", async () => {
    type Full = Dpp & { submodels: { modelType: string }[] };
    const full = await api<Full>("GET", `/api/v1/dpps/${uuidOf(model)}?representation=full`);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ digitalProductPassportId: uuidOf(model), granularity: "Model", lastUpdate: second.publishedAt });
    expect(full.body.submodels.length).toBeGreaterThan(0);
    expect(full.body.submodels.every((s) => s.modelType === "Submodel")).toBe(true);
    expect(verificationErrors({ submodels: full.body.submodels })).toEqual([]);
    expect(valuesOf(full.body)).toContain("Cell Two");
    expect(valuesOf(full.body)).not.toContain("987.65");
    // The compressed form's content keys (a semanticId, else the submodel id) name the full form's submodels.
    const keys = full.body.submodels.map((s) => JSON.stringify(s));
    for (const id of full.body.contentSpecificationIds)
      expect(
        keys.some((key) => key.includes(id)),
        id,
      ).toBe(true);
    const query = `?date=${encodeURIComponent(first.publishedAt)}&representation=full`;
    const byDate = await api<Full>("GET", `/api/v1/dppsByIdAndDate/${uuidOf(model)}${query}`);
    expect(byDate.status).toBe(200);
    expect(verificationErrors({ submodels: byDate.body.submodels })).toEqual([]);
    expect(valuesOf(byDate.body)).toContain("Cell One");
    const token = await grantToken(world, model.id, "authority");
    const authority = await api<Full>("GET", `/api/v1/dpps/${uuidOf(model)}?representation=full&grant=${encodeURIComponent(token)}`);
    expect(valuesOf(authority.body)).toContain("987.65");
  });

  it("ReadDPPByProductId and ReadDPPIdsByProductIds resolve identifier values and page URLs", async () => {
    const value = model.uniqueProductIdentifiers[0]?.value ?? "";
    const byValue = await api<Dpp>("GET", `/api/v1/dppsByProductId/${encodeURIComponent(value)}`);
    expect(byValue.status).toBe(200);
    expect(byValue.body.digitalProductPassportId).toBe(uuidOf(model));
    const pageUrl = `https://passports.example.com/p/${uuidOf(model)}`;
    const byUrl = await api<Dpp>("GET", `/api/v1/dppsByProductId/${encodeURIComponent(pageUrl)}`);
    expect(byUrl.body.digitalProductPassportId).toBe(uuidOf(model));
    expectResult(
      (await api("GET", `/api/v1/dppsByProductId/${encodeURIComponent(unpublished.uniqueProductIdentifiers[0]?.value ?? "")}`)).body,
      404,
    );

    const productIds = [value, "no-such-product", pageUrl];
    const page1 = await api<{ result: { productId: string; dppIds: string[] }[]; paging_metadata: { cursor?: string } }>(
      "POST",
      "/api/v1/dppsByProductIds",
      { body: { productIds, limit: 2 } },
    );
    expect(page1.status).toBe(200);
    expect(page1.body.result).toEqual([
      { productId: value, dppIds: [uuidOf(model)] },
      { productId: "no-such-product", dppIds: [] },
    ]);
    const page2 = await api<typeof page1.body>("POST", "/api/v1/dppsByProductIds", {
      body: { productIds, limit: 2, cursor: page1.body.paging_metadata.cursor },
    });
    expect(page2.body).toEqual({ result: [{ productId: pageUrl, dppIds: [uuidOf(model)] }], paging_metadata: {} });
    const invalid = await api("POST", "/api/v1/dppsByProductIds", { body: { productIds: [] } });
    expect(invalid.status).toBe(400);
    expectResult(invalid.body, 400);
  });
});
