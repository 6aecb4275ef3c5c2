import { apiRoutes } from "~/server/rest/api-routes";
import { openApiDocument } from "~/server/openapi/openapi-document";
import { cacheHeaders } from "~/server/http/cache-policy";

/** The API's OpenAPI 3.1 document: public (it describes the API, not anyone's data) and the same until a deploy. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/openapi.json", {
  GET: () => Promise.resolve(Response.json(openApiDocument(), { headers: cacheHeaders({ kind: "static", maxAgeS: 300 }) })),
});
