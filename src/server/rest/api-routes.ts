import { REST_API_ROUTES } from "~/server/openapi/rest-api-routes";
import { declaredRoutesOf } from "~/server/rest/declared-routes";

/**
 * A route under /api is declared once, in the route table (`REST_API_ROUTES`, src/server/openapi/rest-api-routes.ts:
 * method, path, the operation it performs (hence the role and key scope it needs), its schemas, its caching, its
 * OpenAPI entry), and its route file names that declaration by path:
 * `apiRoutes("/api/organizations/{orgaId}/models", { GET: …, POST: … })`. From the one entry come the OpenAPI
 * document, the methods the file serves and its 405's `Allow`, each answer's `Cache-Control` (all three through
 * src/server/rest/declared-routes.ts, as for the public routes outside /api), and the route list and expected cells
 * of the integration tests (tests/integration/support/api-actors.ts, the authorization matrix). A file serving a
 * method its declaration lacks, or lacking one it declares, fails as it loads — so no route can drift from its
 * declaration (src/server/rest/api-routes.test.ts also checks that each file names its own folder's path, and that
 * every declaration has its file). Who may call is still enforced once, by the services (`assertMayDo`), for REST and
 * tRPC alike; the declaration states it, and the authorization matrix holds the two together.
 */
export const { routes: apiRoutes, declaredMethods, servedDeclarations } = declaredRoutesOf(REST_API_ROUTES, "the route table");
