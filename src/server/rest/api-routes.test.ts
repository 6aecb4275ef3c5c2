import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REST_API_ROUTES } from "~/server/openapi/rest-api-routes";
import { apiRoutes, declaredMethods, servedDeclarations } from "~/server/rest/api-routes";

const API_ROOT = path.join(process.cwd(), "src/app/api");

/** Route folders under src/app/api that are not the REST API the route table declares. */
const UNDECLARED: Record<string, string> = {
  "[...rest]": "the catch-all answering 404 for unknown /api paths",
  "auth/[...all]": "better-auth's own sign-in/up endpoints",
  "trpc/[trpc]": "tRPC, the browser's typed API",
};

function routeFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFolders(full);
    return entry.name === "route.ts" ? [path.relative(API_ROOT, dir).split(path.sep).join("/")] : [];
  });
}

/** The table's path of a folder: each `[param]` or `[...param]` segment is `{param}`. */
const declaredPathOf = (folder: string) => `/api/${folder}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");

describe("a route under /api declares itself once, in the route table", () => {
  it("each route file names its own folder's declaration, and every declaration has its file", async () => {
    const folders = routeFolders(API_ROOT);
    for (const folder of folders) {
      const file = path.join(API_ROOT, folder, "route.ts");
      // The path a file names is a literal in it (directly or through a factory such as dataValuesRoutes).
      const text = readFileSync(file, "utf8");
      if (folder in UNDECLARED) expect(text, `${folder} is not the REST API`).not.toContain("apiRoutes(");
      else expect(text.match(/"\/api\/[^"]*"/g), `${folder}/route.ts names its declaration`).toEqual([`"${declaredPathOf(folder)}"`]);
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
});
