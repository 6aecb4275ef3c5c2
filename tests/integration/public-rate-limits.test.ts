import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as passportPage from "~/app/p/[uuid]/route";
import * as qrPng from "~/app/p/[uuid]/qr.png/route";
import type { TAccessGrantCreated } from "~/domain/passport-schema";
import { getConfig } from "~/server/config";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { qrCacheStats } from "~/server/public-pages/qr-image-cache";
import type { RouteHandler } from "~/server/rest/rest-route";
import { modelPath, postModel } from "./support/actors";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The anonymous public routes that cost real work are limited per client address (issue 19, low): QR codes are
 * cached and only renders count; reads with `?grant=` are limited per grant and per address. Both answer 429 with
 * Retry-After, as every rate limit of the app does.
 */

let world: World;
let uuid: string;
let modelId: string;

const config = getConfig();
const original = {
  qr: config.QR_RENDERS_PER_MINUTE_PER_ADDRESS,
  perGrant: config.GRANT_READS_PER_MINUTE_PER_GRANT,
  perAddress: config.GRANT_READS_PER_MINUTE_PER_ADDRESS,
  aas: config.AAS_READS_PER_MINUTE_PER_ADDRESS,
};

beforeAll(async () => {
  world = await createWorld("public-limits");
  const model = await postModel(world);
  modelId = model.id;
  uuid = model.uniqueProductIdentifiers[0]?.uuid as string;
});

afterEach(() => {
  config.QR_RENDERS_PER_MINUTE_PER_ADDRESS = original.qr;
  config.GRANT_READS_PER_MINUTE_PER_GRANT = original.perGrant;
  config.GRANT_READS_PER_MINUTE_PER_ADDRESS = original.perAddress;
  config.AAS_READS_PER_MINUTE_PER_ADDRESS = original.aas;
});

/** A documentation address (RFC 5737) of its own per call, so counters of earlier runs never interfere. */
function freshAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${byte()}`;
}

function call(handler: RouteHandler | undefined, path: string, address: string, params: Record<string, string>) {
  if (!handler) throw new Error("no handler");
  const request = new Request(new URL(path, "http://localhost:3000"), { headers: { [PEER_ADDRESS_HEADER]: address } });
  return handler(request, { params: Promise.resolve(params) });
}

const qr = (size: number, address: string) => call(qrPng.GET, `/p/${uuid}/qr.png?size=${size}`, address, { uuid });

describe("QR codes", () => {
  it("renders each code once (cached) and limits renders per client address with 429 and Retry-After", async () => {
    config.QR_RENDERS_PER_MINUTE_PER_ADDRESS = 3;
    const address = freshAddress();
    // Sizes of this run only, so no earlier test left them in the cache.
    const base = 1200 + Math.floor(Math.random() * 800);
    const before = qrCacheStats().entries;
    for (const size of [base, base + 1, base + 2]) expect((await qr(size, address)).status).toBe(200);
    expect(qrCacheStats().entries).toBe(before + 3);

    const refused = await qr(base + 3, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ statusCode: 429 });

    // A code in the cache costs no render: it is served to the address over its budget, byte for byte.
    const first = await qr(base, address);
    expect(first.status).toBe(200);
    const again = await qr(base, address);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    // Another address has its own budget.
    expect((await qr(base + 3, freshAddress())).status).toBe(200);
  });
});

describe("reads with an access grant", () => {
  async function createGrant(): Promise<TAccessGrantCreated> {
    const response = await api<TAccessGrantCreated>("POST", `${modelPath(world, modelId)}/access-grants`, {
      token: world.token,
      body: {
        level: "legitimate-interest",
        partyName: "Recycler GmbH",
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  const readApi = (grant: string, address: string) =>
    api("GET", `/api/product-passports/${uuid}?grant=${encodeURIComponent(grant)}`, { headers: { [PEER_ADDRESS_HEADER]: address } });
  const readPage = (grant: string, address: string) =>
    call(passportPage.GET, `/p/${uuid}?grant=${encodeURIComponent(grant)}`, address, { uuid });

  it("limits reads per client address, unknown tokens included, with 429 and Retry-After", async () => {
    config.GRANT_READS_PER_MINUTE_PER_ADDRESS = 3;
    const grant = await createGrant();
    const address = freshAddress();
    expect((await readApi(grant.token, address)).status).toBe(200);
    expect((await readPage(grant.token, address)).status).toBe(200);
    // A guesser's unknown token counts against the address too.
    expect((await readApi("x".repeat(43), address)).status).toBe(200);
    const refused = await readApi(grant.token, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await readPage(grant.token, address);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    // Without a grant the passport is public and unlimited here.
    expect((await api("GET", `/api/product-passports/${uuid}`, { headers: { [PEER_ADDRESS_HEADER]: address } })).status).toBe(200);
  });

  it("limits reads per grant across addresses", async () => {
    config.GRANT_READS_PER_MINUTE_PER_GRANT = 4;
    const grant = await createGrant();
    for (let i = 0; i < 4; i++) expect((await readApi(grant.token, freshAddress())).status).toBe(200);
    const refused = await readApi(grant.token, freshAddress());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another grant of the same model is not affected.
    const other = await createGrant();
    expect((await readApi(other.token, freshAddress())).status).toBe(200);
  });
});

describe("the AAS read API", () => {
  const read = (path: string, address: string, token?: string) =>
    api<{ statusCode?: number; messages?: { code: string }[] }>("GET", `/api/aas${path}`, {
      headers: { [PEER_ADDRESS_HEADER]: address },
      ...(token && { token }),
    });

  it("limits anonymous reads per client address with 429 and Retry-After; members are limited per key instead", async () => {
    config.AAS_READS_PER_MINUTE_PER_ADDRESS = 3;
    const address = freshAddress();
    expect((await read("/shells", address)).status).toBe(200);
    expect((await read("/submodels?limit=1", address)).status).toBe(200);
    const lookup = await api("POST", "/api/aas/lookup/shellsByAssetLink", {
      headers: { [PEER_ADDRESS_HEADER]: address },
      body: [{ name: "globalAssetId", value: "https://example.com/none" }],
    });
    expect(lookup.status).toBe(200);
    const refused = await read("/shells", address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ statusCode: 429, messages: [{ code: "429" }] });
    // The same address with an API key reads on: a member is counted per key.
    expect((await read("/shells", address, world.token)).status).toBe(200);
    // Another address has its own budget.
    expect((await read("/shells", freshAddress())).status).toBe(200);
  });
});
