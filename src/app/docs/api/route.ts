import { API_REFERENCE_HTML } from "~/server/openapi/api-reference-page";

/** The API reference page (Swagger UI over /api/openapi.json); public, like the document it shows. */
export function GET(): Response {
  return new Response(API_REFERENCE_HTML, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
