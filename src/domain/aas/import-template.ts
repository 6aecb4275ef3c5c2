import { jsonization, stringification, types as aas, verification } from "@aas-core-works/aas-core3.0-typescript";
import {
  type Cardinality,
  cardinalityOf,
  dataElementFields,
  elementName,
  type FieldDraft,
  isRequiredCardinality,
  langOptions,
  statedCardinalityOf,
  unitOption,
} from "~/domain/aas/aas-data-element";
import { AasProblemList, type AasImportProblem } from "~/domain/aas/aas-import-problems";
import { humanizeIdShort, MAX_OPTION_LENGTH, semanticIdOption, semanticKey, withUniqueLanguages } from "~/domain/aas/aas-metadata";
import { AAS_OPTION } from "~/domain/aas/aas-options";
import { aasTranslations } from "~/domain/aas/aas-translations";
import { GRID_COLUMNS, type Layout } from "~/domain/layout";
import { MAX_REPEATER_DEPTH } from "~/domain/row-path";
import { MAX_FIELDS_PER_SECTION, MAX_SECTIONS, type TDataField, type TSection } from "~/domain/template-schema";
import type { TTranslations } from "~/domain/languages/template-translations";

/**
 * An AAS environment holding submodel templates → sections of a template draft (docs/aas-import.md). Pure: the
 * caller reads the input (JSON, or the environment part of an AASX) and stores the sections. Every verification
 * finding of the input and every element that could not be represented is a problem entry; nothing is dropped
 * silently and nothing throws for bad input.
 */

export type ImportAasTemplateOptions = {
  /** Ids for the new sections and fields (the seed passes a deterministic one). */
  newId?: () => string;
  /** How many sections the draft may still take (MAX_SECTIONS less those it has). */
  sectionBudget?: number;
};

export type ImportAasTemplateResult = {
  /** Every new section, flat, each top-level one followed by its descendants; top-level layouts are placed by the caller. */
  sections: TSection[];
  /** The top-level sections, one per imported submodel, in the environment's order. */
  rootIds: string[];
  problems: AasImportProblem[];
  moreProblems: number;
};

type Scope = {
  /**
   * How many repeaters enclose the element: a list or repeating collection is a repeater of its own up to
   * MAX_REPEATER_DEPTH levels; deeper, it is kept as one entry per row.
   */
  repeaterDepth: number;
  /** Whether every enclosing collection is itself required, so a required element is required in the form. */
  required: boolean;
};

/**
 * The scope of what a collection or list holds: inside a repeater every row's element is required as its own row
 * says (one more repeater level); inside a group, only if the group itself is required.
 */
function innerScope(scope: Scope, isRepeater: boolean, cardinality: Cardinality): Scope {
  return isRepeater
    ? { repeaterDepth: scope.repeaterDepth + 1, required: true }
    : { repeaterDepth: scope.repeaterDepth, required: scope.required && isRequiredCardinality(cardinality) };
}

type Builder = {
  problems: AasProblemList;
  newId: () => string;
  sections: TSection[];
  sectionBudget: number;
  conceptDescriptions: Map<string, aas.ConceptDescription>;
};

export function importAasTemplate(input: unknown, options: ImportAasTemplateOptions = {}): ImportAasTemplateResult {
  const problems = new AasProblemList();
  const environment = deserialize(input, problems);
  const builder: Builder = {
    problems,
    newId: options.newId ?? (() => crypto.randomUUID()),
    sections: [],
    sectionBudget: options.sectionBudget ?? MAX_SECTIONS,
    conceptDescriptions: new Map(),
  };
  const rootIds: string[] = [];
  if (environment) {
    reportFindings(environment, problems);
    for (const cd of environment.conceptDescriptions ?? []) builder.conceptDescriptions.set(cd.id, cd);
    const shells = environment.assetAdministrationShells?.length ?? 0;
    if (shells > 0) {
      problems.add(
        "$.assetAdministrationShells",
        `${shells} asset administration shell(s) not imported: a template takes the submodel templates only.`,
        "info",
        "shells-not-imported",
        { count: shells },
      );
    }
    for (const [i, submodel] of (environment.submodels ?? []).entries()) {
      const id = importSubmodel(submodel, `$.submodels[${i}]`, builder);
      if (id) rootIds.push(id);
    }
    if ((environment.submodels ?? []).length === 0)
      problems.add("$.submodels", "The environment holds no submodel.", "info", "no-submodel");
  }
  return { sections: builder.sections, rootIds, problems: problems.problems, moreProblems: problems.moreProblems };
}

