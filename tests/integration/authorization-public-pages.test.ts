import { beforeAll, describe, expect, it } from "vitest";
import * as resolveSerial from "~/app/01/[gtin]/21/[serial]/route";
import * as page from "~/app/p/[uuid]/route";
import * as qrPng from "~/app/p/[uuid]/qr.png/route";
import * as qrSvg from "~/app/p/[uuid]/qr.svg/route";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { OPERATOR } from "~/domain/actor";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import { getDb } from "~/server/db/client";
import { generateGrantToken, hashGrantToken } from "~/server/services/access-grants/internal/grant-token";
import type { RouteHandler } from "~/server/rest/rest-route";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The authorization matrix of the public routes outside /api (docs/gs1.md): anyone may call them, whatever
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
  const token = generateGrantToken();
  await getDb().accessGrant.create({
    data: {
      id: crypto.randomUUID(),
      organizationId: world.organization.id,
      modelId,
      level: "authority",
      partyName: "Authority",
      expiresAt: new Date(Date.now() + 86_400_000),
      tokenHash: hashGrantToken(token),
      createdBy: world.user.id,
    },
  });
  return token;
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
  });
});
