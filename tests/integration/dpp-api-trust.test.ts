import { beforeAll, describe, expect, it } from "vitest";
import * as resolveSerial from "~/app/01/[gtin]/21/[serial]/route";
import { OPERATOR } from "~/domain/actor";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TPublishedVersion } from "~/domain/versions/passport-credential";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import { modelPath, postModel } from "./support/actors";
import { grantToken } from "./support/grants";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Trust in what the DPP API and the version routes answer (docs/versions.md §DPP API, docs/gs1.md): a GS1 key is
 * answered by the organization whose company prefix is verified, never a squatter; a version's header is the one
 * frozen at its publication; a date PostgreSQL cannot hold is a 400; an answer to a request with a grant, even a
 * refused one, is never shared-cacheable.
 */

type Dpp = { digitalProductPassportId: string; economicOperatorId: string; facilityId?: string; lastUpdate: string };
type DppIds = { result: { productId: string; dppIds: string[] }[] };

let owner: World;
let squatter: World;
/** A 7-digit GS1 company prefix of this run, verified for `owner` (docs/gs1.md, Who may resolve a GTIN). */
const PREFIX = `8${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;

function gtinOf(serial: number): string {
  const body = `0${PREFIX}${String(serial).padStart(5, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}

async function createItem(world: World, modelId: string, value: string): Promise<TItem> {
  const created = await api<TItem>("POST", `${modelPath(world, modelId)}/items`, {
    token: world.token,
    body: { uniqueProductIdentifiers: [{ value }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function publishItem(world: World, item: TItem): Promise<TPublishedVersion> {
  const published = await api<TPublishedVersion>("POST", `${modelPath(world, item.modelId)}/items/${item.id}/passport-versions`, {
    token: world.token,
  });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
  return published.body;
}

async function publishModel(world: World, model: TModel): Promise<TPublishedVersion> {
  const published = await api<TPublishedVersion>("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
  return published.body;
}

/** A GET through the route modules, for the public routes outside /api as well (no OpenAPI document covers those). */
async function get(path: string): Promise<Response> {
  const request = new Request(new URL(path, "http://localhost:3000"));
  return dispatch(request);
}

const byProductId = (productId: string) => api<Dpp>("GET", `/api/v1/dppsByProductId/${encodeURIComponent(productId)}`);

beforeAll(async () => {
  owner = await createWorld("dpp-trust-owner");
  squatter = await createWorld("dpp-trust-squatter");
  await addGs1Prefix({ actor: OPERATOR, organizationId: owner.organization.id, prefix: PREFIX });
});

describe("ReadDPPByProductId: the verified prefix decides", () => {
  it("never hands out a squatter's passport for a GTIN under another organization's verified prefix", async () => {
    const gtin = gtinOf(Math.floor(Math.random() * 1e5));
    const key = `(01)${gtin}(21)SQ1`;
    const squat = await createItem(squatter, (await postModel(squatter)).id, key);
    await publishItem(squatter, squat);
    const forms = [key, `https://id.example.com/01/${gtin}/21/SQ1`, `/01/${gtin}/21/SQ1`];
    for (const form of forms) expect((await byProductId(form)).status, form).toBe(404);

    // The owner holds the key but has not published: still none, as the resolver leads only to the owner's passport.
    const own = await createItem(owner, (await postModel(owner)).id, key);
    expect((await byProductId(key)).status).toBe(404);

    await publishItem(owner, own);
    const ownDppId = own.uniqueProductIdentifiers[0]?.uuid;
    for (const form of forms) {
      const answer = await byProductId(form);
      expect(answer.status, form).toBe(200);
      expect(answer.body.digitalProductPassportId).toBe(ownDppId);
    }
    const ids = await api<DppIds>("POST", "/api/v1/dppsByProductIds", { body: { productIds: forms } });
    expect(ids.status).toBe(200);
    expect(ids.body.result.map((r) => r.dppIds)).toEqual(forms.map(() => [ownDppId]));
    // The GS1 resolver agrees: the same rule, one function.
    const path = `/01/${gtin}/21/SQ1`;
    const resolved = await resolveSerial.GET(new Request(new URL(path, "http://localhost:3000")), {
      params: Promise.resolve({ gtin, serial: "SQ1" }),
    });
    expect(resolved.headers.get("location")).toBe(`/p/${ownDppId}`);
  });

  it("a bare GTIN names the owner's model whose own GTIN it is, never a squatter's", async () => {
    const gtin = gtinOf(Math.floor(Math.random() * 1e5));
    const squat = await postModel(squatter, { gtin });
    await publishModel(squatter, squat);
    expect((await byProductId(`(01)${gtin}`)).status).toBe(404);
    const own = await postModel(owner, { gtin });
    await publishModel(owner, own);
    const answer = await byProductId(`https://example.org/01/${gtin}`);
    expect(answer.status).toBe(200);
    expect(answer.body.digitalProductPassportId).toBe(own.uniqueProductIdentifiers[0]?.uuid);
  });

  it("other identifier values resolve as before", async () => {
    const model = await postModel(squatter);
    await publishModel(squatter, model);
    const answer = await byProductId(model.uniqueProductIdentifiers[0]?.value ?? "");
    expect(answer.body.digitalProductPassportId).toBe(model.uniqueProductIdentifiers[0]?.uuid);
  });
});

describe("a published version's DPP header is frozen", () => {
  it("keeps the economicOperatorId and facilityId it was published with when the settings change", async () => {
    const model = await postModel(owner);
    const orgPath = `/api/organizations/${owner.organization.id}`;
    expect((await api("PATCH", orgPath, { token: owner.token, body: { economicOperatorId: "DE111111111111111" } })).status).toBe(200);
    const registry = { token: owner.token, body: { facilityIds: ["urn:example:plant-1"] } };
    expect((await api("PATCH", modelPath(owner, model.id), registry)).status).toBe(200);
    const published = await publishModel(owner, model);
    const dppId = model.uniqueProductIdentifiers[0]?.uuid ?? "";
    const expected = { economicOperatorId: "DE111111111111111", facilityId: "urn:example:plant-1" };
    expect((await api<Dpp>("GET", `/api/v1/dpps/${dppId}`)).body).toMatchObject(expected);

    expect((await api("PATCH", orgPath, { token: owner.token, body: { economicOperatorId: "DE222222222222222" } })).status).toBe(200);
    const moved = { token: owner.token, body: { facilityIds: ["urn:example:plant-2"] } };
    expect((await api("PATCH", modelPath(owner, model.id), moved)).status).toBe(200);
    for (const path of [
      `/api/v1/dpps/${dppId}`,
      `/api/v1/dpps/${dppId}?representation=full`,
      `/api/v1/dppsByIdAndDate/${dppId}?date=${encodeURIComponent(published.publishedAt)}`,
    ]) {
      expect((await api<Dpp>("GET", path)).body, path).toMatchObject(expected);
    }
    // The next version takes the settings of its own publication.
    await publishModel(owner, model);
    const next = await api<Dpp>("GET", `/api/v1/dpps/${dppId}`);
    expect(next.body).toMatchObject({ economicOperatorId: "DE222222222222222", facilityId: "urn:example:plant-2" });
    await api("PATCH", orgPath, { token: owner.token, body: { economicOperatorId: null } });
  });
});

describe("dates and caching", () => {
  let model: TModel;
  let dppId: string;

  beforeAll(async () => {
    model = await postModel(owner);
    await publishModel(owner, model);
    dppId = model.uniqueProductIdentifiers[0]?.uuid ?? "";
  });

  it("a date in the year 0000 (or carried into it by its offset) is a 400, not a 500", async () => {
    for (const date of ["0000-01-01T00:00:00Z", "0000-06-15T12:00:00.000Z", "0001-01-01T00:30:00+01:00"]) {
      const answer = await api<{ message: string }>("GET", `/api/v1/dppsByIdAndDate/${dppId}?date=${encodeURIComponent(date)}`);
      expect(answer.status, date).toBe(400);
    }
    const first = await api("GET", `/api/v1/dppsByIdAndDate/${dppId}?date=0001-01-01T00:00:00Z`);
    expect(first.status).toBe(404);
  });

  it("an answer to a request with a refused grant is never shared-cacheable; without one it is", async () => {
    const valid = await grantToken(owner, model.id, "authority");
    const refused = [`gr_${"x".repeat(40)}`, "nonsense", ""];
    const paths = [
      `/api/v1/dpps/${dppId}`,
      `/p/${dppId}/versions/1`,
      `/p/${dppId}/versions/1.jwt`,
      `/p/${dppId}/versions`,
      `/p/${dppId}`,
      `/p/${dppId}?version=1`,
    ];
    for (const path of paths) {
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(200);
      expect(anonymous.headers.get("cache-control"), path).toMatch(/^public/);
      for (const grant of [...refused, valid]) {
        const answer = await get(`${path}${path.includes("?") ? "&" : "?"}grant=${encodeURIComponent(grant)}`);
        expect(answer.status, `${path} ${grant}`).toBe(200);
        expect(answer.headers.get("cache-control"), `${path} ${grant}`).not.toContain("public");
      }
    }
    const byDate = `/api/v1/dppsByIdAndDate/${dppId}?date=2999-01-01T00:00:00Z&grant=nonsense`;
    expect((await api("GET", byDate)).headers.get("cache-control")).not.toContain("public");
  });
});
