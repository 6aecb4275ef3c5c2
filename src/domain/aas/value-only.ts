/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The AAS "ValueOnly" serialisation (AAS Part 2, §Value-Only) of an environment's submodels, which EN 18223 calls
 * the compressed form of a passport: each submodel by its idShort (or, for a DPP's content, by its semanticId, else its
 * id: the IDTA DPP annex keys content by semanticId), each element by its idShort, and only values —
 * a Property's value typed by its `valueType` (booleans and numbers as JSON), a MultiLanguageProperty as
 * `[{lang: text}]`, a File as `{contentType, value}`, a Range as `{min, max}`, a ReferenceElement as its reference,
 * a collection as an object, a list as an array. Pure; what our export never writes (Blob, Entity, …) is left out.
 *
 * **One form for every door** (docs/aas.md §Read API, docs/versions.md §DPP API): the DPP API's content, the signed
 * `aasValueOnly` of a published version and the AAS read API's `$value` are all this encoding, so one passport reads
 * the same through each. An element without a value keeps its key, with its kind's empty form (`null`, `[]`,
 * `{contentType, value: null}`, `{min: null, max: null}`): signed versions already carry that form and can never
 * change, a reader sees every element the template has, and the merge patch reads each back as "no value".
 */
export function valueOnlySubmodels(environment: unknown, keyBy: "idShort" | "semanticId" = "idShort"): Record<string, JsonValue> {
  const result: Record<string, JsonValue> = {};
  for (const submodel of arrayOf(field(environment, "submodels"))) {
    const key = keyBy === "idShort" ? field(submodel, "idShort") : (semanticIdOf(submodel) ?? field(submodel, "id"));
    if (typeof key === "string") result[key] = collectionValueOnly(arrayOf(field(submodel, "submodelElements")));
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

/** Elements by idShort, each with its value-only value (a submodel's or a collection's value). */
export function collectionValueOnly(elements: readonly unknown[]): Record<string, JsonValue> {
  const result: Record<string, JsonValue> = {};
  for (const element of elements) {
    const idShort = field(element, "idShort");
    const value = elementValueOnly(element);
    if (typeof idShort === "string" && value !== undefined) result[idShort] = value;
  }
  return result;
}

/** One element's value-only value; undefined only for an element kind that has no value-only form (Blob, …). */
export function elementValueOnly(element: unknown): JsonValue | undefined {
  const value = field(element, "value");
  switch (field(element, "modelType")) {
    case "Property":
      return propertyValue(value, field(element, "valueType"));
    case "MultiLanguageProperty":
      return arrayOf(value).map((s) => ({ [String(field(s, "language"))]: textOf(field(s, "text")) }));
    case "File":
      return { contentType: textOf(field(element, "contentType")), value: textOf(value) };
    case "Range": {
      // Both keys always, an absent side null: the empty form every door shares (docs/aas.md §The read API).
      const side = (value: unknown) => (typeof value === "string" ? propertyValue(value, field(element, "valueType")) : null);
      return { min: side(field(element, "min")), max: side(field(element, "max")) };
    }
    case "ReferenceElement":
      return (value ?? null) as JsonValue;
    case "SubmodelElementCollection":
      return collectionValueOnly(arrayOf(value));
    case "SubmodelElementList":
      return arrayOf(value).map((child) => elementValueOnly(child) ?? null);
    case "Entity": {
      const globalAssetId = textOf(field(element, "globalAssetId"));
      const entityType = textOf(field(element, "entityType"));
      return {
        statements: collectionValueOnly(arrayOf(field(element, "statements"))),
        entityType,
        ...(globalAssetId !== null && { globalAssetId }),
      };
    }
    default:
      return undefined;
  }
}

/**
 * Whether an element holds a value of its own (a collection or a list always does: its object or array). The AAS read
 * API answers 404 to the `$value` of one that does not, as its schema has no empty form for a single element.
 */
export function holdsValue(element: unknown): boolean {
  const value = field(element, "value");
  switch (field(element, "modelType")) {
    case "Property":
    case "File":
      return typeof value === "string";
    case "MultiLanguageProperty":
      return arrayOf(value).length > 0;
    case "Range":
      return typeof field(element, "min") === "string" || typeof field(element, "max") === "string";
    case "ReferenceElement":
      return value !== undefined && value !== null;
    default:
      return elementValueOnly(element) !== undefined;
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
