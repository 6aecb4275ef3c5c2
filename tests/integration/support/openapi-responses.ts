import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import { openApiDocument } from "~/server/openapi/openapi-document";
import { assertAasResponseMatchesSpec } from "./aas-openapi";

/**
 * Checks a REST response against the OpenAPI document the app serves: its status must be one the document lists for
 * that path and method, and its body must match that response's schema (JSON Schema 2020-12, as OpenAPI 3.1 writes
 * it). A path no route serves must be the catch-all's 404, a method a path does not serve the 405, both with the
 * error body. `api()` runs it on every response, so every REST integration test also tests the document.
 */

type JsonObject = Record<string, unknown>;

const document = openApiDocument() as unknown as JsonObject & { paths: Record<string, JsonObject> };

// Not strict: the document carries OpenAPI's own keys (paths, components) around its schemas.
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(document, "openapi");

const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`),
    // A literal segment wins over a parameter (`/items/bulk` before `/items/{itemId}`).
    parameters: template.split("{").length - 1,
  }))
  .sort((a, b) => a.parameters - b.parameters);

function pointer(...segments: string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/**
 * The JSON pointer of the body schema of one documented response, following a `$ref` to a shared response; null for
 * a response documented without a body (204).
 */
function responseSchemaPointer(template: string, method: string, status: number): string | null | undefined {
  const operation = document.paths[template]?.[method] as { responses?: Record<string, JsonObject> } | undefined;
  const response = operation?.responses?.[String(status)];
  if (!response) return undefined;
  const ref = response.$ref;
  if (typeof ref !== "string" && !response.content) return null;
  const base = typeof ref === "string" ? ref.slice(1) : pointer("paths", template, method, "responses", String(status));
  return `${base}${pointer("content", "application/json", "schema")}`;
}

function validator(at: string): ValidateFunction {
  const validate = ajv.getSchema(`openapi#${at}`);
  if (!validate) throw new Error(`the OpenAPI document has no schema at ${at}`);
  return validate;
}

/** Throws, naming the route and each mismatch, when the response is not what the document promises. */
export function assertResponseMatchesOpenApi(method: string, pathname: string, status: number, body: unknown): void {
  // The AAS read API answers as the IDTA's own OpenAPI files say (docs/aas.md §Read API).
  if (pathname.startsWith("/api/aas/")) return assertAasResponseMatchesSpec(method, pathname, status, body);
  const where = `${method} ${pathname} → ${status}`;
  // HEAD is GET without the body (RFC 9110 §9.3.2): its status must be one GET may answer. Called in process, the
  // handler still returns GET's body (the HTTP server drops it), so a body there must be GET's.
  const isHead = method === "HEAD";
  const documented = (isHead ? "GET" : method).toLowerCase();
  const match = templates.find(({ pattern }) => pattern.test(pathname));
  let at: string | null | undefined;
  if (!match) {
    if (status !== 404) throw new Error(`${where}: no documented path matches, yet the answer is not the catch-all's 404`);
    at = pointer("components", "schemas", "ErrorBody");
  } else if (!document.paths[match.template]?.[documented]) {
    if (status !== 405) throw new Error(`${where}: ${match.template} documents no ${method}, yet the answer is not 405`);
    at = pointer("components", "schemas", "ErrorBody");
  } else {
    at = responseSchemaPointer(match.template, documented, status);
    if (at === undefined)
      throw new Error(`${where}: the OpenAPI document lists no ${status} response for ${method} ${match.template}`);
    if (at === null) {
      if (body !== undefined) throw new Error(`${where}: the OpenAPI document promises no body, yet one came`);
      return;
    }
  }
  if (isHead && body === undefined) return;
  const validate = validator(at);
  if (!validate(body)) {
    const problems = ajv.errorsText(validate.errors, { separator: "\n  ", dataVar: "body" });
    throw new Error(`${where}: the body does not match the OpenAPI document (${at}):\n  ${problems}`);
  }
}
