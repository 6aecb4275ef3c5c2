import { API_REFERENCE_HTML } from "~/server/openapi/api-reference-page";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** The API reference page (Swagger UI over /api/openapi.json); public, like the document it shows. */
function apiReferencePage(): Promise<Response> {
  return Promise.resolve(new Response(API_REFERENCE_HTML, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/docs/api", { GET: apiReferencePage });