function deserialize(input: unknown, problems: AasProblemList): aas.Environment | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    problems.add("$", "The body is not an AAS environment: expected a JSON object with `submodels`.", "skipped", "not-an-environment");
    return undefined;
  }
  // The reference deserializer and this import recurse per level: a body nested deeper than any template is refused
  // before either runs, so it cannot exhaust the stack.
  if (depthExceeds(input, MAX_JSON_DEPTH)) {
    problems.add(
      "$",
      `The environment is nested deeper than ${MAX_JSON_DEPTH} levels; no submodel template is.`,
      "skipped",
      "nested-too-deep",
      {
        max: MAX_JSON_DEPTH,
      },
    );
    return undefined;
  }
  const result = jsonization.environmentFromJsonable(input as jsonization.JsonValue);
  if (result.error !== null) {
    problems.add(
      `$${result.error.path.toString()}`,
      `Not a valid AAS V3.0 environment: ${result.error.message}`,
      "skipped",
      "invalid-environment",
      {
        detail: result.error.message,
      },
    );
    return undefined;
  }
  return result.mustValue();
}

const MAX_JSON_DEPTH = 256;

/** Whether any value inside `root` sits deeper than `limit` arrays and objects (walked without recursion). */
function depthExceeds(root: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, depth] = next;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The part of an element whose texts the verifier found in one language twice, by the verifier's words for it. */
const LANGUAGE_PARTS: Record<string, string> = {
  Description: "description",
  "Display name": "displayName",
  Definition: "definition",
  "Preferred name": "preferredName",
  "Short name": "shortName",
};

/** Each finding of the reference verifier, with what the import does about it. */
function reportFindings(environment: aas.Environment, problems: AasProblemList): void {
  for (const finding of verification.verify(environment)) {
    const path = `$${finding.path.toString()}`;
    if (finding.message.includes("AASd-120")) {
      const message = `${finding.message} The idShort of an element inside a list is not carried over.`;
      problems.add(path, message, "repaired", "list-element-id-short");
    } else if (/must specify unique languages/.test(finding.message)) {
      const part = LANGUAGE_PARTS[finding.message.split(" must ")[0] ?? ""] ?? "other";
      problems.add(path, `${finding.message} The first text of each language is kept.`, "repaired", "duplicate-languages", { part });
    } else {
      problems.add(path, finding.message, "info", "verification", { finding: finding.message });
    }
  }
}

function importSubmodel(submodel: aas.Submodel, path: string, builder: Builder): string | undefined {
  const name = submodel.idShort ?? submodel.id;
  if (submodel.kind !== aas.ModellingKind.Template) {
    builder.problems.add(
      path,
      `Submodel "${name}" is of kind Instance, not a template; skipped (only submodel templates are imported).`,
      "skipped",
      "not-a-template",
      { name },
    );
    return undefined;
  }
  const options = metadataOptions(submodel, submodel.semanticId, path, builder);
  options[AAS_OPTION.templateId] = submodel.administration?.templateId ?? submodel.id;
  const section = newSection(builder, path, {
    name: (langOptionsName(submodel) ?? (humanizeIdShort(submodel.idShort ?? "") || submodel.id)).slice(0, 200),
    type: "Group",
    parentId: null,
    options,
  });
  if (!section) return undefined;
  fillSection(section, submodel.submodelElements ?? [], `${path}.submodelElements`, { repeaterDepth: 0, required: true }, builder);
  return section.id;
}

