/**
 * A passport as one Asset Administration Shell V3.0 environment (docs/aas.md): the passport assembled once and cut
 * for the reader with the passport's own rule (`visibleFields`), so the AAS shows exactly the fields the passport
 * JSON shows. Pure, and total: whatever the template and values hold, the result passes the reference verifier
 * (`verification.verify` of @aas-core-works/aas-core3.0-typescript) — a value that cannot take its preferred AAS form
 * falls back to a plain `xs:string` Property, and template metadata that does not verify is left out.
 */
import { isListField, isMultilingual, isYesNoField } from "~/domain/field-options";
import { listEntries } from "~/domain/list-value";
import { decodeRange, isRangeField } from "~/domain/range-value";
import { AAS_OPTION, aasOption } from "~/domain/aas/aas-options";
import {
  type AasMeta,
  aasMeta,
  cardinalityQualifiers,
  fitsValueType,
  globalReference,
  isIdentifier,
  isLanguageTag,
  isMandatoryCardinality,
  isUriReference,
  type Jsonable,
  type LangString,
  xmlSafe,
} from "~/domain/aas/export-metadata";
import { modelReference } from "~/domain/aas/model-reference";
import { deriveIdShort, type IdShortMap, templateIdShorts } from "~/domain/aas/id-short";
import { compareRowPaths } from "~/domain/row-path";
import { productIdentifierUri } from "~/domain/product-identifier-uri";
import {
  type AssembledField,
  type AssembledPassport,
  type AssembledSection,
  parseRowKey,
  rowKeysOf,
  visibleFields,
} from "~/domain/passport";
import type { TReaderLevel } from "~/domain/passport-schema";
import type { TDataField } from "~/domain/template-schema";
import type { TTranslations } from "~/domain/languages/template-translations";

export const IEC_61360_TEMPLATE = "https://admin-shell.io/DataSpecificationTemplates/DataSpecificationIEC61360/3/0";
/** The element kinds a field may ask for with `aas.modelType`. */
export const AAS_MODEL_TYPES = ["Property", "MultiLanguageProperty", "File", "Range", "ReferenceElement"] as const;
/**
 * `min..max`: how a field with `aas.modelType: "Range"` but without the `range` option stores its value
 * (docs/field-options.md §AAS); a range field stores `{"min":…,"max":…}` (src/domain/range-value.ts).
 */
export const RANGE_SEPARATOR = "..";

/**
 * The passport's `defaultLanguage` is the organization's (docs/languages.md): the language of the template's original
 * names, which the lang-string sets write beside every translation, and of a multilingual value with no map.
 */
export type AasExportInput = { passport: AssembledPassport; level: TReaderLevel; baseUrl: string };

/** The stable ids of a passport's shell and submodels (docs/aas.md §Identifiers). */
export function aasShellId(baseUrl: string, modelId: string, itemId?: string): string {
  return itemId === undefined ? `${baseUrl}/aas/models/${modelId}` : `${baseUrl}/aas/models/${modelId}/items/${itemId}`;
}

export function aasSubmodelId(shellId: string, sectionId: string): string {
  return `${shellId}/submodels/${sectionId}`;
}

/** The shell's globalAssetId: the product's one URI (src/domain/product-identifier-uri.ts). */
export const aasGlobalAssetId = productIdentifierUri;

type Context = {
  baseUrl: string;
  level: TReaderLevel;
  ids: IdShortMap;
  sections: Map<string, AssembledSection>;
  concepts: Map<string, Jsonable>;
  /** Each field's idShort, names and semantics, built once per export and shared by its rows' elements. */
  heads: Map<string, Jsonable>;
  /**
   * The organization's default language: the template's original names' language, and a multilingual field's value's
   * when the passport holds no `{language: value}` map for it.
   */
  defaultLanguage: string;
};

