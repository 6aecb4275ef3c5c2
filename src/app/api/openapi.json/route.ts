import { apiRoutes } from "~/server/rest/api-routes";
import { openApiDocument } from "~/server/openapi/openapi-document";

/** The API's OpenAPI 3.1 document: public (it describes the API, not anyone's data); cached as its declaration says. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/openapi.json", {
  GET: () => Promise.resolve(Response.json(openApiDocument())),
});