function langOptionsName(element: aas.IReferable): string | undefined {
  const text = element.displayName?.find((s) => /^en(-|$)/i.test(s.language))?.text ?? element.displayName?.[0]?.text;
  return text?.trim() || undefined;
}

/** The section's fields and nested sections from its elements, then their grid cells. */
function fillSection(
  section: TSection,
  elements: readonly aas.ISubmodelElement[],
  path: string,
  scope: Scope,
  builder: Builder,
): void {
  for (const [k, element] of elements.entries()) importElement(section, element, `${path}[${k}]`, scope, builder);
  placeChildren(section, builder);
}

function importElement(section: TSection, element: aas.ISubmodelElement, path: string, scope: Scope, builder: Builder): void {
  if (aas.isSubmodelElementCollection(element)) {
    importCollection(section, element, path, scope, builder);
    return;
  }
  if (aas.isSubmodelElementList(element)) {
    importList(section, element, path, scope, builder);
    return;
  }
  if (aas.isEntity(element)) {
    importEntity(section, element, path, scope, builder);
    return;
  }
  const required = scope.required && isRequiredCardinality(cardinalityOf(element));
  const fields = dataElementFields(element, path, required, elementContext(builder), "Value");
  if (!fields) {
    skipUnrepresentable(element, path, builder.problems);
    return;
  }
  addFields(section, fields, path, builder);
}

function importCollection(
  parent: TSection,
  collection: aas.SubmodelElementCollection,
  path: string,
  scope: Scope,
  builder: Builder,
): void {
  const cardinality = cardinalityOf(collection);
  const repeats = cardinality === "ZeroToMany" || cardinality === "OneToMany";
  const isRepeater = repeats && canRepeat({ kind: "collection", name: collection.idShort ?? "" }, path, scope, builder);
  const options = metadataOptions(collection, collection.semanticId, path, builder);
  options[AAS_OPTION.cardinality] = cardinality;
  if (isRepeater) Object.assign(options, rowLimits(cardinality));
  const section = newSection(builder, path, {
    name: elementName(collection, "Collection"),
    type: isRepeater ? "Repeatable" : "Group",
    parentId: parent.id,
    options,
  });
  if (!section) return;
  fillSection(section, collection.value ?? [], `${path}.value`, innerScope(scope, isRepeater, cardinality), builder);
}

/**
 * An Entity is a Group section of its own kind (`aas.modelType: "Entity"`, `aas.entityType`): its statements are
 * the section's fields and sub-sections, and a self-managed entity's global asset id is data the passport holds, a
 * field of the section (`aas.entityPart: "globalAssetId"`) the export writes back as the entity's (docs/aas-import.md
 * §Entities).
 */
function importEntity(parent: TSection, entity: aas.Entity, path: string, scope: Scope, builder: Builder): void {
  const cardinality = cardinalityOf(entity);
  const options = metadataOptions(entity, entity.semanticId, path, builder);
  Object.assign(options, entityOptions(entity), { [AAS_OPTION.cardinality]: cardinality });
  const section = newSection(builder, path, { name: elementName(entity, "Entity"), type: "Group", parentId: parent.id, options });
  if (!section) return;
  const required = scope.required && isRequiredCardinality(cardinality);
  if (entity.entityType === aas.EntityType.SelfManagedEntity)
    addFields(section, [globalAssetIdField(entity, required)], path, builder);
  if ((entity.specificAssetIds?.length ?? 0) > 0) {
    builder.problems.add(
      `${path}.specificAssetIds`,
      `The specific asset ids of entity "${entity.idShort}" are not kept.`,
      "info",
      "entity-asset-ids",
      {
        entity: entity.idShort ?? "",
      },
    );
  }
  fillSection(section, entity.statements ?? [], `${path}.statements`, { ...scope, required }, builder);
}

function entityOptions(entity: aas.Entity): Record<string, string> {
  return {
    [AAS_OPTION.modelType]: "Entity",
    [AAS_OPTION.entityType]: stringification.mustEntityTypeToString(entity.entityType),
  };
}

