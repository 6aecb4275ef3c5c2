import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";

/**
 * Checks an answer of our AAS read API (/api/aas) against the IDTA's own OpenAPI files of the read profiles
 * (../shared/standards/aas-api, IDTA-01002-3-1 V3.1.2): the operation whose path matches, the schema of the status
 * it answered (its `default`, a `Result`, for a status the operation does not list). The files refer to each other
 * by relative paths; each is added under its own URI, so ajv resolves those references as the files do.
 */

type JsonObject = Record<string, unknown>;
const ROOT = path.join(process.cwd(), "../shared/standards/aas-api");
const BASE = "https://aas-api.local/";
const SPECS = [
  "AssetAdministrationShellRepositoryServiceSpecification/V3.1_SSP-002.yaml",
  "SubmodelRepositoryServiceSpecification/V3.1_SSP-002.yaml",
  "DiscoveryServiceSpecification/V3.1_SSP-002.yaml",
] as const;

// OpenAPI 3.0 schemas are JSON Schema with extra keywords (example, x-…): not strict; formats are descriptive.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const documents = new Map<string, JsonObject & { paths?: Record<string, JsonObject> }>();
/**
 * Two schemas of Part 2 can match nothing: `SubmodelElementMetadata` and `SubmodelElementValue` are `oneOf` lists
 * of branches that accept any object (most branches are just the common attributes, or `type: object`), so every
 * object matches several and `oneOf` fails for every answer a server could give. Read as the specification's text
 * means them — the element's metadata (value) is one of these — they are `anyOf`; that is the one change made here.
 */
const ANY_OF = ["SubmodelElementMetadata", "SubmodelElementValue"];

for (const file of ["Part1-MetaModel-Schemas/openapi.yaml", "Part2-API-Schemas/openapi.yaml", ...SPECS]) {
  const document = parse(readFileSync(path.join(ROOT, file), "utf8")) as JsonObject;
  const schemas = (document.components as { schemas?: Record<string, JsonObject> } | undefined)?.schemas ?? {};
  for (const name of ANY_OF) {
    const schema = schemas[name];
    if (file.startsWith("Part2") && schema?.oneOf) {
      schema.anyOf = schema.oneOf;
      delete schema.oneOf;
    }
  }
  documents.set(file, document);
  ajv.addSchema(document, `${BASE}${file}`);
}

const operations = SPECS.flatMap((file) =>
  Object.keys(documents.get(file)?.paths ?? {}).map((template) => ({
    file,
    template,
    pattern: new RegExp(`^${template.replace(/\$/g, "\\$").replace(/\{\w+\}/g, "[^/]+")}$`),
    parameters: template.split("{").length - 1,
  })),
).sort((a, b) => a.parameters - b.parameters);

const pointer = (...segments: string[]) => segments.map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

function validator(file: string, at: string): ValidateFunction {
  const validate = ajv.getSchema(`${BASE}${file}#${at}`);
  if (!validate) throw new Error(`${file} has no schema at ${at}`);
  return validate;
}

/** The JSON pointer (within its file) of the response body's schema, following a `$ref` to a shared response. */
function responseSchema(file: string, template: string, method: string, status: number): { file: string; at: string } {
  const operation = documents.get(file)?.paths?.[template]?.[method] as { responses: Record<string, JsonObject> } | undefined;
  if (!operation) throw new Error(`${file} documents no ${method} ${template}`);
  const key = String(status) in operation.responses ? String(status) : "default";
  const response = operation.responses[key];
  if (!response) throw new Error(`${file} lists no ${status} (and no default) for ${method} ${template}`);
  if (typeof response.$ref === "string") {
    const [relative, fragment] = response.$ref.split("#");
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), relative ?? ""));
    return { file: target, at: `${fragment}${pointer("content", "application/json", "schema")}` };
  }
  return { file, at: pointer("paths", template, method, "responses", key, "content", "application/json", "schema") };
}

/** Throws, naming each mismatch, when an /api/aas answer is not what the IDTA's OpenAPI files promise. */
export function assertAasResponseMatchesSpec(method: string, pathname: string, status: number, body: unknown): void {
  const where = `${method} ${pathname} → ${status}`;
  // Matched as the server reads it: each segment percent-decoded (`%24value` is `$value`).
  const rest = pathname
    .replace(/^\/api\/aas/, "")
    .split("/")
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)).replace(/%24/g, "$"))
    .join("/");
  if (method === "POST" && rest === "/lookup/shellsByAssetLink") {
    // The one POST of the read profiles: Discovery's search by asset links.
    const { file, at } = responseSchema(SPECS[2], "/lookup/shellsByAssetLink", "post", status);
    const validate = validator(file, at);
    if (!validate(body)) {
      const problems = ajv.errorsText(validate.errors, { separator: "\n  ", dataVar: "body" });
      throw new Error(`${where}: the body does not match ${SPECS[2]} /lookup/shellsByAssetLink:\n  ${problems}`);
    }
    return;
  }
  if (method !== "GET" && method !== "HEAD") {
    // The profiles are read-only: any other method is our 405 (its body is also a valid Result).
    if (status !== 405) throw new Error(`${where}: a method the read profiles do not serve must answer 405`);
    return assertResult(where, body);
  }
  // GET /lookup/shells?assetIds= (V3.0's form) answers what V3.1's POST /lookup/shellsByAssetLink does.
  const match =
    rest === "/lookup/shells"
      ? { file: SPECS[2], template: "/lookup/shellsByAssetLink", method: "post" }
      : operations.map((o) => ({ ...o, method: "get" })).find(({ pattern }) => pattern.test(rest));
  if (!match) {
    if (status !== 404) throw new Error(`${where}: no profile serves this path, yet the answer is not 404`);
    return assertResult(where, body);
  }
  if (method === "HEAD" && body === undefined) return;
  if (status === 304) return;
  const { file, at } = responseSchema(match.file, match.template, method === "HEAD" ? "get" : match.method, status);
  const validate = validator(file, at);
  if (!validate(body)) {
    const problems = ajv.errorsText(validate.errors, { separator: "\n  ", dataVar: "body" });
    throw new Error(`${where}: the body does not match ${match.file} ${match.template} (${file}#${at}):\n  ${problems}`);
  }
}

function assertResult(where: string, body: unknown): void {
  const validate = validator("Part2-API-Schemas/openapi.yaml", pointer("components", "schemas", "Result"));
  if (!validate(body)) throw new Error(`${where}: not a Result: ${ajv.errorsText(validate.errors)}`);
}
