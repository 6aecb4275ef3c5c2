import jsQR from "jsqr";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import * as resolveGtin from "~/app/01/[gtin]/route";
import * as resolveLot from "~/app/01/[gtin]/10/[lot]/route";
import * as resolveSerial from "~/app/01/[gtin]/21/[serial]/route";
import * as resolverDescription from "~/app/.well-known/gs1resolver/route";
import * as qrPng from "~/app/p/[uuid]/qr.png/route";
import * as qrSvg from "~/app/p/[uuid]/qr.svg/route";
import type { TItem, TItemBulkCreateResponse, TItemSummary } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TPassport } from "~/domain/passport-schema";
import type { THistoryEntry } from "~/domain/history";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { OPERATOR } from "~/domain/actor";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import { removeGs1Prefix } from "~/server/services/gs1-prefixes/remove-gs1-prefix";
import { publicBaseUrl } from "~/server/config";
import type { RouteHandler } from "~/server/rest/rest-route";
import { getModelOf, modelPath, modelsPath, postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let model: TModel;
let gtin: string;
let item: TItem;

/** A 7-digit GS1 company prefix of this run, verified for the fixture organization (docs/gs1.md). */
const PREFIX = `9${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
const GTIN_START = Math.floor(Math.random() * 1e4);

/** A fresh GTIN-14 under `prefix` per call, so keys never collide with another test's in the shared database. */
let gtinsMade = 0;

/**
 * A GTIN no other call of this run made: the digits after the prefix count up from a random start, so two tests of
 * one organization never claim one GTIN by chance (random digits did, once in a few hundred runs: both racing
 * creations of a test then met a model of an earlier test and answered 409).
 */
function freshGtin(prefix = PREFIX): string {
  const width = 12 - prefix.length;
  gtinsMade += 1;
  const serial = (GTIN_START + gtinsMade) % 10 ** width;
  const body = `0${prefix}${String(serial).padStart(width, "0")}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** A check digit that is wrong for the GTIN. */
function wrongCheckDigit(valid: string): string {
  return `${valid.slice(0, -1)}${(Number(valid.slice(-1)) + 1) % 10}`;
}

const itemsPath = (modelId: string) => `${modelPath(world, modelId)}/items`;

/** Calls a public route handler the way Next would, with the path parameters it matched. */
async function call(handler: RouteHandler | undefined, path: string, params: Record<string, string> = {}, headers: HeadersInit = {}) {
  if (!handler) throw new Error("no handler");
  return handler(new Request(new URL(path, "http://localhost:3000"), { headers }), { params: Promise.resolve(params) });
}

beforeAll(async () => {
  world = await createWorld("gs1");
  await addGs1Prefix({ actor: OPERATOR, organizationId: world.organization.id, prefix: PREFIX });
  model = await postModel(world);
  gtin = freshGtin();
  const created = await api<TItem>("POST", itemsPath(model.id), {
    token: world.token,
    body: { uniqueProductIdentifiers: [{ value: `(01)${gtin}(21)A1` }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  item = created.body;
});

describe("GS1 keys as identifier values", () => {
  it("stores an element string as its canonical Digital Link path", () => {
    expect(item.uniqueProductIdentifiers.map((i) => i.value)).toEqual([`/01/${gtin}/21/A1`]);
  });

  it("normalises URIs and GTIN-13s in bulk; one key given in two forms is the same identifier", async () => {
    const other = freshGtin();
    const bulk = await api<TItemBulkCreateResponse>("POST", `${itemsPath(model.id)}/bulk`, {
      token: world.token,
      body: { identifiers: [`https://id.example.com/01/${other.slice(1)}/10/LOT-1`, `(01)${other}(21)B/2`] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    expect(bulk.body.map((i) => i.uniqueProductIdentifiers[0]?.value)).toEqual([`/01/${other}/10/LOT-1`, `/01/${other}/21/B%2F2`]);
    const twice = await api("POST", `${itemsPath(model.id)}/bulk`, {
      token: world.token,
      body: { identifiers: [`(01)${other}(21)C3`, `https://x.example/01/${other}/21/C3`] },
    });
    expect(expectError(twice, 400).issues?.[0]?.path).toBe("$.identifiers[1]");
  });

  it("refuses an invalid check digit with a 400 saying so, creating nothing", async () => {
    const response = await api("POST", itemsPath(model.id), {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value: `(01)${wrongCheckDigit(gtin)}(21)Z9` }] },
    });
    const body = expectError(response, 400);
    expect(body.message).toContain("invalid check digit");
    expect(body.issues?.[0]?.path).toBe("$.uniqueProductIdentifiers[0].value");
  });

  it("finds an item by any form of its key", async () => {
    const list = await apiPage<TItemSummary>(`${itemsPath(model.id)}?identifier=${encodeURIComponent(`(01)${gtin}(21)A1`)}`, {
      token: world.token,
    });
    expect(list.body.items.map((i) => i.id)).toEqual([item.id]);
    // As the item list shows it, as a scanner sends it, and as a Digital Link URI.
    for (const form of [
      `(01)${gtin}(21)A1`,
      `01${gtin} 21A1`,
      `01${gtin}${String.fromCharCode(29)}21A1`,
      `https://id.example/01/${gtin}/21/A1`,
    ]) {
      const found = await apiPage<TItemSummary>(`${itemsPath(model.id)}?identifier=${encodeURIComponent(form)}`, {
        token: world.token,
      });
      expect(
        found.body.items.map((i) => i.id),
        form,
      ).toEqual([item.id]);
    }
  });
});

describe("the Digital Link resolver", () => {
  it("redirects /01/{gtin}/21/{serial} to the item's passport page, whatever the GTIN's length", async () => {
    const uuid = item.uniqueProductIdentifiers[0]?.uuid;
    for (const path of [`/01/${gtin}/21/A1`, `/01/${gtin.slice(1)}/21/A1`]) {
      const response = await call(resolveSerial.GET, path);
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe(`/p/${uuid}`);
    }
  });

  it("keeps an access grant's ?grant= on the redirect, and no other query parameter", async () => {
    const uuid = item.uniqueProductIdentifiers[0]?.uuid;
    const response = await call(resolveSerial.GET, `/01/${gtin}/21/A1?linkType=gs1:pip&grant=a%2Fb+c`);
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(`/p/${uuid}?grant=${encodeURIComponent("a/b c")}`);
  });

  it("redirects /01/{gtin}/10/{lot} to the item holding that lot, and /01/{gtin} to the model", async () => {
    const lotGtin = freshGtin();
    const lotItem = await api<TItem>("POST", itemsPath(model.id), {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value: `(01)${lotGtin}(10)L/7` }] },
    });
    const lot = await call(resolveLot.GET, `/01/${lotGtin}/10/L%2F7`);
    expect(lot.status).toBe(307);
    expect(lot.headers.get("location")).toBe(`/p/${lotItem.body.uniqueProductIdentifiers[0]?.uuid}`);
    const bare = await call(resolveGtin.GET, `/01/${gtin}`);
    expect(bare.status).toBe(307);
    expect(bare.headers.get("location")).toBe(`/p/${model.uniqueProductIdentifiers[0]?.uuid}`);
  });

  it("answers 400 for an invalid check digit (JSON, or an HTML page for a browser) and 404 for an unknown key", async () => {
    const invalid = await call(resolveSerial.GET, `/01/${wrongCheckDigit(gtin)}/21/A1`);
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toContain("invalid check digit");
    const page = await call(resolveSerial.GET, `/01/${wrongCheckDigit(gtin)}/21/A1`, {}, { accept: "text/html" });
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("invalid check digit");
    const unknown = await call(resolveSerial.GET, `/01/${gtin}/21/NOPE`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: 404 });
    expect((await call(resolveGtin.GET, `/01/${freshGtin()}`)).status).toBe(404);
  });

  it("describes itself at /.well-known/gs1resolver", async () => {
    const response = await call(resolverDescription.GET, "/.well-known/gs1resolver");
    expect(await response.json()).toMatchObject({ resolverRoot: publicBaseUrl(), supportedPrimaryKeys: ["01"] });
  });
});

describe("QR codes", () => {
  it("encodes the item's Digital Link URI in a PNG a reader can decode", async () => {
    const uuid = item.uniqueProductIdentifiers[0]?.uuid as string;
    const response = await call(qrPng.GET, `/p/${uuid}/qr.png?size=300`, { uuid });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect(png.width).toBe(300);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${publicBaseUrl()}/01/${gtin}/21/A1`);
  });

  it("encodes the page URL of a passport whose identifier is no GS1 key, as SVG too", async () => {
    const uuid = model.uniqueProductIdentifiers[0]?.uuid as string;
    const response = await call(qrPng.GET, `/p/${uuid}/qr.png`, { uuid });
    const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${publicBaseUrl()}/p/${uuid}`);
    const svg = await call(qrSvg.GET, `/p/${uuid}/qr.svg`, { uuid });
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg[^>]*viewBox/);
  });

  it("answers 304 to a client holding the current code, with ETag and Cache-Control", async () => {
    const uuid = item.uniqueProductIdentifiers[0]?.uuid as string;
    const first = await call(qrSvg.GET, `/p/${uuid}/qr.svg`, { uuid });
    const etag = first.headers.get("etag") as string;
    expect(first.headers.get("cache-control")).toMatch(/public/);
    const again = await call(qrSvg.GET, `/p/${uuid}/qr.svg`, { uuid }, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("refuses sizes outside 64–2048 and answers 404 for unknown, malformed and retired ids", async () => {
    const uuid = item.uniqueProductIdentifiers[0]?.uuid as string;
    for (const size of ["10", "5000", "abc"]) {
      expect((await call(qrPng.GET, `/p/${uuid}/qr.png?size=${size}`, { uuid })).status).toBe(400);
    }
    const unknown = crypto.randomUUID();
    expect((await call(qrSvg.GET, `/p/${unknown}/qr.svg`, { uuid: unknown })).status).toBe(404);
    expect((await call(qrSvg.GET, `/p/nope/qr.svg`, { uuid: "nope" })).status).toBe(404);
    const doomed = await api<TItem>("POST", itemsPath(model.id), { token: world.token });
    const doomedUuid = doomed.body.uniqueProductIdentifiers[0]?.uuid as string;
    await api("DELETE", `${itemsPath(model.id)}/${doomed.body.id}`, { token: world.token });
    expect((await call(qrSvg.GET, `/p/${doomedUuid}/qr.svg`, { uuid: doomedUuid })).status).toBe(404);
  });
});

describe("a model's own GTIN", () => {
  const location = async (path: string) => {
    const response = await call(resolveGtin.GET, path);
    expect(response.status, path).toBe(307);
    return response.headers.get("location");
  };
  const patchModel = (target: TModel, body: Record<string, unknown>, on: World = world) =>
    api<TModel>("PATCH", modelPath(on, target.id), { token: on.token, body });

  it("is stored as GTIN-14 from any form, and /01/{gtin} leads to that model before the model whose items carry it", async () => {
    // `gtin` is carried by an item of `model`: until a model claims it, /01/{gtin} falls back to `model`.
    expect(await location(`/01/${gtin}`)).toBe(`/p/${model.uniqueProductIdentifiers[0]?.uuid}`);
    const owner = await postModel(world, { gtin: `https://id.example.com/01/${gtin.slice(1)}` });
    expect(owner.gtin).toBe(gtin);
    expect(owner.uniqueProductIdentifiers).toHaveLength(1);
    const ownerUuid = owner.uniqueProductIdentifiers[0]?.uuid as string;
    expect(await location(`/01/${gtin}`)).toBe(`/p/${ownerUuid}`);
    expect(await location(`/01/${gtin.slice(1)}`)).toBe(`/p/${ownerUuid}`);
    // Serials and lots still name the item.
    expect((await call(resolveSerial.GET, `/01/${gtin}/21/A1`)).headers.get("location")).toBe(
      `/p/${item.uniqueProductIdentifiers[0]?.uuid}`,
    );

    // Its QR code encodes the Digital Link URI, and its passport names the GTIN.
    const png = await call(qrPng.GET, `/p/${ownerUuid}/qr.png`, { uuid: ownerUuid });
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${publicBaseUrl()}/01/${gtin}`);
    const passport = await api<TPassport>("GET", `/api/product-passports/${ownerUuid}`);
    expect(passport.body.gtin).toBe(gtin);

    // Cleared ("" like null): the old rule again, and the QR code is the page's URL again.
    const cleared = await patchModel(owner, { gtin: "" });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.gtin).toBeNull();
    expect(await location(`/01/${gtin}`)).toBe(`/p/${model.uniqueProductIdentifiers[0]?.uuid}`);
    const again = await call(qrPng.GET, `/p/${ownerUuid}/qr.png`, { uuid: ownerUuid });
    const plain = PNG.sync.read(Buffer.from(await again.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(plain.data), plain.width, plain.height)?.data).toBe(`${publicBaseUrl()}/p/${ownerUuid}`);
  });

  it("refuses a wrong check digit, a lot or serial and a non-GTIN with a 400 at $.gtin, changing nothing", async () => {
    const name = `No GTIN ${crypto.randomUUID()}`;
    const wrong = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name, templateId: world.template.id, gtin: wrongCheckDigit(gtin) },
    });
    const body = expectError(wrong, 400);
    expect(body.issues?.[0]).toMatchObject({
      path: "$.gtin",
      message: `The GTIN ${wrongCheckDigit(gtin)} has an invalid check digit: it should end in ${gtin.slice(-1)}`,
    });
    const target = await postModel(world);
    for (const value of [`(01)${gtin}(21)A1`, "SN-1", 42]) {
      const refused = await patchModel(target, { gtin: value });
      expect(expectError(refused, 400).issues?.[0]?.path, String(value)).toBe("$.gtin");
    }
    expect((await getModelOf(world, target.id)).version).toBe(target.version);
  });

  it("names one model per organization: another model of it gets a 409, another organization may hold it too", async () => {
    const claimed = freshGtin();
    const first = await postModel(world, { gtin: claimed });
    const sibling = await postModel(world);
    const conflict = await patchModel(sibling, { gtin: `(01)${claimed}` });
    expect(expectError(conflict, 409).issues?.[0]?.path).toBe("$.gtin");
    const elsewhere = await createWorld("gs1-elsewhere");
    const foreign = await api("POST", modelsPath(elsewhere), {
      token: elsewhere.token,
      body: { name: "Foreign", templateId: elsewhere.template.id, gtin: claimed },
    });
    // Held, not resolved: the resolver still follows the prefix owner's model (below, "squatted keys").
    expect(foreign.status).toBe(201);
    expect(await location(`/01/${claimed}`)).toBe(`/p/${first.uniqueProductIdentifiers[0]?.uuid}`);
    // Two requests claiming one GTIN at once: one wins, the other is a 409, never a 500.
    const contested = freshGtin();
    const racing = await Promise.all(
      [1, 2].map(() =>
        api("POST", modelsPath(world), { token: world.token, body: { name: "Race", templateId: world.template.id, gtin: contested } }),
      ),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409]);
    // Setting the GTIN a model already has changes nothing; a duplicate does not take it along.
    const same = await patchModel(first, { gtin: claimed });
    expect(same.body.version).toBe(first.version);
    const copy = await api<TModel>("POST", `${modelPath(world, first.id)}/duplicate`, { token: world.token });
    expect(copy.body.gtin).toBeNull();
  });

  it("is set through tRPC and the changes route's details too, and recorded in the history", async () => {
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const target = await postModel(world);
    const viaTrpc = freshGtin();
    const updated = await caller.models.update({
      organizationId: world.organization.id,
      modelId: target.id,
      patch: { gtin: `(01)${viaTrpc}` },
    });
    expect(updated.gtin).toBe(viaTrpc);
    const viaChanges = freshGtin();
    const changed = await api<TModel>("POST", `${modelPath(world, target.id)}/changes`, {
      token: world.token,
      body: { details: { gtin: viaChanges.slice(1) } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.gtin).toBe(viaChanges);
    const history = await api<THistoryEntry[]>("GET", `${modelPath(world, target.id)}/history`, { token: world.token });
    expect(history.body[0]?.properties).toEqual([{ name: "gtin", from: viaTrpc, to: viaChanges }]);
    expect(history.body[1]?.properties).toEqual([{ name: "gtin", from: "", to: viaTrpc }]);
  });
});

describe("squatted keys (issue 19 #9): only the organization that proved the GS1 company prefix resolves", () => {
  const resolve = (path: string, headers: HeadersInit = {}) =>
    call(path.includes("/21/") ? resolveSerial.GET : path.includes("/10/") ? resolveLot.GET : resolveGtin.GET, path, {}, headers);

  async function expectNotVerified(path: string) {
    const json = await resolve(path);
    expect(json.status, path).toBe(404);
    expect(json.headers.get("location")).toBeNull();
    const body = (await json.json()) as { message: string };
    expect(body.message).toMatch(/^Not verified: /);
    expect(body.message).not.toMatch(/\/p\//);
    const page = await resolve(path, { accept: "text/html" });
    expect(page.status).toBe(404);
    expect(page.headers.get("location")).toBeNull();
    const html = await page.text();
    expect(html).toContain("Not verified");
    expect(html).not.toMatch(/\/p\/[0-9a-f-]{36}/);
  }

  const qrUrl = async (uuid: string) => {
    const png = await call(qrPng.GET, `/p/${uuid}/qr.png`, { uuid });
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  };

  it("a squatter who registers the owner's GTIN first captures none of its scans", async () => {
    const squatter = await createWorld("gs1-squatter");
    const squatterModel = await postModel(squatter);
    const victimGtin = freshGtin();

    // The squatter goes first, with an item key and as a model's own GTIN: both are stored (held) ...
    const squatterItem = await api<TItem>("POST", `${modelPath(squatter, squatterModel.id)}/items`, {
      token: squatter.token,
      body: { uniqueProductIdentifiers: [{ value: `(01)${victimGtin}(21)S1` }] },
    });
    expect(squatterItem.status, JSON.stringify(squatterItem.body)).toBe(201);
    const squatterGtinModel = await postModel(squatter, { gtin: victimGtin });
    expect(squatterGtinModel.gtin).toBe(victimGtin);
    // ... but resolve to nothing, and their QR codes encode the passport page, not the Digital Link.
    await expectNotVerified(`/01/${victimGtin}/21/S1`);
    await expectNotVerified(`/01/${victimGtin}`);
    const squatterUuid = squatterItem.body.uniqueProductIdentifiers[0]?.uuid as string;
    expect(await qrUrl(squatterUuid)).toBe(`${publicBaseUrl()}/p/${squatterUuid}`);

    // The prefix owner registers the same keys later: its passports are the ones scans lead to.
    const ownerItem = await api<TItem>("POST", itemsPath(model.id), {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value: `(01)${victimGtin}(21)S1` }] },
    });
    expect(ownerItem.status, JSON.stringify(ownerItem.body)).toBe(201);
    const ownerModel = await postModel(world, { gtin: victimGtin });
    expect((await resolve(`/01/${victimGtin}/21/S1`)).headers.get("location")).toBe(
      `/p/${ownerItem.body.uniqueProductIdentifiers[0]?.uuid}`,
    );
    expect((await resolve(`/01/${victimGtin}`)).headers.get("location")).toBe(`/p/${ownerModel.uniqueProductIdentifiers[0]?.uuid}`);
    // A key only the squatter holds, under the owner's prefix, still leads nowhere.
    const onlySquatter = await api<TItem>("POST", `${modelPath(squatter, squatterModel.id)}/items`, {
      token: squatter.token,
      body: { uniqueProductIdentifiers: [{ value: `(01)${victimGtin}(21)S2` }] },
    });
    expect(onlySquatter.status).toBe(201);
    await expectNotVerified(`/01/${victimGtin}/21/S2`);
  });

  it("a GTIN under no verified prefix resolves for nobody; removing a prefix stops its GTINs at once", async () => {
    // A prefix of this run that nobody verified (8 digits so that it cannot overlap PREFIX by chance).
    const unclaimedPrefix = `8${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const unverified = freshGtin(unclaimedPrefix);
    const held = await postModel(world, { gtin: unverified });
    expect(held.gtin).toBe(unverified);
    await expectNotVerified(`/01/${unverified}`);
    const uuid = held.uniqueProductIdentifiers[0]?.uuid as string;
    expect(await qrUrl(uuid)).toBe(`${publicBaseUrl()}/p/${uuid}`);

    await addGs1Prefix({ actor: OPERATOR, organizationId: world.organization.id, prefix: unclaimedPrefix });
    expect((await resolve(`/01/${unverified}`)).headers.get("location")).toBe(`/p/${uuid}`);
    expect(await qrUrl(uuid)).toBe(`${publicBaseUrl()}/01/${unverified}`);
    await removeGs1Prefix({ actor: OPERATOR, organizationId: world.organization.id, prefix: unclaimedPrefix });
    await expectNotVerified(`/01/${unverified}`);
  });

  it("lets no second organization verify an overlapping prefix", async () => {
    const other = await createWorld("gs1-overlap");
    for (const prefix of [PREFIX, `${PREFIX}1`, PREFIX.slice(0, 5)]) {
      await expect(addGs1Prefix({ actor: OPERATOR, organizationId: other.organization.id, prefix })).rejects.toMatchObject({
        code: "CONFLICT",
      });
    }
    // The owner adding its own prefix again changes nothing.
    const again = await addGs1Prefix({ actor: OPERATOR, organizationId: world.organization.id, prefix: PREFIX });
    expect(again.organizationId).toBe(world.organization.id);
  });
});