/** The field holding a self-managed entity's global asset id (AASd-014: such an entity names its asset). */
function globalAssetIdField(entity: aas.Entity, required: boolean): FieldDraft {
  const options: Record<string, string> = { [AAS_OPTION.entityPart]: "globalAssetId", ...(required && { required: "true" }) };
  if (entity.globalAssetId) options.placeholder = entity.globalAssetId.slice(0, 200);
  return { name: "Global asset ID", type: "TextField", options };
}

/**
 * Whether an element that repeats can be a repeater where it sits: inside fewer than MAX_REPEATER_DEPTH repeaters
 * (docs/data-model.md §Rows). Deeper, it is kept as one entry per row of its parent, with a problem saying so.
 */
function canRepeat(what: { kind: "collection" | "list"; name: string }, path: string, scope: Scope, builder: Builder): boolean {
  if (scope.repeaterDepth < MAX_REPEATER_DEPTH) return true;
  builder.problems.add(
    path,
    `${what.kind === "list" ? "List" : "Collection"} "${what.name}" may repeat, but it sits inside ${scope.repeaterDepth} repeaters and repeaters nest at most ${MAX_REPEATER_DEPTH} deep; kept as one entry per row.`,
    "info",
    "repeats-too-deep",
    { element: what.name, kind: what.kind, depth: scope.repeaterDepth, max: MAX_REPEATER_DEPTH },
  );
  return false;
}

/**
 * A list is a repeater whose row is its element: a collection's elements become the row's fields and sections, a
 * single data element the row's one field. Inside a repeater it is a nested repeater, up to MAX_REPEATER_DEPTH
 * levels; deeper, it is kept as one entry.
 */
function importList(parent: TSection, list: aas.SubmodelElementList, path: string, scope: Scope, builder: Builder): void {
  const children = list.value ?? [];
  const [element] = children;
  if (!element) {
    builder.problems.add(
      path,
      `List "${list.idShort}" holds no element to take the shape of its rows from; skipped.`,
      "skipped",
      "list-without-element",
      {
        list: list.idShort ?? "",
      },
    );
    return;
  }
  if (children.length > 1) {
    builder.problems.add(
      `${path}.value`,
      `List "${list.idShort}" holds ${children.length} elements; the first one is the shape of its rows.`,
      "info",
      "list-of-many-elements",
      { list: list.idShort ?? "", count: children.length },
    );
  }
  if (aas.isSubmodelElementList(element)) {
    builder.problems.add(
      `${path}.value[0]`,
      `List "${list.idShort}" is a list of lists, which a template cannot represent; skipped.`,
      "skipped",
      "list-of-lists",
      { list: list.idShort ?? "" },
    );
    return;
  }
  if (isValueElement(element)) return importValueList(parent, list, element, path, scope, builder);
  const isRepeater = canRepeat({ kind: "list", name: list.idShort ?? "" }, path, scope, builder);
  const cardinality = cardinalityOf(list);
  const options = metadataOptions(list, list.semanticId, path, builder);
  options[AAS_OPTION.modelType] = "SubmodelElementList";
  options[AAS_OPTION.cardinality] = cardinality;
  const listElementSemanticId = semanticIdOption(list.semanticIdListElement) ?? semanticIdOption(element.semanticId);
  if (listElementSemanticId) options[AAS_OPTION.listElementSemanticId] = listElementSemanticId;
  const rowCardinality = statedCardinalityOf(element);
  if (rowCardinality) options[AAS_OPTION.listElementCardinality] = rowCardinality;
  if (isRepeater) Object.assign(options, listRowLimits(cardinality, rowCardinality));
  if (aas.isEntity(element)) options[AAS_OPTION.entityType] = stringification.mustEntityTypeToString(element.entityType);
  const section = newSection(builder, path, {
    name: elementName(list, "List"),
    type: isRepeater ? "Repeatable" : "Group",
    parentId: parent.id,
    options,
  });
  if (!section) return;
  const rowScope = innerScope(scope, isRepeater, cardinality);
  const elementPath = `${path}.value[0]`;
  if (aas.isSubmodelElementCollection(element)) {
    fillSection(section, element.value ?? [], `${elementPath}.value`, rowScope, builder);
    return;
  }
  if (aas.isEntity(element)) {
    // A list of entities: each row is one entity (`aas.entityType` on the list), its statements the row's content.
    if (element.entityType === aas.EntityType.SelfManagedEntity) {
      addFields(section, [globalAssetIdField(element, rowScope.required)], elementPath, builder);
    }
    fillSection(section, element.statements ?? [], `${elementPath}.statements`, rowScope, builder);
    return;
  }
  const required = rowScope.required && isRequiredCardinality(cardinalityOf(element));
  const fields = dataElementFields(element, elementPath, required, elementContext(builder), section.name);
  // The element of a list has no idShort of its own (AASd-120): the list's section carries the path, and its
  // cardinality (that of the rows).
  for (const field of fields ?? []) {
    delete field.options[AAS_OPTION.idShort];
    delete field.options[AAS_OPTION.cardinality];
  }
  if (fields) addFields(section, fields, elementPath, builder);
  else skipUnrepresentable(element, elementPath, builder.problems);
  placeChildren(section, builder);
}