export function passportToAasEnvironment({ passport, level, baseUrl }: AasExportInput): Jsonable {
  const { header } = passport;
  const ctx: Context = {
    baseUrl,
    level,
    ids: templateIdShorts(passport.sections.map((s) => s.section)),
    sections: new Map(passport.sections.map((s) => [s.section.id, s])),
    concepts: new Map(),
    heads: new Map(),
    defaultLanguage: isLanguageTag(passport.defaultLanguage) ? passport.defaultLanguage : "en",
  };
  const shellId = aasShellId(baseUrl, header.modelId, header.itemId);
  const submodels: Jsonable[] = [];
  for (const assembled of passport.sections) {
    if (assembled.section.parentId !== null && ctx.sections.has(assembled.section.parentId)) continue;
    if (!isExported(ctx, assembled)) continue;
    submodels.push(submodelOf(ctx, assembled, aasSubmodelId(shellId, assembled.section.id)));
  }
  const shell: Jsonable = {
    modelType: "AssetAdministrationShell",
    id: shellId,
    idShort: deriveIdShort(header.name, "Passport"),
    ...langStrings("displayName", nameStrings(header.name, ctx.defaultLanguage)),
    ...langStrings("description", textStrings(header.description, ctx.defaultLanguage)),
    assetInformation: {
      assetKind: header.itemId === undefined ? "Type" : "Instance",
      globalAssetId: aasGlobalAssetId(header, baseUrl),
    },
    ...(header.itemId !== undefined && {
      derivedFrom: modelReference("AssetAdministrationShell", aasShellId(baseUrl, header.modelId)),
    }),
    ...(submodels.length > 0 && { submodels: submodels.map((s) => modelReference("Submodel", s.id as string)) }),
  };
  return {
    assetAdministrationShells: [shell],
    ...(submodels.length > 0 && { submodels }),
    ...(ctx.concepts.size > 0 && { conceptDescriptions: [...ctx.concepts.values()] }),
  };
}

function fieldsOf(ctx: Context, assembled: AssembledSection): readonly AssembledField[] {
  return visibleFields(assembled.fields, ctx.level);
}

function childSections(ctx: Context, assembled: AssembledSection): AssembledSection[] {
  return assembled.section.subSections
    .map((id) => ctx.sections.get(id))
    .filter((s) => s !== undefined && isExported(ctx, s)) as AssembledSection[];
}

/**
 * A section is exported when it has a field this reader sees, or when it has no field at all and its template says
 * it must be there (an empty mandatory collection of an IDTA template, docs/aas.md §Cardinality). A section whose
 * fields are all hidden from the reader stays out: its emptiness would say there is something to hide.
 */
function isExported(ctx: Context, assembled: AssembledSection): boolean {
  if (hasFields(ctx, assembled)) return true;
  return isMandatoryCardinality(aasMeta(assembled.section.options).cardinality) && !holdsFields(ctx, assembled);
}

/** Whether the section or a section below it has any field, whoever reads. */
function holdsFields(ctx: Context, assembled: AssembledSection): boolean {
  if (assembled.fields.length > 0) return true;
  return assembled.section.subSections.some((id) => {
    const child = ctx.sections.get(id);
    return child !== undefined && holdsFields(ctx, child);
  });
}

/** Whether the section or a section below it has a field this reader sees; one with none is left out. */
function hasFields(ctx: Context, assembled: AssembledSection): boolean {
  if (fieldsOf(ctx, assembled).length > 0) return true;
  return assembled.section.subSections.some((id) => {
    const child = ctx.sections.get(id);
    return child !== undefined && hasFields(ctx, child);
  });
}

function submodelOf(ctx: Context, assembled: AssembledSection, id: string): Jsonable {
  const { section } = assembled;
  const meta = aasMeta(section.options);
  const elements = section.type === "Repeatable" ? [listOf(ctx, assembled, undefined)] : contentOf(ctx, assembled, "0");
  return {
    modelType: "Submodel",
    id,
    ...referableOf(ctx, section, meta),
    ...(meta.templateId !== undefined && { administration: { templateId: meta.templateId } }),
    kind: "Instance",
    ...(meta.semanticId && { semanticId: meta.semanticId }),
    ...(elements.length > 0 && { submodelElements: elements }),
  };
}

/**
 * A section's fields at one row, then its sub-sections (a repeater among them as a list of its rows). An entity's
 * global asset id is the entity's attribute, not one of its statements (entityOf).
 */
