import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRIVATE_CACHE_CONTROL } from "~/server/http/cache-policy";
import { REST_API_ROUTES } from "~/server/openapi/rest-api-routes";
import { PUBLIC_ROUTES, publicRoutes, servedPublicDeclarations } from "~/server/public-pages/public-route-table";
import { apiRoutes, declaredMethods, servedDeclarations } from "~/server/rest/api-routes";
import type { RouteHandler } from "~/server/rest/rest-route";
import { OPERATION_ROLES } from "~/server/services/access";

const APP_ROOT = path.join(process.cwd(), "src/app");
const API_ROOT = path.join(APP_ROOT, "api");

/** Route folders under src/app/api that are not the REST API the route table declares. */
const UNDECLARED: Record<string, string> = {
  "[...rest]": "the catch-all answering 404 for unknown /api paths",
  "auth/[...all]": "better-auth's own sign-in/up endpoints",
  "trpc/[trpc]": "tRPC, the browser's typed API",
};

/** The folders holding a route.ts under `root`, relative to it, leaving out `skip` (a folder under it). */
function routeFolders(root: string, skip?: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === skip ? [] : routeFolders(root, skip, full);
    return entry.name === "route.ts" ? [path.relative(root, dir).split(path.sep).join("/")] : [];
  });
}