/**
 * A repeater's row limits from the cardinality of its rows (docs/aas-import.md §Cardinality): One → at least 1 and
 * at most 1, OneToMany → at least 1, ZeroToOne → at most 1, ZeroToMany → none.
 */
function rowLimits(rows: Cardinality): Record<string, string> {
  return {
    ...((rows === "One" || rows === "OneToMany") && { minRows: "1" }),
    ...((rows === "One" || rows === "ZeroToOne") && { maxRows: "1" }),
  };
}

/**
 * A list's cardinality says whether the list must be there, its element's how many entries it holds (SMT): the rows
 * are limited by the element's; a list that may be left out asks for no row. An element stating none repeats, at
 * least once when the list must be there.
 */
function listRowLimits(list: Cardinality, rows: Cardinality | undefined): Record<string, string> {
  const isListRequired = isRequiredCardinality(list);
  const limits = rowLimits(rows ?? (isListRequired ? "OneToMany" : "ZeroToMany"));
  if (!isListRequired) delete limits.minRows;
  return limits;
}

/** The data elements a list of plain values is made of (docs/field-options.md §Lists). */
function isValueElement(element: aas.ISubmodelElement): boolean {
  return aas.isProperty(element) || aas.isMultiLanguageProperty(element) || aas.isFile(element) || aas.isReferenceElement(element);
}

/**
 * A list of plain values (Property, MultiLanguageProperty, File, ReferenceElement) is ONE list field of the list's
 * parent, outside or inside a repeater: the field carries the list's idShort, semanticId and descriptions, and the
 * element's shape (type, value type, choices, unit); its semanticId is the list's semanticIdListElement.
 */
function importValueList(
  parent: TSection,
  list: aas.SubmodelElementList,
  element: aas.ISubmodelElement,
  path: string,
  scope: Scope,
  builder: Builder,
): void {
  const elementPath = `${path}.value[0]`;
  const context = elementContext(builder);
  // The element's own idShort and semantics are the list's entries', not the field's: only its unit is taken.
  const shapeContext = {
    ...context,
    metadata: (e: aas.ISubmodelElement, at: string): Record<string, string> => {
      const unit = unitOption(conceptDescriptionOf(e, builder), at, builder.problems);
      return unit ? { unit } : {};
    },
  };
  const [shape] = dataElementFields(element, elementPath, false, shapeContext, elementName(list, "List")) ?? [];
  if (!shape) return skipUnrepresentable(element, elementPath, builder.problems);
  const required = scope.required && isRequiredCardinality(cardinalityOf(list));
  const options: Record<string, string> = {
    ...shape.options,
    ...context.metadata(list, path),
    list: "true",
    ...(required && { required: "true" }),
  };
  const listElementSemanticId = semanticIdOption(list.semanticIdListElement) ?? semanticIdOption(element.semanticId);
  if (listElementSemanticId) options[AAS_OPTION.listElementSemanticId] = listElementSemanticId;
  // The element's cardinality (how many entries) is kept for the export to write back on each entry.
  const entryCardinality = statedCardinalityOf(element);
  if (entryCardinality) options[AAS_OPTION.listElementCardinality] = entryCardinality;
  addFields(parent, [{ name: elementName(list, "List"), type: shape.type, options }], path, builder);
}

