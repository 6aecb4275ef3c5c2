import { REST_API_ROUTES } from "~/server/openapi/rest-api-routes";
import { restRoutes, type RouteHandler } from "~/server/rest/rest-route";

/**
 * A route under /api is declared once, in the route table (`REST_API_ROUTES`, src/server/openapi/rest-api-routes.ts:
 * method, path, who may call it, its schemas, its caching, its OpenAPI entry), and its route file names that
 * declaration by path: `apiRoutes("/api/organizations/{orgaId}/models", { GET: …, POST: … })`. From the one entry come
 * the OpenAPI document, the methods the file serves and its 405's `Allow`, and the route list of the integration tests
 * (tests/integration/support/api-actors.ts). A file serving a method its declaration lacks, or lacking one it declares,
 * fails as it loads — so no route can drift from its declaration (src/server/rest/api-routes.test.ts also checks that
 * each file names its own folder's path, and that every declaration has its file).
 */

type Served = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The methods the table declares for a path, upper case, in the table's order. */
export function declaredMethods(path: string): Served[] {
  return REST_API_ROUTES.filter((route) => route.path === path).map((route) => route.method.toUpperCase() as Served);
}

const served: string[] = [];

/** The declared paths whose route files have loaded, in load order (for the test that matches files to paths). */
export function servedDeclarations(): readonly string[] {
  return served;
}

export function apiRoutes<M extends Partial<Record<Served, RouteHandler | ((request: Request) => Promise<Response>)>>>(
  path: string,
  handlers: M,
  options: { notAllowed?: RouteHandler } = {},
) {
  const declared = declaredMethods(path).sort();
  const given = Object.keys(handlers).sort();
  if (declared.join() !== given.join()) {
    throw new Error(
      `${path} serves ${given.join(", ") || "nothing"} but the route table declares ${declared.join(", ") || "nothing"}.`,
    );
  }
  served.push(path);
  return restRoutes(handlers, options);
}
