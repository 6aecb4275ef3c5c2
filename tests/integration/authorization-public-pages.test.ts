import { beforeAll, describe, expect, it } from "vitest";
import * as resolveSerial from "~/app/01/[gtin]/21/[serial]/route";
import * as page from "~/app/p/[uuid]/route";
import * as qrPng from "~/app/p/[uuid]/qr.png/route";
import * as qrSvg from "~/app/p/[uuid]/qr.svg/route";
import * as versionList from "~/app/p/[uuid]/versions/route";
import * as version from "~/app/p/[uuid]/versions/[n]/route";
import * as jwks from "~/app/.well-known/jwks.json/route";
import * as didDocument from "~/app/orgs/[orgId]/did.json/route";
import * as organizationJwks from "~/app/orgs/[orgId]/jwks.json/route";
import * as dppById from "~/app/api/v1/dpps/[dppId]/route";
import * as dppByIdAndDate from "~/app/api/v1/dppsByIdAndDate/[dppId]/route";
import * as dppByProductId from "~/app/api/v1/dppsByProductId/[productId]/route";
import * as dppIdsByProductIds from "~/app/api/v1/dppsByProductIds/route";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { OPERATOR } from "~/domain/actor";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import type { RouteHandler } from "~/server/rest/rest-route";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { grantToken } from "./support/grants";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The authorization matrix of the public routes outside /api (docs/gs1.md) and of the public reads of published
 * versions and the DPP API (docs/versions.md): anyone may call them, whatever
 * credentials come along, and they answer the same to all; nothing of a restricted field appears; a grant of one
 * organization opens nothing of another's.
 */

let alpha: World;
let beta: World;
let alphaItem: TItem;
let betaModel: TModel;
let gtin: string;
const SECRET = "https://example.com/restricted-dismantling.pdf";

async function restrictedModel(world: World): Promise<TModel> {
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: fixtureTemplateWithAccess({ [IDS.manual]: "legitimate-interest" }),
  });
  const model = await postModel(world, { templateId: template.id });
  const written = await api("PATCH", dataValuesPath(world, model.id), {
    token: world.token,
    body: [dv(IDS.general, IDS.manual, 0, SECRET)],
  });
  expect(written.status).toBe(200);
  return model;
}

async function grantOn(world: World, modelId: string): Promise<string> {
  return grantToken(world, modelId, "authority");
}

beforeAll(async () => {
  alpha = await createWorld("public-alpha");
  beta = await createWorld("public-beta");
  const alphaModel = await restrictedModel(alpha);
  betaModel = await restrictedModel(beta);
  // Under a GS1 company prefix verified for alpha, or the resolver would not follow it (docs/gs1.md).
  const prefix = `7${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  await addGs1Prefix({ actor: OPERATOR, organizationId: alpha.organization.id, prefix });
  const body = `0${prefix}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
  gtin = `${body}${gtinCheckDigit(body)}`;
  const created = await api<TItem>("POST", `${modelPath(alpha, alphaModel.id)}/items`, {
    token: alpha.token,
    body: { uniqueProductIdentifiers: [{ value: `(01)${gtin}(21)M1` }] },
  });
  alphaItem = created.body;
  // Published, so the routes of versions and the DPP API have something to answer (docs/versions.md).
  const published = [
    await api("POST", `${modelPath(alpha, alphaModel.id)}/items/${alphaItem.id}/passport-versions`, { token: alpha.token }),
    await api("POST", `${modelPath(beta, betaModel.id)}/passport-versions`, { token: beta.token }),
  ];
  expect(published.map((r) => r.status)).toEqual([201, 201]);
});

const CREDENTIALS: [string, (world: World) => Record<string, string>][] = [
  ["anonymous", () => ({})],
  ["an unknown key", () => ({ api_token: "ps_unknown_key" })],
  ["the owner's key", (world) => ({ api_token: world.token })],
  ["another organization's key", () => ({ api_token: beta.token })],
  ["a made-up session cookie", () => ({ cookie: "better-auth.session_token=forged" })],
];

async function call(handler: RouteHandler | undefined, path: string, params: Record<string, string>, headers: Record<string, string>) {
  if (!handler) throw new Error("no handler");
  return handler(new Request(new URL(path, "http://localhost:3000"), { headers }), { params: Promise.resolve(params) });
}