const SKIP_REASONS: Record<string, string> = {
  Operation: "an operation is behaviour, not data a passport holds",
  BasicEventElement: "an event is behaviour, not data a passport holds",
  RelationshipElement: "a relationship between two elements has no field type here",
  AnnotatedRelationshipElement: "a relationship between two elements has no field type here",
  Blob: "binary content is not stored in a template; use a File instead",
  Capability: "a capability describes behaviour, not data a passport holds",
};

function skipUnrepresentable(element: aas.ISubmodelElement, path: string, problems: AasProblemList): void {
  const modelType = stringification.modelTypeToString(element.modelType()) ?? "Element";
  const reason = SKIP_REASONS[modelType] ?? "this element type has no field type here";
  problems.add(path, `${modelType} "${element.idShort ?? "(no idShort)"}" skipped: ${reason}.`, "skipped", "unrepresentable", {
    modelType,
    element: element.idShort ?? "",
  });
}

function elementContext(builder: Builder) {
  return {
    problems: builder.problems,
    metadata: (element: aas.ISubmodelElement, path: string) => {
      const options = metadataOptions(element, element.semanticId, path, builder);
      options[AAS_OPTION.cardinality] = cardinalityOf(element);
      const unit = unitOption(conceptDescriptionOf(element, builder), path, builder.problems);
      if (unit) options.unit = unit;
      return options;
    },
    conceptDescriptionOf: (element: aas.ISubmodelElement) => conceptDescriptionOf(element, builder),
  };
}

function conceptDescriptionOf(element: aas.IHasSemantics, builder: Builder): aas.ConceptDescription | undefined {
  const key = semanticKey(element.semanticId);
  return key === undefined ? undefined : builder.conceptDescriptions.get(key);
}

/** idShort, semanticId, descriptions and the concept description of a referable element, as options. */
function metadataOptions(
  element: aas.IReferable & aas.IHasSemantics,
  semanticId: aas.Reference | null,
  path: string,
  builder: Builder,
): Record<string, string> {
  const options: Record<string, string> = {};
  // A list's element has no idShort (AASd-120); its list's section or field carries the path.
  if (element.idShort) options[AAS_OPTION.idShort] = element.idShort;
  const semantic = semanticIdOption(semanticId);
  if (semantic) putOption(options, AAS_OPTION.semanticId, semantic, path, builder.problems);
  const { description, displayName } = langOptions(element);
  if (description) putOption(options, AAS_OPTION.description, description, path, builder.problems);
  if (displayName) putOption(options, AAS_OPTION.displayName, displayName, path, builder.problems);
  const cd = conceptDescriptionOf(element, builder);
  if (cd) {
    const json = JSON.stringify(withUniqueLanguages(jsonization.toJsonable(cd)));
    putOption(options, AAS_OPTION.conceptDescription, json, path, builder.problems);
  }
  return options;
}

function putOption(options: Record<string, string>, key: string, value: string, path: string, problems: AasProblemList): void {
  if (value.length > MAX_OPTION_LENGTH) {
    problems.add(
      path,
      `${key} is ${value.length.toLocaleString("en-US")} characters, more than an option holds (${MAX_OPTION_LENGTH.toLocaleString("en-US")}); left out.`,
      "skipped",
      "option-too-long",
      { option: key, length: value.length, max: MAX_OPTION_LENGTH },
    );
    return;
  }
  options[key] = value;
}

type SectionDraft = Pick<TSection, "name" | "type" | "parentId"> & { options: Record<string, string> };