function contentOf(ctx: Context, assembled: AssembledSection, row: string): Jsonable[] {
  const fields = fieldsOf(ctx, assembled).filter((f) => aasOption(f.field.options, "entityPart") === undefined);
  const elements = fields.map((f) =>
    isListField(f.field)
      ? valueListElement(ctx, f, row)
      : isMultilingual(f.field)
        ? multilingualElement(ctx, f.field, f.languages?.get(row) ?? { [ctx.defaultLanguage]: f.rows.get(row) ?? null })
        : fieldElement(ctx, f.field, f.rows.get(row) ?? null),
  );
  for (const child of childSections(ctx, assembled)) {
    elements.push(
      child.section.type === "Repeatable"
        ? listOf(ctx, child, assembled.hasRowPaths ? row : undefined)
        : collectionOf(ctx, child, row),
    );
  }
  return elements;
}

function collectionOf(ctx: Context, assembled: AssembledSection, row: string): Jsonable {
  const meta = aasMeta(assembled.section.options);
  const value = contentOf(ctx, assembled, row);
  if (meta.modelType === "Entity") {
    const entity = entityOf(ctx, assembled, row, meta, value);
    if (entity) return { ...entity, ...referableOf(ctx, assembled.section, meta) };
  }
  return {
    modelType: "SubmodelElementCollection",
    ...referableOf(ctx, assembled.section, meta),
    ...(meta.semanticId && { semanticId: meta.semanticId }),
    ...cardinalityQualifiers(meta.cardinality),
    ...(value.length > 0 && { value }),
  };
}

/**
 * An entity section at one row (docs/aas.md §Entities): its statements, its entity type and, when self-managed, its
 * global asset id from the section's `aas.entityPart` field. A self-managed entity without an id this reader sees
 * cannot be an Entity (AASd-014): undefined, and the caller writes a collection instead.
 */
function entityOf(
  ctx: Context,
  assembled: AssembledSection,
  row: string,
  meta: AasMeta,
  statements: Jsonable[],
): Jsonable | undefined {
  const entityType = meta.entityType ?? "CoManagedEntity";
  const idField = fieldsOf(ctx, assembled).find((f) => aasOption(f.field.options, "entityPart") === "globalAssetId");
  const globalAssetId = idField?.rows.get(row) ?? null;
  if (entityType === "SelfManagedEntity" && (globalAssetId === null || !isIdentifier(globalAssetId))) return undefined;
  return {
    modelType: "Entity",
    ...(meta.semanticId && { semanticId: meta.semanticId }),
    ...cardinalityQualifiers(meta.cardinality),
    ...(statements.length > 0 && { statements }),
    entityType,
    ...(entityType === "SelfManagedEntity" && globalAssetId !== null && { globalAssetId }),
  };
}

/**
 * A repeater: a SubmodelElementList of one collection per row, in row order. List children carry no idShort
 * (AASd-120) and, when the list names a semanticIdListElement, that semanticId (AASd-107). A repeater nested in a
 * repeater lists the rows inside its parent row (`parent`, that row's key); an outermost one all its rows.
 */
function listOf(ctx: Context, assembled: AssembledSection, parent: string | undefined): Jsonable {
  const meta = aasMeta(assembled.section.options);
  const rows = listRows(ctx, assembled, parent);
  const rowMeta = { ...meta, semanticId: meta.listElementSemanticId, cardinality: meta.listElementCardinality };
  // A list of entities holds entities only (AASd-108): when one row cannot be an entity, every row is a collection.
  const entities = meta.entityType ? rows.map((row) => entityOf(ctx, assembled, row, rowMeta, contentOf(ctx, assembled, row))) : [];
  const isEntityList = meta.entityType !== undefined && entities.every((e) => e !== undefined);
  const value = rows.map((row, k): Jsonable => {
    if (isEntityList) return entities[k]!;
    const content = contentOf(ctx, assembled, row);
    return {
      modelType: "SubmodelElementCollection",
      ...(meta.listElementSemanticId && { semanticId: meta.listElementSemanticId }),
      ...cardinalityQualifiers(meta.listElementCardinality),
      ...(content.length > 0 && { value: content }),
    };
  });
  return {
    modelType: "SubmodelElementList",
    ...referableOf(ctx, assembled.section, meta),
    ...(meta.semanticId && { semanticId: meta.semanticId }),
    ...cardinalityQualifiers(meta.cardinality),
    orderRelevant: true,
    ...(meta.listElementSemanticId && { semanticIdListElement: meta.listElementSemanticId }),
    typeValueListElement: isEntityList ? "Entity" : "SubmodelElementCollection",
    ...(value.length > 0 && { value }),
  };
}

