/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The AAS "ValueOnly" serialisation (AAS Part 2, §Value-Only) of an environment's submodels, which EN 18223 calls
 * the compressed form of a passport: each submodel by its idShort (or, for a DPP's content, by its semanticId, else its
 * id: the IDTA DPP annex keys content by semanticId), each element by its idShort, and only values —
 * a Property's value typed by its `valueType` (booleans and numbers as JSON), a MultiLanguageProperty as
 * `[{lang: text}]`, a File as `{contentType, value}`, a Range as `{min, max}`, a ReferenceElement as its reference,
 * a collection as an object, a list as an array. Pure; what our export never writes (Blob, Entity, …) is left out.
 */
export function valueOnlySubmodels(environment: unknown, keyBy: "idShort" | "semanticId" = "idShort"): Record<string, JsonValue> {
  const result: Record<string, JsonValue> = {};
  for (const submodel of arrayOf(field(environment, "submodels"))) {
    const key = keyBy === "idShort" ? field(submodel, "idShort") : (semanticIdOf(submodel) ?? field(submodel, "id"));
    if (typeof key === "string") result[key] = collectionValue(arrayOf(field(submodel, "submodelElements")));
  }
  return result;
}

/** The value of a submodel's semanticId (its first key), as the DPP's content keys use it. */
function semanticIdOf(submodel: unknown): string | undefined {
  const [key] = arrayOf(field(field(submodel, "semanticId"), "keys"));
  const value = field(key, "value");
  return typeof value === "string" ? value : undefined;
}

const NUMERIC_TYPES = new Set([
  "xs:decimal",
  "xs:double",
  "xs:float",
  "xs:integer",
  "xs:int",
  "xs:long",
  "xs:short",
  "xs:byte",
  "xs:nonNegativeInteger",
  "xs:positiveInteger",
  "xs:nonPositiveInteger",
  "xs:negativeInteger",
  "xs:unsignedLong",
  "xs:unsignedInt",
  "xs:unsignedShort",
  "xs:unsignedByte",
]);

function collectionValue(elements: readonly unknown[]): Record<string, JsonValue> {
  const result: Record<string, JsonValue> = {};
  for (const element of elements) {
    const idShort = field(element, "idShort");
    const value = elementValue(element);
    if (typeof idShort === "string" && value !== undefined) result[idShort] = value;
  }
  return result;
}

function elementValue(element: unknown): JsonValue | undefined {
  const value = field(element, "value");
  switch (field(element, "modelType")) {
    case "Property":
      return propertyValue(value, field(element, "valueType"));
    case "MultiLanguageProperty":
      return arrayOf(value).map((s) => ({ [String(field(s, "language"))]: textOf(field(s, "text")) }));
    case "File":
      return { contentType: textOf(field(element, "contentType")), value: textOf(value) };
    case "Range": {
      // An absent side is left out, as the AAS read API's `$value` leaves it out (read-api.ts `valueOnly`).
      const range: Record<string, JsonValue> = {};
      for (const side of ["min", "max"] as const) {
        const value = field(element, side);
        if (typeof value === "string") range[side] = propertyValue(value, field(element, "valueType"));
      }
      return Object.keys(range).length > 0 ? range : null;
    }
    case "ReferenceElement":
      return (value ?? null) as JsonValue;
    case "SubmodelElementCollection":
      return collectionValue(arrayOf(value));
    case "SubmodelElementList":
      return arrayOf(value).map((child) => elementValue(child) ?? null);
    default:
      return undefined;
  }
}

/** A number only where it reads back to the same text, so no digit of a decimal is lost; else the text. */
function propertyValue(value: unknown, valueType: unknown): JsonValue {
  if (typeof value !== "string") return null;
  if (valueType === "xs:boolean") return value === "true" || value === "1";
  if (typeof valueType === "string" && NUMERIC_TYPES.has(valueType)) {
    const number = Number(value);
    if (Number.isFinite(number) && String(number) === value) return number;
  }
  return value;
}

function textOf(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return (value as Record<string, unknown>)[key];
}

function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
