import { declaredCacheControl } from "~/server/http/cache-policy";
import { REST_API_ROUTES, type RestApiRoute } from "~/server/openapi/rest-api-routes";
import { unexpectedErrorResponse } from "~/server/rest/error-response";
import { type RouteContext, restRoutes, type RouteHandler } from "~/server/rest/rest-route";

/**
 * A route under /api is declared once, in the route table (`REST_API_ROUTES`, src/server/openapi/rest-api-routes.ts:
 * method, path, the operation it performs (hence the role and key scope it needs), its schemas, its caching, its
 * OpenAPI entry), and its route file names that declaration by path:
 * `apiRoutes("/api/organizations/{orgaId}/models", { GET: …, POST: … })`. From the one entry come the OpenAPI
 * document, the methods the file serves and its 405's `Allow`, each answer's `Cache-Control`, and the route list and
 * expected cells of the integration tests (tests/integration/support/api-actors.ts, the authorization matrix). A file
 * serving a method its declaration lacks, or lacking one it declares, fails as it loads — so no route can drift from
 * its declaration (src/server/rest/api-routes.test.ts also checks that each file names its own folder's path, and that
 * every declaration has its file). Who may call is still enforced once, by the services (`assertMayDo`), for REST and
 * tRPC alike; the declaration states it, and the authorization matrix holds the two together.
 */

type Served = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type AnyHandler = RouteHandler | ((request: Request) => Promise<Response>);

/** The methods the table declares for a path, upper case, in the table's order. */
export function declaredMethods(path: string): Served[] {
  return REST_API_ROUTES.filter((route) => route.path === path).map((route) => route.method.toUpperCase() as Served);
}

const served: string[] = [];

/** The declared paths whose route files have loaded, in load order (for the test that matches files to paths). */
export function servedDeclarations(): readonly string[] {
  return served;
}

export function apiRoutes<M extends Partial<Record<Served, AnyHandler>>>(
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
  const declaredHandlers = Object.fromEntries(
    Object.entries(handlers).map(([method, handler]) => [method, withDeclaredCaching(path, method, handler)]),
  ) as M;
  return restRoutes(declaredHandlers, options);
}

/**
 * A success answer (2xx, 304) gets its declaration's `Cache-Control` where the handler set none, and one whose
 * caching contradicts the declaration is a programmer error: a 500 (logged), never an answer cached other than
 * declared — a member's data in a shared cache would leak it (docs/api.md §Caching). An error answer is refused
 * shared or static caching only. HEAD is answered by GET's handler, hence checked as GET.
 */
function withDeclaredCaching(path: string, method: string, handler: RouteHandler): RouteHandler {
  const route = REST_API_ROUTES.find((entry) => entry.path === path && entry.method.toUpperCase() === method) as RestApiRoute;
  return async (request: Request, context: RouteContext) => {
    const response = await handler(request, context);
    const isSuccess = response.status < 300 || response.status === 304;
    const { set, problem } = declaredCacheControl(isSuccess ? route.cache : undefined, response.headers);
    if (problem) return unexpectedErrorResponse(new Error(`${method} ${path} answered ${problem} (route table).`));
    if (set) response.headers.set("Cache-Control", set);
    return response;
  };
}