/**
 * The keys of a repeater's rows inside its parent row (all of them for an outermost repeater), in order: every row a
 * visible field of the repeater or of a section below it has a value in, cut to the repeater's level — so a row
 * holding only a nested repeater's rows (a document holding only its versions) is listed too.
 */
function listRows(ctx: Context, assembled: AssembledSection, parent: string | undefined): string[] {
  const depth = parent === undefined ? 1 : parseRowKey(parent).length + 1;
  const inParent = parent === undefined ? "" : `${parent}.`;
  const keys = new Set<string>();
  for (const key of rowKeysOf([...subtreeFields(ctx, assembled)])) {
    if (!key.startsWith(inParent)) continue;
    const path = parseRowKey(key);
    if (path.length >= depth) keys.add(path.slice(0, depth).join("."));
  }
  return [...keys].sort((a, b) => compareRowPaths(parseRowKey(a), parseRowKey(b)));
}

/** The visible fields of a section and of every exported section below it. */
function* subtreeFields(ctx: Context, assembled: AssembledSection): Generator<AssembledField> {
  yield* fieldsOf(ctx, assembled);
  for (const child of childSections(ctx, assembled)) yield* subtreeFields(ctx, child);
}

/**
 * idShort and the lang-string sets of a section or field: the original name in the default language, then each
 * translation (docs/languages.md §Template translations), then whatever language an imported set gave that neither
 * names; each language once, each tag valid, each text clipped to what AAS allows.
 */
function referableOf(ctx: Context, named: { id: string; name: string; translations?: TTranslations }, meta: AasMeta): Jsonable {
  const translated = (key: "name" | "description") =>
    Object.entries(named.translations ?? {}).flatMap(([language, entry]) =>
      entry[key] === undefined ? [] : [{ language, text: entry[key] }],
    );
  const names = mergeLangStrings(
    [...(nameStrings(named.name, ctx.defaultLanguage) ?? []), ...translated("name"), ...(meta.displayName ?? [])],
    128,
  );
  const descriptions = mergeLangStrings([...translated("description"), ...(meta.description ?? [])], 1023);
  return {
    idShort: ctx.ids.get(named.id) ?? deriveIdShort(named.name, "Element"),
    ...langStrings("displayName", names),
    ...langStrings("description", descriptions),
  };
}

/** Each language once (the first text wins), valid tags only, texts XML-safe and clipped; undefined when none is left. */
function mergeLangStrings(strings: readonly LangString[], max: number): LangString[] | undefined {
  const seen = new Set<string>();
  const kept: LangString[] = [];
  for (const { language, text } of strings) {
    const clipped = clip(xmlSafe(text).trim(), max);
    if (clipped === "" || !isLanguageTag(language) || seen.has(language.toLowerCase())) continue;
    seen.add(language.toLowerCase());
    kept.push({ language, text: clipped });
  }
  return kept.length > 0 ? kept : undefined;
}

/** A field's idShort, names and semantics, built once per export. */
function headOf(ctx: Context, field: TDataField, meta: AasMeta): Jsonable {
  let head = ctx.heads.get(field.id);
  if (!head) {
    head = { ...referableOf(ctx, field, meta), ...semanticsOf(ctx, field, meta), ...cardinalityQualifiers(meta.cardinality) };
    ctx.heads.set(field.id, head);
  }
  return head;
}