/** A new section under its parent, or undefined (and a problem) when the template has no room for more sections. */
function newSection(builder: Builder, path: string, draft: SectionDraft): TSection | undefined {
  if (builder.sections.length >= builder.sectionBudget) {
    builder.problems.add(
      path,
      `"${draft.name}" skipped with its content: a template holds at most ${MAX_SECTIONS} sections.`,
      "skipped",
      "too-many-sections",
      { name: draft.name, max: MAX_SECTIONS },
    );
    return undefined;
  }
  const section: TSection = {
    id: builder.newId(),
    name: draft.name,
    type: draft.type,
    parentId: draft.parentId,
    subSections: [],
    dataFields: [],
    granularityLevel: "Model",
    layout: fullWidthRow(1, 1),
    ...(Object.keys(draft.options).length > 0 && { options: draft.options }),
    ...withAasTranslations(draft.options),
  };
  builder.sections.push(section);
  if (draft.parentId !== null) builder.sections.find((s) => s.id === draft.parentId)?.subSections.push(section.id);
  return section;
}

/** Every language of the element's display name and description, as translations (aas-translations.ts). */
function withAasTranslations(options: Record<string, string>): { translations?: TTranslations } {
  const translations = aasTranslations(options);
  return translations ? { translations } : {};
}

function addFields(section: TSection, fields: readonly FieldDraft[], path: string, builder: Builder): void {
  for (const field of fields) {
    if (section.dataFields.length >= MAX_FIELDS_PER_SECTION) {
      builder.problems.add(
        path,
        `"${field.name}" skipped: a section holds at most ${MAX_FIELDS_PER_SECTION} data fields.`,
        "skipped",
        "too-many-fields",
        {
          name: field.name,
          max: MAX_FIELDS_PER_SECTION,
        },
      );
      continue;
    }
    const dataField: TDataField = {
      id: builder.newId(),
      name: field.name,
      type: field.type,
      options: field.options,
      granularityLevel: "Model",
      layout: fullWidthRow(1, 1),
      ...withAasTranslations(field.options),
    };
    section.dataFields.push(dataField);
  }
}

/**
 * Fields one per row on small screens and two per row from md; nested sections full width below them. The grid
 * is the template's 12 columns.
 */
function placeChildren(section: TSection, builder: Builder): void {
  const half = GRID_COLUMNS / 2;
  section.dataFields.forEach((field, k) => {
    const md = { colStart: k % 2 === 0 ? 1 : half + 1, colSpan: half, rowStart: Math.floor(k / 2) + 1 };
    field.layout = {
      colStart: { xs: 1, sm: 1, md: md.colStart, lg: md.colStart, xl: md.colStart },
      colSpan: { xs: GRID_COLUMNS, sm: GRID_COLUMNS, md: half, lg: half, xl: half },
      rowStart: { xs: k + 1, sm: k + 1, md: md.rowStart, lg: md.rowStart, xl: md.rowStart },
      rowSpan: { xs: 1, sm: 1, md: 1, lg: 1, xl: 1 },
    };
  });
  const fieldRows = section.dataFields.length;
  const fieldRowsMd = Math.ceil(fieldRows / 2);
  section.subSections.forEach((id, j) => {
    const child = builder.sections.find((s) => s.id === id);
    if (child) child.layout = fullWidthRow(fieldRows + j + 1, fieldRowsMd + j + 1);
  });
}

export function fullWidthRow(rowSmall: number, rowMd: number): Layout {
  return {
    colStart: { xs: 1, sm: 1, md: 1, lg: 1, xl: 1 },
    colSpan: { xs: GRID_COLUMNS, sm: GRID_COLUMNS, md: GRID_COLUMNS, lg: GRID_COLUMNS, xl: GRID_COLUMNS },
    rowStart: { xs: rowSmall, sm: rowSmall, md: rowMd, lg: rowMd, xl: rowMd },
    rowSpan: { xs: 1, sm: 1, md: 1, lg: 1, xl: 1 },
  };
}