describe("public routes outside /api", () => {
  it("answer every caller alike, never 401 or 403, never with a restricted value or a cookie", async () => {
    const uuid = alphaItem.uniqueProductIdentifiers[0]?.uuid as string;
    for (const [, headersOf] of CREDENTIALS) {
      const headers = headersOf(alpha);
      const resolved = await call(resolveSerial.GET, `/01/${gtin}/21/M1`, {}, headers);
      expect(resolved.status).toBe(307);
      const shown = await call(page.GET, `/p/${uuid}`, { uuid }, headers);
      expect(shown.status).toBe(200);
      expect(shown.headers.get("set-cookie")).toBeNull();
      expect(await shown.text()).not.toContain(SECRET);
      expect((await call(qrSvg.GET, `/p/${uuid}/qr.svg`, { uuid }, headers)).status).toBe(200);
      expect((await call(qrPng.GET, `/p/${uuid}/qr.png`, { uuid }, headers)).status).toBe(200);
      const value = encodeURIComponent(alphaItem.uniqueProductIdentifiers[0]?.value ?? "");
      const answers = [
        await call(versionList.GET, `/p/${uuid}/versions`, { uuid }, headers),
        await call(version.GET, `/p/${uuid}/versions/1`, { uuid, n: "1" }, headers),
        await call(version.GET, `/p/${uuid}/versions/1.jwt`, { uuid, n: "1.jwt" }, headers),
        await call(jwks.GET, "/.well-known/jwks.json", {}, headers),
        await call(didDocument.GET, `/orgs/${alpha.organization.id}/did.json`, { orgId: alpha.organization.id }, headers),
        await call(organizationJwks.GET, `/orgs/${alpha.organization.id}/jwks.json`, { orgId: alpha.organization.id }, headers),
        await call(dppById.GET, `/api/v1/dpps/${uuid}`, { dppId: uuid }, headers),
        await call(dppByIdAndDate.GET, `/api/v1/dppsByIdAndDate/${uuid}?date=2999-01-01T00:00:00Z`, { dppId: uuid }, headers),
        await call(dppByProductId.GET, `/api/v1/dppsByProductId/${value}`, { productId: decodeURIComponent(value) }, headers),
        await dppIdsByProductIds.POST(
          new Request("http://localhost:3000/api/v1/dppsByProductIds", {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify({ productIds: [decodeURIComponent(value)] }),
          }),
          { params: Promise.resolve({}) },
        ),
      ];
      for (const answer of answers) {
        expect(answer.status, answer.url).toBe(200);
        expect(answer.headers.get("set-cookie")).toBeNull();
        const text = await answer.text();
        expect(text).not.toContain(SECRET);
        // The jws payload is base64url: the public credential's must not hold the secret either.
        if (!text.startsWith("{")) expect(Buffer.from(text.split(".")[1] ?? "", "base64url").toString()).not.toContain(SECRET);
      }
    }
  });

  it("a grant of one organization opens nothing of another's passports", async () => {
    const alphaGrant = await grantOn(alpha, alphaItem.modelId);
    const betaUuid = betaModel.uniqueProductIdentifiers[0]?.uuid as string;
    const foreign = await call(page.GET, `/p/${betaUuid}?grant=${alphaGrant}`, { uuid: betaUuid }, {});
    expect(foreign.status).toBe(200);
    expect(await foreign.text()).not.toContain(SECRET);
    const alphaUuid = alphaItem.uniqueProductIdentifiers[0]?.uuid as string;
    expect(await (await call(page.GET, `/p/${alphaUuid}?grant=${alphaGrant}`, { uuid: alphaUuid }, {})).text()).toContain(SECRET);
    // The same for published versions and the DPP API.
    const foreignVersion = await call(version.GET, `/p/${betaUuid}/versions/1?grant=${alphaGrant}`, { uuid: betaUuid, n: "1" }, {});
    expect(await foreignVersion.text()).not.toContain(SECRET);
    const foreignDpp = await call(dppById.GET, `/api/v1/dpps/${betaUuid}?grant=${alphaGrant}`, { dppId: betaUuid }, {});
    expect(await foreignDpp.text()).not.toContain(SECRET);
    const ownVersion = await call(version.GET, `/p/${alphaUuid}/versions/1?grant=${alphaGrant}`, { uuid: alphaUuid, n: "1" }, {});
    expect(await ownVersion.text()).toContain(SECRET);
    const ownDpp = await call(dppById.GET, `/api/v1/dpps/${alphaUuid}?grant=${alphaGrant}`, { dppId: alphaUuid }, {});
    expect(await ownDpp.text()).toContain(SECRET);
  });
});
