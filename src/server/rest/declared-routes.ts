import { declaredCacheControl, type DeclaredCaching } from "~/server/http/cache-policy";
import { unexpectedErrorResponse } from "~/server/rest/error-response";
import { type RouteContext, restRoutes, type RouteHandler } from "~/server/rest/rest-route";

/**
 * The machinery of a route table (the REST API's, src/server/rest/api-routes.ts; the public routes outside /api,
 * src/server/public-pages/public-route-table.ts): a route file names its entry by path, `routes(path, { GET: … })`,
 * and from the table come the methods it serves (a file serving other methods than declared fails as it loads), its
 * 405's `Allow`, and each answer's `Cache-Control` (set where the handler set none, refused where it contradicts).
 */

/** What a table declares of one method of one path. */
export type RouteDeclaration = { path: string; method: "get" | "post" | "put" | "patch" | "delete"; cache?: DeclaredCaching };

type Served = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type AnyHandler = RouteHandler | ((request: Request) => Promise<Response>);

export function declaredRoutesOf(table: readonly RouteDeclaration[], tableName: string) {
  const served: string[] = [];

  /** The methods the table declares for a path, upper case, in the table's order. */
  function declaredMethods(path: string): Served[] {
    return table.filter((route) => route.path === path).map((route) => route.method.toUpperCase() as Served);
  }

  /** The declared paths whose route files have loaded, in load order (for the test that matches files to paths). */
  function servedDeclarations(): readonly string[] {
    return served;
  }

  function routes<M extends Partial<Record<Served, AnyHandler>>>(
    path: string,
    handlers: M,
    options: { notAllowed?: RouteHandler } = {},
  ) {
    const declared = declaredMethods(path).sort();
    const given = Object.keys(handlers).sort();
    if (declared.join() !== given.join()) {
      throw new Error(
        `${path} serves ${given.join(", ") || "nothing"} but ${tableName} declares ${declared.join(", ") || "nothing"}.`,
      );
    }
    served.push(path);
    const declaredHandlers = Object.fromEntries(
      Object.entries(handlers).map(([method, handler]) => {
        const route = table.find((entry) => entry.path === path && entry.method.toUpperCase() === method) as RouteDeclaration;
        return [method, withDeclaredCaching(`${method} ${path} (${tableName})`, route.cache, handler)];
      }),
    ) as M;
    return restRoutes(declaredHandlers, options);
  }

  return { routes, declaredMethods, servedDeclarations };
}

/**
 * A success answer (2xx, 304) gets its declaration's `Cache-Control` where the handler set none, and one whose
 * caching contradicts the declaration is a programmer error: a 500 (logged), never an answer cached other than
 * declared — a member's data in a shared cache would leak it (docs/api.md §Caching). An error answer (a redirect
 * too) is refused shared or static caching only. HEAD is answered by GET's handler, hence checked as GET.
 */
function withDeclaredCaching(route: string, cache: DeclaredCaching | undefined, handler: RouteHandler): RouteHandler {
  return async (request: Request, context: RouteContext) => {
    const response = await handler(request, context);
    const isSuccess = response.status < 300 || response.status === 304;
    const { set, problem } = declaredCacheControl(isSuccess ? cache : undefined, response.headers);
    if (problem) return unexpectedErrorResponse(new Error(`${route} answered ${problem}.`));
    if (set) response.headers.set("Cache-Control", set);
    return response;
  };
}