function fieldElement(ctx: Context, field: TDataField, value: string | null): Jsonable {
  const meta = aasMeta(field.options);
  const head = headOf(ctx, field, meta);
  if (isRangeField(field)) return { ...rangeElement(field, value), ...head };
  const kind =
    meta.modelType ?? (field.type === "FileField" ? "File" : field.type === "ProductPassportLink" ? "ReferenceElement" : "Property");
  const special = specialElement(kind, field, meta, value);
  return special ? { ...special, ...head } : { modelType: "Property", ...head, ...propertyValue(field, meta, value) };
}

/**
 * A multilingual field (docs/languages.md) as a MultiLanguageProperty with one lang-string per language that has a
 * value AAS can carry (unique languages by construction: the map has each once); none, no `value`.
 */
function multilingualElement(ctx: Context, field: TDataField, byLanguage: Record<string, string | null>): Jsonable {
  const meta = aasMeta(field.options);
  const head = headOf(ctx, field, meta);
  const strings: LangString[] = [];
  for (const [language, value] of Object.entries(byLanguage)) {
    const text = value === null ? "" : clip(xmlSafe(value), 1023);
    if (text.trim() !== "") strings.push({ language, text });
  }
  return { modelType: "MultiLanguageProperty", ...head, ...(strings.length > 0 && { value: strings }) };
}

/**
 * A range field (src/domain/range-value.ts) as one Range: its value type, and each side it has (an absent side is
 * left out). A side that does not fit the value type (a template changed under stored values) makes it an
 * `xs:string` Range, which holds any text, rather than an element the verifier refuses.
 */
function rangeElement(field: TDataField, value: string | null): Jsonable {
  const valueType = preferredValueType(field);
  const sides = value === null ? undefined : decodeRange(value);
  if (sides === undefined) return { modelType: "Range", valueType };
  const given = (["min", "max"] as const).flatMap((side) => (sides[side] === null ? [] : [[side, sides[side]] as const]));
  const fits = given.every(([, text]) => fitsValueType(text, valueType));
  return {
    modelType: "Range",
    valueType: fits ? valueType : "xs:string",
    ...Object.fromEntries(given.map(([side, text]) => [side, fits ? text : xmlSafe(text)])),
  };
}

/**
 * A list field (docs/field-options.md §Lists) at one row: a SubmodelElementList of one data element per entry, in
 * order, each without idShort (AASd-120) and with the list's semanticIdListElement when known (AASd-107). The
 * elements are of the field's kind — MultiLanguageProperty for a multilingual list (entry i of every language), else
 * as a single value's (File, ReferenceElement, Property) — and all of one kind and value type (AASd-108, AASd-109):
 * when an entry cannot take that form, every entry is written as an `xs:string` Property, as a single value falls back.
 */
function valueListElement(ctx: Context, f: AssembledField, row: string): Jsonable {
  const { field } = f;
  const meta = aasMeta(field.options);
  const elements = isMultilingual(field)
    ? multilingualEntries(f.languages?.get(row) ?? { [ctx.defaultLanguage]: f.rows.get(row) ?? null })
    : singleEntries(field, meta, listEntries(f.rows.get(row) ?? null));
  const [first] = elements;
  const typeValueListElement = (first?.modelType as string | undefined) ?? listEntryKind(field, meta);
  const valueTypeListElement = first?.valueType ?? (typeValueListElement === "Property" ? preferredValueType(field) : undefined);
  const semanticId = meta.listElementSemanticId;
  return {
    modelType: "SubmodelElementList",
    ...headOf(ctx, field, meta),
    orderRelevant: true,
    ...(semanticId && { semanticIdListElement: semanticId }),
    typeValueListElement,
    ...(valueTypeListElement !== undefined && { valueTypeListElement }),
    ...(elements.length > 0 && {
      value: elements.map((element) => ({
        ...element,
        ...(semanticId && { semanticId }),
        ...cardinalityQualifiers(meta.listElementCardinality),
      })),
    }),
  };
}

/** The element kind a list field's entries take: its `aas.modelType` (but Range), else by field type. */
function listEntryKind(field: TDataField, meta: AasMeta): string {
  if (isMultilingual(field)) return "MultiLanguageProperty";
  const kind =
    meta.modelType ?? (field.type === "FileField" ? "File" : field.type === "ProductPassportLink" ? "ReferenceElement" : "Property");
  return kind === "Range" ? "Property" : kind;
}

