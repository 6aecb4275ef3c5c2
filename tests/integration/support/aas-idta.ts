import { readdirSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import type { TAasSubmodelsImported } from "~/domain/aas/aas-upload";
import type { TModel } from "~/domain/model-schema";
import type { TPublishResponse, TTemplateDraft } from "~/domain/template-draft-schema";
import type { TSection } from "~/domain/template-schema";
import { api } from "./http";
import type { World } from "./world";

/** The nine shared IDTA submodel templates (../shared/standards/README.md), read as data. */
export const IDTA = "../shared/standards/idta";
export const IDTA_FILES = readdirSync(IDTA)
  .filter((file) => file.endsWith(".json"))
  .sort();

export type Json = Record<string, unknown>;

export function idtaSource(file: string): string {
  return readFileSync(`${IDTA}/${file}`, "utf8");
}

/** A draft of the world's organization with the file imported, published: the template and its draft's sections. */
export async function publishIdtaTemplate(world: World, file: string, environment = idtaSource(file)) {
  const drafts = `/api/organizations/${world.organization.id}/template-drafts`;
  const draft = await api<TTemplateDraft>("POST", drafts, { token: world.token, body: { name: file } });
  expect(draft.status).toBe(201);
  const imported = await api<TAasSubmodelsImported>("POST", `${drafts}/${draft.body.id}/aas-submodels`, {
    token: world.token,
    rawBody: environment,
    headers: { "content-type": "application/json" },
  });
  if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${JSON.stringify(imported.body).slice(0, 2000)}`);
  const published = await api<TPublishResponse>("POST", `${drafts}/${draft.body.id}/publish`, {
    token: world.token,
    body: {},
    headers: { "if-match": `"${imported.body.templateDraft.revision}"` },
  });
  if (published.status !== 201)
    throw new Error(`publish answered ${published.status}: ${JSON.stringify(published.body).slice(0, 2000)}`);
  return { templateId: published.body.published.templateId, imported: imported.body };
}

function firstKey(reference: unknown): string | undefined {
  const keys = (reference as { keys?: { value?: string }[] } | undefined)?.keys;
  return keys?.[0]?.value;
}

export type ElementAtPath = { modelType: string; semanticId: string | undefined; cardinality: string | undefined; isEmpty: boolean };

function cardinalityOf(element: Json): string | undefined {
  const qualifiers = (element.qualifiers as { type?: string; value?: string }[] | undefined) ?? [];
  return qualifiers.find((q) => q.type === "SMT/Cardinality")?.value;
}

/**
 * Every submodel and element of an environment by idShort path (`Submodel.Collection.Property`); a list's elements
 * are one path, `List[]` (their shape, whatever the number of rows), a collection in a list continues below it.
 */
export function elementsByPath(environment: Json): Map<string, ElementAtPath> {
  const found = new Map<string, ElementAtPath>();
  const walk = (elements: Json[], prefix: string) => {
    for (const element of elements) {
      const path = `${prefix}.${String(element.idShort)}`;
      visit(element, path);
    }
  };
  const visit = (element: Json, path: string) => {
    if (!found.has(path)) {
      const isEmpty = Array.isArray(element.value) ? element.value.length === 0 : element.value === undefined;
      const modelType = String(element.modelType);
      found.set(path, { modelType, semanticId: firstKey(element.semanticId), cardinality: cardinalityOf(element), isEmpty });
    }
    if (element.modelType === "SubmodelElementCollection") walk((element.value as Json[]) ?? [], path);
    if (element.modelType === "Entity") walk((element.statements as Json[]) ?? [], path);
    if (element.modelType === "SubmodelElementList") for (const child of (element.value as Json[]) ?? []) visit(child, `${path}[]`);
  };
  for (const submodel of (environment.submodels as Json[]) ?? []) {
    const semanticId = firstKey(submodel.semanticId);
    found.set(String(submodel.idShort), { modelType: "Submodel", semanticId, cardinality: undefined, isEmpty: false });
    walk((submodel.submodelElements as Json[]) ?? [], String(submodel.idShort));
  }
  return found;
}

/**
 * How an export keeps a template (docs/aas-import.md §Measured): of the template's elements with a semanticId, how
 * many the export has at the same idShort path with the same semanticId; of the template's elements the export has
 * at the same path, which changed their modelType and which their SMT/Cardinality qualifier.
 */
export function fidelity(template: Json, exported: Json) {
  const source = elementsByPath(template);
  const out = elementsByPath(exported);
  let withSemanticId = 0;
  let sameSemanticId = 0;
  const modelTypeChanged: string[] = [];
  const cardinalityChanged: string[] = [];
  const missing: string[] = [];
  for (const [path, element] of source) {
    const back = out.get(path);
    if (element.semanticId !== undefined) {
      withSemanticId++;
      if (back?.semanticId === element.semanticId) sameSemanticId++;
      else missing.push(path);
    }
    if (back && back.modelType !== element.modelType) modelTypeChanged.push(`${path}: ${element.modelType} → ${back.modelType}`);
    if (back && element.cardinality !== undefined && back.cardinality !== element.cardinality) cardinalityChanged.push(path);
  }
  return { withSemanticId, sameSemanticId, modelTypeChanged, cardinalityChanged, missing };
}

function sampleValue(section: TSection, fieldId: string): string {
  const field = section.dataFields.find((f) => f.id === fieldId);
  const options = field?.options ?? {};
  // An integer field (decimals "0", from xs:int and the like) takes no fraction.
  if (field?.type === "NumericField") return options.min ?? options.max ?? (options.decimals === "0" ? "12" : "12.5");
  if (field?.type === "FileField") return "https://example.com/documents/declaration.pdf";
  if (options.choices) return options.choices.split("|")[0] ?? "";
  if (options.format === "date") return "2026-02-18";
  if (options.format === "dateTime") return "2026-02-18T10:30:00+01:00";
  return "Example value";
}

/** Generated values: each field's own kind of value, varied by a counter (umlauts and spaces in the texts). */
function generatedValue(section: TSection, fieldId: string, n: number): string | string[] {
  const field = section.dataFields.find((f) => f.id === fieldId);
  // A list field takes two entries of its kind.
  if (field?.options.list === "true") {
    const single = { ...section, dataFields: [{ ...field, options: { ...field.options, list: "false" } }] };
    return [generatedValue(single, fieldId, n), generatedValue(single, fieldId, n + 1000)].flat();
  }
  const options = field?.options ?? {};
  if (field?.type === "TextField" && !options.choices && !options.format && !options.pattern) return `Wert ${n}: Größe ü ${n * 7}`;
  if (field?.type === "NumericField" && options.min === undefined && options.max === undefined) {
    return options.decimals === "0" ? String(10 + n) : `${10 + n}.${n % 10}5`;
  }
  return sampleValue(section, fieldId);
}

/**
 * A model of the template with every Model-level field filled: the fields outside repeaters where the new model
 * holds them, and a first row of each Model-level repeater.
 */
export async function fillEveryField(world: World, templateId: string, sections: readonly TSection[]): Promise<TModel> {
  const created = await api<TModel>("POST", `/api/organizations/${world.organization.id}/models`, {
    token: world.token,
    body: { name: "From an IDTA template", templateId },
  });
  expect(created.status).toBe(201);
  const bySection = new Map(sections.map((s) => [s.id, s]));
  const path = `/api/organizations/${world.organization.id}/models/${created.body.id}/data-values`;
  // How many repeaters a section is or sits in: a value of it has a row in each (the first `row`, the others `innerRows`).
  const repeaterDepth = (section: TSection | undefined): number =>
    section === undefined ? 0 : (section.type === "Repeatable" ? 1 : 0) + repeaterDepth(bySection.get(section.parentId ?? ""));
  const isModelLevel = (section: TSection): boolean =>
    section.granularityLevel !== "Item" && (section.parentId === null || isModelLevel(bySection.get(section.parentId) ?? section));
  let n = 0;
  const valueOf = (v: { dataSectionId: string; dataFieldId: string; row: number; innerRows?: number[] }) => {
    const section = bySection.get(v.dataSectionId);
    if (!section) throw new Error("a value outside the template");
    return { ...v, value: generatedValue(section, v.dataFieldId, ++n) };
  };
  let model = created.body;
  const held = created.body.dataValues.map(valueOf);
  if (held.length > 0) {
    const written = await api<TModel>("PATCH", path, { token: world.token, body: held });
    expect(written.status, JSON.stringify(written.body).slice(0, 1000)).toBe(200);
    model = written.body;
  }
  const rows = sections
    .filter((s) => s.dataFields.length > 0 && repeaterDepth(s) > 0 && isModelLevel(s))
    .flatMap((s) => {
      const innerRows = Array.from({ length: repeaterDepth(s) - 1 }, () => 0);
      return s.dataFields
        .filter((f) => f.granularityLevel !== "Item")
        .map((f) => ({ dataSectionId: s.id, dataFieldId: f.id, row: 0, ...(innerRows.length > 0 && { innerRows }) }));
    })
    .map(valueOf);
  if (rows.length > 0) {
    const added = await api<TModel>("POST", path, { token: world.token, body: rows });
    expect(added.status, JSON.stringify(added.body).slice(0, 1000)).toBe(201);
    model = added.body;
  }
  expect(held.length + rows.length).toBeGreaterThan(0);
  for (const value of [...held, ...rows]) expect(model.dataValues).toContainEqual(expect.objectContaining(value));
  return model;
}
