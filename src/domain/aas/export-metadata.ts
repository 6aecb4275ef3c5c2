/**
 * The AAS metadata a template carries in its string→string `options` (docs/field-options.md §AAS; the keys are
 * AAS_OPTION's, aas-options.ts, which the importer writes with), read defensively:
 * it may come from an imported IDTA file, and every IDTA file fails verification somewhere. Each piece is parsed and
 * verified on its own with the reference library; a piece that does not verify is left out of the export rather than
 * making the whole environment invalid. Pure; cached per options object (templates are immutable and cached).
 */
import { jsonization, stringification, types, verification } from "@aas-core-works/aas-core3.0-typescript";
import { AAS_OPTION, aasOption } from "~/domain/aas/aas-options";

export type Jsonable = jsonization.JsonObject;
export type LangString = { language: string; text: string };

export type AasMeta = {
  idShort?: string;
  semanticId?: Jsonable;
  description?: LangString[];
  displayName?: LangString[];
  valueType?: string;
  modelType?: string;
  templateId?: string;
  listElementSemanticId?: Jsonable;
  conceptDescription?: Jsonable;
  /** SMT/Cardinality of the element, and of a list's element (its rows): One, ZeroToOne, ZeroToMany or OneToMany. */
  cardinality?: string;
  listElementCardinality?: string;
  /** SelfManagedEntity or CoManagedEntity: the section is an Entity (a repeater: its rows are). */
  entityType?: string;
};

const CARDINALITY_VALUES = new Set(["One", "ZeroToOne", "ZeroToMany", "OneToMany"]);

const cache = new WeakMap<Record<string, string>, AasMeta>();

export function aasMeta(options: Record<string, string> | undefined): AasMeta {
  if (!options) return {};
  const hit = cache.get(options);
  if (hit) return hit;
  const meta: AasMeta = {};
  const option = (key: keyof typeof AAS_OPTION) => aasOption(options, key);
  const semanticId = referenceOf(option("semanticId"));
  if (semanticId) meta.semanticId = semanticId;
  const listElementSemanticId = referenceOf(option("listElementSemanticId"));
  if (listElementSemanticId) meta.listElementSemanticId = listElementSemanticId;
  const description = langStringsOf(option("description"), jsonization.langStringTextTypeFromJsonable);
  if (description) meta.description = description;
  const displayName = langStringsOf(option("displayName"), jsonization.langStringNameTypeFromJsonable);
  if (displayName) meta.displayName = displayName;
  const valueType = option("valueType");
  if (valueType !== undefined && stringification.dataTypeDefXsdFromString(valueType) !== null) meta.valueType = valueType;
  const modelType = option("modelType");
  if (modelType !== undefined) meta.modelType = modelType;
  const templateId = option("templateId");
  if (templateId !== undefined && isIdentifier(templateId)) meta.templateId = templateId;
  const cardinality = option("cardinality");
  if (cardinality !== undefined && CARDINALITY_VALUES.has(cardinality)) meta.cardinality = cardinality;
  const listElementCardinality = option("listElementCardinality");
  if (listElementCardinality !== undefined && CARDINALITY_VALUES.has(listElementCardinality)) {
    meta.listElementCardinality = listElementCardinality;
  }
  const entityType = option("entityType");
  if (entityType === "SelfManagedEntity" || entityType === "CoManagedEntity") meta.entityType = entityType;
  const conceptDescription = conceptDescriptionOf(option("conceptDescription"));
  if (conceptDescription) meta.conceptDescription = conceptDescription;
  cache.set(options, meta);
  return meta;
}

/** A verified Identifier: 1–2000 XML-serialisable characters. */
export function isIdentifier(value: string): boolean {
  return value.length > 0 && value.length <= 2000 && verification.matchesXmlSerializableString(value);
}

/** An external reference to a global id, the shape semanticIds usually have. */
export function globalReference(value: string): Jsonable {
  return { type: "ExternalReference", keys: [{ type: "GlobalReference", value }] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function verifies(instance: types.Class): boolean {
  for (const _error of verification.verify(instance)) return false;
  return true;
}

function referenceOf(value: string | undefined): Jsonable | undefined {
  if (value === undefined || value === "") return undefined;
  if (!value.startsWith("{")) return isIdentifier(value) ? globalReference(value) : undefined;
  const json = parseJson(value);
  if (typeof json !== "object" || json === null) return undefined;
  const parsed = jsonization.referenceFromJsonable(json as jsonization.JsonValue);
  return parsed.value && verifies(parsed.value) ? jsonization.toJsonable(parsed.value) : undefined;
}

function langStringsOf(
  value: string | undefined,
  parse: (jsonable: jsonization.JsonValue) => { value: types.Class | null },
): LangString[] | undefined {
  if (value === undefined) return undefined;
  const parsed = parseJson(value);
  if (!Array.isArray(parsed)) return undefined;
  const seen = new Set<string>();
  const kept: LangString[] = [];
  for (const entry of parsed as jsonization.JsonValue[]) {
    const { value: langString } = parse(entry);
    if (!langString || !verifies(langString)) continue;
    const { language, text } = langString as unknown as LangString;
    // The IDTA files give some languages twice; the first one is kept (languages must be unique).
    if (seen.has(language.toLowerCase())) continue;
    seen.add(language.toLowerCase());
    kept.push({ language, text });
  }
  return kept.length > 0 ? kept : undefined;
}

function conceptDescriptionOf(value: string | undefined): Jsonable | undefined {
  if (value === undefined) return undefined;
  const json = parseJson(value);
  if (typeof json !== "object" || json === null) return undefined;
  const parsed = jsonization.conceptDescriptionFromJsonable(json as jsonization.JsonValue);
  return parsed.value && verifies(parsed.value) ? jsonization.toJsonable(parsed.value) : undefined;
}

/**
 * An element's SMT/Cardinality as the qualifier the IDTA templates write, without their `TemplateQualifier` kind: what
 * we export are instances (AASd-129), so it is a ConceptQualifier, the default.
 */
export function cardinalityQualifiers(cardinality: string | undefined): Jsonable {
  if (cardinality === undefined) return {};
  return { qualifiers: [{ type: "SMT/Cardinality", valueType: "xs:string", value: cardinality }] };
}

/** Whether an element of this cardinality must be there (One, OneToMany): then it is exported even when empty. */
export function isMandatoryCardinality(cardinality: string | undefined): boolean {
  return cardinality === "One" || cardinality === "OneToMany";
}

/** Whether `value` is a valid lexical form of the `xs:` type, as the verifier checks it. */
export function fitsValueType(value: string, valueType: string): boolean {
  const type = stringification.dataTypeDefXsdFromString(valueType);
  return type !== null && verification.valueConsistentWithXsdType(value, type);
}

/** Text as an XML-serialisable string: characters AAS cannot carry (control characters) are dropped. */
export function xmlSafe(text: string): string {
  return verification.matchesXmlSerializableString(text)
    ? text
    : // eslint-disable-next-line no-control-regex -- the characters XML allows are what this keeps
      text.replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "");
}

/** A language tag as the verifier checks it (BCP 47, at most what a lang string allows). */
export function isLanguageTag(value: string): boolean {
  return value.length > 0 && verification.matchesBcp47(value);
}

export function isUriReference(value: string): boolean {
  return value.length > 0 && value.length <= 2000 && verification.matchesRfc2396(value);
}