/** One element per entry of a list that is not multilingual, all of one kind and value type. */
function singleEntries(field: TDataField, meta: AasMeta, entries: readonly string[]): Jsonable[] {
  const kind = listEntryKind(field, meta);
  const elements = entries.map(
    (entry) => specialElement(kind, field, meta, entry) ?? { modelType: "Property", ...propertyValue(field, meta, entry) },
  );
  const [first] = elements;
  const uniform = elements.every((e) => e.modelType === first?.modelType && e.valueType === first?.valueType);
  return uniform ? elements : entries.map((entry) => ({ modelType: "Property", valueType: "xs:string", value: xmlSafe(entry) }));
}

/** One MultiLanguageProperty per entry of a multilingual list: entry i's text in each language that has one. */
function multilingualEntries(byLanguage: Record<string, string | null>): Jsonable[] {
  const lists = Object.entries(byLanguage).map(([language, value]) => [language, listEntries(value)] as const);
  const count = Math.max(0, ...lists.map(([, entries]) => entries.length));
  return Array.from({ length: count }, (_, i): Jsonable => {
    const strings: LangString[] = [];
    for (const [language, entries] of lists) {
      const text = clip(xmlSafe(entries[i] ?? ""), 1023);
      if (text.trim() !== "") strings.push({ language, text });
    }
    return { modelType: "MultiLanguageProperty", ...(strings.length > 0 && { value: strings }) };
  });
}

/** The element of a non-Property kind, or undefined when the value cannot take that form (a Property then). */
function specialElement(kind: string, field: TDataField, meta: AasMeta, value: string | null): Jsonable | undefined {
  switch (kind) {
    case "File": {
      const uri = value === null ? null : fileUri(value);
      if (uri === undefined) return undefined;
      return { modelType: "File", contentType: contentTypeOf(uri ?? ""), ...(uri !== null && { value: uri }) };
    }
    case "ReferenceElement":
      if (value !== null && (value !== xmlSafe(value) || !isIdentifier(value))) return undefined;
      return { modelType: "ReferenceElement", ...(value !== null && { value: globalReference(value) }) };
    case "MultiLanguageProperty": {
      if (value === null) return { modelType: "MultiLanguageProperty" };
      const strings = multiLanguageValue(value);
      return strings ? { modelType: "MultiLanguageProperty", value: strings } : undefined;
    }
    case "Range": {
      const valueType = meta.valueType ?? "xs:decimal";
      if (value === null) return { modelType: "Range", valueType };
      const bounds = rangeBounds(value, valueType);
      return bounds ? { modelType: "Range", valueType, ...bounds } : undefined;
    }
    default:
      return undefined;
  }
}

/** The `xs:` type a field's values are written as (docs/aas.md §Value types). */
export function preferredValueType(field: Pick<TDataField, "type" | "options">): string {
  const meta = aasMeta(field.options);
  if (meta.valueType !== undefined) return meta.valueType;
  if (field.type === "NumericField") return "xs:decimal";
  if (field.type === "ProductPassportLink" || field.type === "FileField") return "xs:anyURI";
  if (field.options.format === "date") return "xs:date";
  if (field.options.format === "dateTime") return "xs:dateTime";
  if (isYesNoField(field)) return "xs:boolean";
  return "xs:string";
}

function propertyValue(field: TDataField, _meta: AasMeta, value: string | null): Jsonable {
  const valueType = preferredValueType(field);
  if (value === null) return { valueType };
  if (fitsValueType(value, valueType)) return { valueType, value };
  if (field.type === "NumericField" && fitsValueType(value, "xs:decimal")) return { valueType: "xs:decimal", value };
  return { valueType: "xs:string", value: xmlSafe(value) };
}

/**
 * The field's semanticId, and its unit as an IEC 61360 concept description: the template's own concept description
 * when it verifies, else one we make from `unit` (its id under our base URL, referenced as the semanticId or, when
 * the template gave another semanticId, as a supplemental one).
 */
