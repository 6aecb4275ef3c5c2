import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/openapi/openapi-document";
import { assertResponseMatchesOpenApi } from "../../../tests/integration/support/openapi-responses";

const API_ROOT = path.join(process.cwd(), "src/app/api");

/** Route folders under src/app/api that are not the REST API the document describes. */
const NOT_DOCUMENTED: Record<string, string> = {
  "/[...rest]": "the catch-all answering 404 for unknown /api paths",
  "/auth/[...all]": "better-auth's own sign-in/up endpoints",
  "/trpc/[trpc]": "tRPC, the browser's typed API",
};

/**
 * A catch-all route whose `Allow` differs by path (the AAS read API takes POST on one path only): the paths asked
 * besides the route's own, so every method it serves somewhere is found.
 */
const PATHS_WITH_OWN_METHODS: Record<string, object[]> = { "/aas/[...path]": [{ path: ["lookup", "shellsByAssetLink"] }] };

/**
 * `METHOD /api/path/{param}` for each method a route file serves, found on disk: every route file exports all
 * methods through restRoutes, and its answer to OPTIONS (served by none) names in `Allow` those it serves.
 */
async function routesOnDisk(): Promise<{ operations: string[]; folders: string[] }> {
  const operations: string[] = [];
  const folders: string[] = [];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") files.push(full);
    }
  };
  walk(API_ROOT);
  for (const full of files) {
    const folder = `/${path.relative(API_ROOT, path.dirname(full)).split(path.sep).join("/")}`;
    folders.push(folder);
    if (folder in NOT_DOCUMENTED) continue;
    const route = (await import(full)) as { OPTIONS: (request: Request, context: { params: Promise<object> }) => Promise<Response> };
    const methods: string[] = [];
    for (const params of [{}, ...(PATHS_WITH_OWN_METHODS[folder] ?? [])]) {
      const answer = await route.OPTIONS(new Request("http://localhost/", { method: "OPTIONS" }), { params: Promise.resolve(params) });
      const allowed = (answer.headers.get("allow") ?? "").split(", ").filter((m) => m !== "HEAD" && m !== "");
      methods.push(...allowed.filter((method) => !methods.includes(method)));
    }
    expect(methods, `${full} serves no method through restRoutes`).not.toEqual([]);
    // A catch-all folder (`[...path]`) is one parameter holding the rest of the path.
    const openApiPath = `/api${folder}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
    for (const method of methods) operations.push(`${method} ${openApiPath}`);
  }
  return { operations: operations.sort(), folders };
}

function documentedOperations(): string[] {
  return Object.entries(openApiDocument().paths ?? {})
    .flatMap(([apiPath, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ["get", "post", "put", "patch", "delete"].includes(key))
        .map((method) => `${method.toUpperCase()} ${apiPath}`),
    )
    .sort();
}

const ORG = "11111111-1111-1111-1111-111111111111";
const MODEL = "22222222-2222-2222-2222-222222222222";
const notFound = { statusCode: 404, error: "Not Found", message: "No model with that id." };

describe("the OpenAPI document", () => {
  it("describes exactly the methods the route files under src/app/api serve", async () => {
    const { operations, folders } = await routesOnDisk();
    expect(documentedOperations()).toEqual(operations);
    // Every exclusion names a folder that still exists, so it cannot hide a renamed route.
    for (const folder of Object.keys(NOT_DOCUMENTED)) expect(folders).toContain(folder);
    // Importing every route module loads the whole service layer once.
  }, 60_000);

  it("is OpenAPI 3.1 with the key and bearer schemes and the shared error body", () => {
    const document = openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(["api_token", "bearer"]);
    expect(document.components?.schemas?.ErrorBody).toBeDefined();
  });

  it("accepts a response it documents and refuses one it does not", () => {
    const modelPath = `/api/organizations/${ORG}/models/${MODEL}`;
    expect(() => assertResponseMatchesOpenApi("GET", modelPath, 404, notFound)).not.toThrow();
    expect(() => assertResponseMatchesOpenApi("GET", modelPath, 200, { id: MODEL })).toThrow(/does not match/);
    expect(() => assertResponseMatchesOpenApi("GET", modelPath, 404, { message: "no" })).toThrow(/does not match/);
    expect(() => assertResponseMatchesOpenApi("GET", modelPath, 418, notFound)).toThrow(/lists no 418/);
    expect(() =>
      assertResponseMatchesOpenApi("PUT", modelPath, 405, { ...notFound, statusCode: 405, error: "Method Not Allowed" }),
    ).not.toThrow();
    expect(() => assertResponseMatchesOpenApi("GET", "/api/nothing", 404, notFound)).not.toThrow();
  });

  it("takes a HEAD as a GET, and a 204 as no body", () => {
    const modelPath = `/api/organizations/${ORG}/models/${MODEL}`;
    expect(() => assertResponseMatchesOpenApi("HEAD", modelPath, 200, undefined)).not.toThrow();
    expect(() => assertResponseMatchesOpenApi("HEAD", modelPath, 200, { id: MODEL })).toThrow(/does not match/);
    expect(() => assertResponseMatchesOpenApi("HEAD", modelPath, 418, undefined)).toThrow(/lists no 418/);
    expect(() => assertResponseMatchesOpenApi("HEAD", `${modelPath}/data-values`, 405, undefined)).not.toThrow();
    const itemPath = `${modelPath}/items/${MODEL}`;
    expect(() => assertResponseMatchesOpenApi("DELETE", itemPath, 204, undefined)).not.toThrow();
    expect(() => assertResponseMatchesOpenApi("DELETE", itemPath, 204, {})).toThrow(/promises no body/);
  });

  it("pages the model and item lists with a Link header", () => {
    const paths = openApiDocument().paths ?? {};
    for (const list of ["/api/organizations/{orgaId}/models", "/api/organizations/{orgaId}/models/{modelId}/items"]) {
      expect(paths[list]?.get?.responses?.["200"]).toMatchObject({ headers: { Link: expect.anything() } });
    }
    expect(() => assertResponseMatchesOpenApi("GET", `/api/organizations/${ORG}/models`, 200, [])).not.toThrow();
    expect(() =>
      assertResponseMatchesOpenApi("GET", `/api/organizations/${ORG}/models`, 200, { items: [], nextCursor: null }),
    ).toThrow(/does not match/);
  });

  it("leaves room in the error body for keys a later version adds", () => {
    const capped = {
      statusCode: 400,
      error: "Bad Request",
      message: "Invalid.",
      issues: [{ path: "$", message: "x" }],
      issuesOmitted: 3,
    };
    expect(() => assertResponseMatchesOpenApi("GET", `/api/organizations/${ORG}/models`, 400, capped)).not.toThrow();
  });

  it("states for each operation the role and key scope it needs, and for each GET its caching", () => {
    const paths = openApiDocument().paths ?? {};
    const at = (path: string, method: "get" | "post" | "patch") => paths[path]?.[method] as Record<string, unknown>;
    const models = "/api/organizations/{orgaId}/models";
    expect(at(models, "post")).toMatchObject({ "x-required-role": "editor", "x-required-scope": "write" });
    expect(at(models, "post").description).toContain("Needs the editor role or above; an API key needs the write scope");
    expect(at(models, "get")).toMatchObject({ "x-required-role": "viewer", "x-required-scope": "read", "x-cache": "private" });
    expect(at(`${models}/{modelId}/items/{itemId}/readings`, "post")).toMatchObject({ "x-required-scope": "readings" });
    const member = at("/api/organizations/{orgaId}/members/{userId}", "patch");
    expect(member).toMatchObject({ "x-required-role": "admin", "x-session-only": true });
    expect(member).not.toHaveProperty("x-required-scope");
    expect(at("/api/organizations/{orgaId}/audit-log", "get")).toMatchObject({
      "x-required-role": "admin",
      "x-required-scope": "admin",
    });
    const passport = at("/api/product-passports/{uuid}", "get");
    expect(passport).toMatchObject({ security: [], "x-cache": "reader" });
    expect(passport).not.toHaveProperty("x-required-role");
    expect(at("/api/openapi.json", "get")).toMatchObject({ "x-cache": "static" });
    // Every operation of a member says what it needs; every GET says how it is cached.
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item ?? {}) as [string, Record<string, unknown>][]) {
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
        if (!isPublic && path.startsWith("/api/organizations/{orgaId}"))
          expect(operation, `${method} ${path}`).toHaveProperty("x-required-role");
        if (method === "get") expect(operation, `${method} ${path}`).toHaveProperty("x-cache");
      }
    }
  });
});
