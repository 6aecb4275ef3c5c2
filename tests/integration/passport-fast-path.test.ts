import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as passportRouteModule from "~/app/api/product-passports/[uuid]/route";
import * as pageRouteModule from "~/app/p/[uuid]/route";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { passportFastPath, publishPassportRoutes, type RoutesManifest } from "~/server/http/passport-fast-path";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The passport fast path of the app's HTTP server (src/server/http/passport-fast-path.ts) answers exactly what the
 * route would through Next: the route module's own answer, with the headers Next adds from the routes manifest.
 * Requests it must not take reach the stand-in for Next. e2e/passports/passport-fast-path.spec.ts compares it with
 * Next itself in the built app.
 */

/** The shape of the build's manifest: next.config.mjs `headers()` for every path, and app routes' Vary. */
const MANIFEST: RoutesManifest = {
  basePath: "",
  caseSensitive: false,
  headers: [
    {
      regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
      headers: [
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "X-Frame-Options", value: "DENY" },
      ],
    },
  ],
  redirects: [],
  rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
  rsc: { varyHeader: "rsc, next-router-state-tree" },
};
const NEXT_HEADERS: [string, string][] = [
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
  ["vary", "rsc, next-router-state-tree"],
];
/** Transport headers Node's server writes itself, the same on either path. */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

let world: World;
let model: TModel;
let item: TItem;
let server: Server;
let origin: string;

beforeAll(async () => {
  world = await createWorld("fast-path");
  model = await postModel(world);
  const values = await api("PATCH", dataValuesPath(world, model.id), {
    token: world.token,
    body: [dv(IDS.general, IDS.name, 0, "Cell pack")],
  });
  expect(values.status).toBe(200);
  const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
  expect(created.status).toBe(201);
  item = created.body;
  publishPassportRoutes({ passport: passportRouteModule.GET, page: pageRouteModule.GET });
  const fastPath = passportFastPath(MANIFEST, false);
  if (typeof fastPath === "string") throw new Error(fastPath);
  // Next's stand-in: whatever the fast path leaves reaches it.
  server = createServer((request, response) => {
    const toNext = () => response.writeHead(418, { "content-type": "text/plain" }).end("next");
    if (!fastPath(request, response, toNext)) toNext();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const uuidOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";

type Answer = { status: number; headers: [string, string][]; body: string };

async function viaFastPath(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, init);
  const headers = [...response.headers].filter(([name]) => !TRANSPORT.has(name));
  return { status: response.status, headers, body: await response.text() };
}

/** The route module's answer as Next sends it: next.config's headers and Vary first, then the route's own. */
async function viaRoute(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const [, kind, uuid] = /^\/(api\/product-passports|p)\/([^/?]+)/.exec(path) ?? [];
  const route = kind === "p" ? pageRouteModule : passportRouteModule;
  // Next answers HEAD with the GET handler, without the body.
  const response = await route.GET(new Request(`${origin}${path}`, init), { params: Promise.resolve({ uuid }) });
  const headers = new Map(NEXT_HEADERS);
  for (const [name, value] of response.headers) headers.set(name, value);
  const body = init.method === "HEAD" ? "" : await response.text();
  return { status: response.status, headers: [...headers].sort(([a], [b]) => a.localeCompare(b)), body };
}

async function expectSameAnswer(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const fast = await viaFastPath(path, init);
  const route = await viaRoute(path, init);
  expect({ ...fast, headers: [...fast.headers].sort(([a], [b]) => a.localeCompare(b)) }).toEqual(route);
  return fast;
}

describe("the passport fast path", () => {
  it("answers a model's and an item's passport, and the page, as the routes do (GET and HEAD)", async () => {
    for (const uuid of [uuidOf(model), uuidOf(item)]) {
      for (const path of [`/api/product-passports/${uuid}`, `/p/${uuid}`]) {
        const answer = await expectSameAnswer(path);
        expect(answer.status).toBe(200);
        expect(answer.body.length).toBeGreaterThan(100);
        const head = await expectSameAnswer(path, { method: "HEAD" });
        expect(head.headers).toEqual(answer.headers);
      }
    }
  });

  it("answers 304 to an If-None-Match naming the current ETag", async () => {
    for (const path of [`/api/product-passports/${uuidOf(model)}`, `/p/${uuidOf(model)}`]) {
      const { headers } = await viaFastPath(path);
      const etag = new Map(headers).get("etag") ?? "";
      const notModified = await expectSameAnswer(path, { headers: { "if-none-match": etag } });
      expect(notModified.status).toBe(304);
      expect(notModified.body).toBe("");
    }
  });

  it("answers an unknown passport with the route's 404, JSON or a page", async () => {
    const unknown = crypto.randomUUID();
    expect((await expectSameAnswer(`/api/product-passports/${unknown}`)).status).toBe(404);
    expect((await expectSameAnswer(`/p/${unknown}`, { headers: { accept: "text/html" } })).status).toBe(404);
  });

  it("shows a write through the API on the next read", async () => {
    const path = `/api/product-passports/${uuidOf(model)}`;
    const before = await viaFastPath(path);
    const page = await viaFastPath(`/p/${uuidOf(model)}`);
    const renamed = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.general, IDS.name, 0, "Renamed cell pack")],
    });
    expect(renamed.status).toBe(200);
    const after = await expectSameAnswer(path);
    expect(new Map(after.headers).get("etag")).not.toBe(new Map(before.headers).get("etag"));
    expect(after.body).toContain("Renamed cell pack");
    const pageAfter = await expectSameAnswer(`/p/${uuidOf(model)}`);
    expect(pageAfter.body).toContain("Renamed cell pack");
    expect(pageAfter.body).not.toBe(page.body);
  });

  it("leaves to Next what may need a caller, a grant or Next's router", async () => {
    const uuid = uuidOf(model);
    const toNext: [string, { method?: string; headers?: Record<string, string> }][] = [
      [`/api/product-passports/${uuid}`, { headers: { cookie: "better-auth.session_token=x" } }],
      [`/api/product-passports/${uuid}`, { headers: { api_token: world.token } }],
      [`/api/product-passports/${uuid}`, { headers: { authorization: `Bearer ${world.token}` } }],
      [`/api/product-passports/${uuid}?grant=secret`, {}],
      [`/p/${uuid}?grant=secret`, {}],
      [`/p/${uuid}`, { headers: { rsc: "1" } }],
      [`/p/${uuid}`, { headers: { "next-router-prefetch": "1" } }],
      [`/p/${uuid}`, { method: "POST" }],
      [`/p/${uuid.toUpperCase()}`, {}],
      [`/p/${uuid}/`, {}],
      [`/p/${uuid}/qr.svg`, {}],
    ];
    for (const [path, init] of toNext) expect((await viaFastPath(path, init)).body, path).toBe("next");
  });
});