function semanticsOf(ctx: Context, field: TDataField, meta: AasMeta): Jsonable {
  const semanticId = meta.semanticId;
  const given = meta.conceptDescription;
  if (given) {
    ctx.concepts.set(given.id as string, given);
    return { semanticId: semanticId ?? globalReference(given.id as string) };
  }
  const unit = xmlSafe(field.options.unit ?? "").trim();
  if (unit === "") return semanticId ? { semanticId } : {};
  const conceptId = `${ctx.baseUrl}/aas/concept-descriptions/${field.id}`;
  if (!ctx.concepts.has(conceptId)) ctx.concepts.set(conceptId, unitConcept(conceptId, field, unit));
  if (!semanticId) return { semanticId: globalReference(conceptId) };
  return { semanticId, supplementalSemanticIds: [globalReference(conceptId)] };
}

function unitConcept(id: string, field: TDataField, unit: string): Jsonable {
  const preferredName = clip(xmlSafe(field.name).trim(), 255) || deriveIdShort(field.name, "Field");
  return {
    modelType: "ConceptDescription",
    id,
    embeddedDataSpecifications: [
      {
        dataSpecification: globalReference(IEC_61360_TEMPLATE),
        dataSpecificationContent: {
          modelType: "DataSpecificationIec61360",
          preferredName: [{ language: "en", text: preferredName }],
          // AASc-3a-008: a concept description of IEC 61360 needs a definition in English.
          definition: [{ language: "en", text: `${preferredName}, in ${unit}`.slice(0, 1023) }],
          unit: clip(unit, 255),
          dataType: field.type === "NumericField" ? "REAL_MEASURE" : "STRING",
        },
      },
    ],
  };
}

/** A file reference as a URI (RFC 2396, as AAS asks): characters a URI cannot hold are percent-encoded. */
export function fileUri(value: string): string | undefined {
  if (isUriReference(value)) return value;
  try {
    const encoded = encodeURI(value);
    return isUriReference(encoded) ? encoded : undefined;
  } catch {
    return undefined;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  txt: "text/plain",
  csv: "text/csv",
  html: "text/html",
  json: "application/json",
  xml: "application/xml",
  zip: "application/zip",
  step: "application/step",
  stp: "application/step",
};

/** The MIME type a file reference's extension names; application/octet-stream when it names none we know. */
export function contentTypeOf(uri: string): string {
  const extension = /\.([a-zA-Z0-9]+)(?:[?#].*)?$/.exec(uri)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) ?? "application/octet-stream";
}

/** A MultiLanguageProperty's value: a JSON array of {language, text}, or plain text read as English. */
export function multiLanguageValue(value: string): LangString[] | undefined {
  if (value.startsWith("[")) {
    const strings = aasMeta({ [AAS_OPTION.description]: value }).description;
    if (strings) return strings;
  }
  if (value === "" || value !== xmlSafe(value) || value.length > 1023) return undefined;
  return [{ language: "en", text: value }];
}

function rangeBounds(value: string, valueType: string): Jsonable | undefined {
  const at = value.indexOf(RANGE_SEPARATOR);
  if (at < 0) return undefined;
  const min = value.slice(0, at);
  const max = value.slice(at + RANGE_SEPARATOR.length);
  if ((min !== "" && !fitsValueType(min, valueType)) || (max !== "" && !fitsValueType(max, valueType))) return undefined;
  return { ...(min !== "" && { min }), ...(max !== "" && { max }) };
}

function nameStrings(name: string, language: string): LangString[] | undefined {
  const text = clip(xmlSafe(name).trim(), 128);
  return text === "" ? undefined : [{ language, text }];
}

function textStrings(text: string, language: string): LangString[] | undefined {
  const clipped = clip(xmlSafe(text).trim(), 1023);
  return clipped === "" ? undefined : [{ language, text: clipped }];
}

function langStrings(key: string, strings: LangString[] | undefined): Jsonable {
  return strings ? { [key]: strings } : {};
}

/** At most `max` UTF-16 code units, never cutting a surrogate pair in half. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? "")) end--;
  return text.slice(0, end);
}