/** The table's path of a folder: each `[param]` or `[...param]` segment is `{param}`. */
const declaredPathOf = (folder: string) => `/${folder}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");

describe("a route under /api declares itself once, in the route table", () => {
  it("each route file names its own folder's declaration, and every declaration has its file", async () => {
    const folders = routeFolders(API_ROOT);
    for (const folder of folders) {
      const file = path.join(API_ROOT, folder, "route.ts");
      // The path a file names is a literal in it (directly or through a factory such as dataValuesRoutes).
      const text = readFileSync(file, "utf8");
      if (folder in UNDECLARED) expect(text, `${folder} is not the REST API`).not.toContain("apiRoutes(");
      else
        expect(text.match(/"\/api\/[^"]*"/g), `${folder}/route.ts names its declaration`).toEqual([
          `"${declaredPathOf(`api/${folder}`)}"`,
        ]);
      await import(file);
    }
    // Loaded, every file went through apiRoutes, which checked its methods against the table: every declared path is
    // served, and nothing else is.
    const declared = [...new Set(REST_API_ROUTES.map((route) => route.path))].sort();
    expect([...new Set(servedDeclarations())].sort()).toEqual(declared);
    for (const folder of Object.keys(UNDECLARED)) expect(folders).toContain(folder);
  }, 60_000);

  it("refuses, as the file loads, a route serving other methods than its declaration", () => {
    const handler = () => Promise.resolve(new Response(null));
    const models = "/api/organizations/{orgaId}/models";
    expect(declaredMethods(models).sort()).toEqual(["GET", "POST"]);
    expect(() => apiRoutes(models, { GET: handler })).toThrow(/serves GET but the route table declares GET, POST/);
    expect(() => apiRoutes(models, { GET: handler, POST: handler, DELETE: handler })).toThrow(/declares GET, POST/);
    expect(() => apiRoutes("/api/nowhere", { GET: handler })).toThrow(/declares nothing/);
  });

  it("answers the methods it does not serve with 405 naming the declared ones", async () => {
    const handler = () => Promise.resolve(new Response(null));
    const route = apiRoutes("/api/organizations/{orgaId}/models", { GET: handler, POST: handler });
    const refusal = await route.DELETE(new Request("http://localhost/", { method: "DELETE" }), { params: Promise.resolve({}) });
    expect(refusal.status).toBe(405);
    expect(refusal.headers.get("allow")).toBe("GET, POST, HEAD");
  });

  it("names, for every route in an organization's path, the operation its members perform there", () => {
    for (const route of REST_API_ROUTES.filter((entry) => entry.path.startsWith("/api/organizations/{orgaId}"))) {
      expect(Object.keys(OPERATION_ROLES), `${route.method} ${route.path}`).toContain(route.operation);
    }
    // "own" is a caller's own, outside any organization.
    for (const route of REST_API_ROUTES.filter((entry) => entry.operation === "own")) expect(route.path).not.toMatch(/\{orgaId\}/);
  });
});

describe("a route outside /api declares itself once, in the public route table", () => {
  it("each route file names its own folder's declaration, and every declaration has its file", async () => {
    const folders = routeFolders(APP_ROOT, API_ROOT);
    for (const folder of folders) {
      const file = path.join(APP_ROOT, folder, "route.ts");
      const text = readFileSync(file, "utf8");
      expect(text.match(/publicRoutes\("[^"]*"/g), `${folder}/route.ts names its declaration`).toEqual([
        `publicRoutes("${declaredPathOf(folder)}"`,
      ]);
      await import(file);
    }
    const declared = [...new Set(PUBLIC_ROUTES.map((route) => route.path))].sort();
    expect(servedPublicDeclarations().toSorted()).toEqual(declared);
    expect(folders.length).toBe(declared.length);
  }, 60_000);

  it("refuses, as the file loads, a route serving other methods than its declaration", () => {
    const handler = () => Promise.resolve(new Response(null));
    expect(() => publicRoutes("/p/{uuid}", { GET: handler, POST: handler })).toThrow(
      /serves GET, POST but the public route table declares GET/,
    );
    expect(() => publicRoutes("/p/nowhere", { GET: handler })).toThrow(/declares nothing/);
  });

  it("never lets a shared cache keep what a grant opens", () => {
    // A `?grant=` read may open restricted fields: its route's caching must tell a grant read from a public one.
    for (const route of PUBLIC_ROUTES.filter((entry) => entry.reader === "grant")) expect(route.cache, route.path).toBe("reader");
  });
});

describe("an answer is cached as its route declares", () => {
  const context = { params: Promise.resolve({}) };
  const get = (path: string) => new Request(`http://localhost${path}`);
  const answering =
    (headers: Record<string, string> = {}, status = 200): RouteHandler =>
    () =>
      Promise.resolve(Response.json({}, { status, headers }));

  it("gets its declared Cache-Control where the handler set none", async () => {
    const models = apiRoutes("/api/organizations/{orgaId}/models", { GET: answering(), POST: answering({}, 201) });
    expect((await models.GET(get("/"), context)).headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect((await models.HEAD(get("/"), context)).headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    // A write's answer is stored by no cache: nothing is added; nor to an error answer.
    expect((await models.POST(get("/"), context)).headers.get("cache-control")).toBeNull();
    const refused = apiRoutes("/api/organizations/{orgaId}/models", { GET: answering({}, 404), POST: answering() });
    expect((await refused.GET(get("/"), context)).headers.get("cache-control")).toBeNull();
    const document = apiRoutes("/api/openapi.json", { GET: answering() });
    expect((await document.GET(get("/"), context)).headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("refuses, with a 500, an answer whose caching contradicts the declaration", async () => {
    const shared = { "Cache-Control": "public, max-age=5, s-maxage=5, stale-while-revalidate=5", "Surrogate-Key": "model-1" };
    const models = apiRoutes("/api/organizations/{orgaId}/models", { GET: answering(shared), POST: answering(shared, 201) });
    expect((await models.GET(get("/"), context)).status).toBe(500);
    expect((await models.POST(get("/"), context)).status).toBe(500);
    const noStore = apiRoutes("/api/organizations/{orgaId}/models", {
      GET: answering({ "Cache-Control": "no-store" }),
      POST: answering(),
    });
    expect((await noStore.GET(get("/"), context)).status).toBe(500);
    // A passport's read is shared or private by its reader, and only its handler knows the surrogate key.
    const passport = (headers: Record<string, string>) => apiRoutes("/api/product-passports/{uuid}", { GET: answering(headers) });
    expect((await passport({}).GET(get("/"), context)).status).toBe(500);
    expect((await passport({ "Cache-Control": shared["Cache-Control"] }).GET(get("/"), context)).status).toBe(500);
    expect((await passport(shared).GET(get("/"), context)).status).toBe(200);
    expect((await passport({ "Cache-Control": PRIVATE_CACHE_CONTROL }).GET(get("/"), context)).status).toBe(200);
    const stale = apiRoutes("/api/openapi.json", { GET: answering({ "Cache-Control": "public, max-age=60" }) });
    expect((await stale.GET(get("/"), context)).status).toBe(500);
  });

  it("holds a public route's answers to its declaration too", async () => {
    const asset = publicRoutes("/docs/api/{asset}", { GET: answering() });
    expect((await asset.GET(get("/"), context)).headers.get("cache-control")).toBe("public, max-age=3600");
    const sharedQr = publicRoutes("/p/{uuid}/qr.svg", { GET: answering() });
    expect((await sharedQr.GET(get("/"), context)).status).toBe(500);
    // A redirect is no success: the Digital Link's 307 keeps its own no-store, and none is added to a bare one.
    const redirect = publicRoutes("/01/{gtin}", { GET: answering({ "Cache-Control": "no-store" }, 307) });
    expect((await redirect.GET(get("/"), context)).headers.get("cache-control")).toBe("no-store");
    const page = publicRoutes("/docs/api", { GET: answering() });
    expect((await page.GET(get("/"), context)).headers.get("cache-control")).toBeNull();
  });
});
