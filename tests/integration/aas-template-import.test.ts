import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { TAasSubmodelsImported } from "~/domain/aas/aas-upload";
import type { TModel } from "~/domain/model-schema";
import type { TPublishResponse, TTemplateDraft } from "~/domain/template-draft-schema";
import type { TSection } from "~/domain/template-schema";
import { fieldAccess } from "~/domain/field-options";
import { elementsByPath } from "~/domain/profiles/apply-profile";
import { fieldLevel, type SectionEntry } from "~/domain/template-index";
import { annexXiiiProductDataModel } from "~/server/services/seed/internal/idta-battery-passport";
import { aasxPackage } from "./support/aasx-package";
import { fillEveryField } from "./support/aas-idta";
import { api, type ApiResponse } from "./support/http";
import { REPO_ROOT, runCli } from "./support/processes";
import { createWorld, type World } from "./support/world";

/**
 * The import of IDTA submodel templates (docs/aas-import.md) through `POST …/template-drafts/{id}/aas-submodels`:
 * each of the nine shared templates imports with its problems listed, publishes, and a model of it takes generated
 * values in every Model-level field; the imported sections and fields carry the template's semanticIds at the same
 * idShort paths, and so does the model's export, which passes the reference verifier with zero errors.
 */

const IDTA = "../shared/standards/idta";
const FILES = readdirSync(IDTA)
  .filter((file) => file.endsWith(".json"))
  .sort();
const BATTERY_PARTS = FILES.filter((file) => file.startsWith("02035-") || file.startsWith("02099-1"));

let world: World;

beforeAll(async () => {
  world = await createWorld("aas-import");
});

const drafts = () => `/api/organizations/${world.organization.id}/template-drafts`;

function source(file: string): string {
  return readFileSync(`${IDTA}/${file}`, "utf8");
}

async function newDraft(name: string): Promise<TTemplateDraft> {
  const response = await api<TTemplateDraft>("POST", drafts(), { token: world.token, body: { name } });
  expect(response.status).toBe(201);
  return response.body;
}

async function importJson(draftId: string, environment: string, headers: Record<string, string> = {}, query = "") {
  return api<TAasSubmodelsImported>("POST", `${drafts()}/${draftId}/aas-submodels${query}`, {
    token: world.token,
    rawBody: environment,
    headers: { "content-type": "application/json", ...headers },
  });
}

function expectImported(response: ApiResponse<TAasSubmodelsImported>): TAasSubmodelsImported {
  if (response.status !== 201) throw new Error(`import answered ${response.status}: ${JSON.stringify(response.body).slice(0, 2000)}`);
  return response.body;
}

// ---- semanticIds by idShort path, on both sides ----

type Json = Record<string, unknown>;

function firstKey(reference: unknown): string | undefined {
  const keys = (reference as { keys?: { value?: string }[] } | undefined)?.keys;
  return keys?.[0]?.value;
}

/** idShort path → semanticId of each submodel and element; a list's element is addressed through its list. */
function sourceSemanticIds(environment: Json): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  const walk = (elements: Json[], prefix: string) => {
    for (const element of elements) {
      const path = `${prefix}.${String(element.idShort)}`;
      found.set(path, firstKey(element.semanticId));
      if (element.modelType === "SubmodelElementCollection") walk((element.value as Json[]) ?? [], path);
      if (element.modelType === "SubmodelElementList") {
        const [child] = (element.value as Json[]) ?? [];
        if (child?.modelType === "SubmodelElementCollection") walk((child.value as Json[]) ?? [], path);
        else if (child) found.set(`${path}[]`, firstKey(child.semanticId));
      }
    }
  };
  for (const submodel of environment.submodels as Json[]) {
    found.set(String(submodel.idShort), firstKey(submodel.semanticId));
    walk((submodel.submodelElements as Json[]) ?? [], String(submodel.idShort));
  }
  return found;
}

function optionKey(value: string | undefined): string | undefined {
  if (value === undefined || !value.startsWith("{")) return value;
  return firstKey(JSON.parse(value));
}

function importedSemanticIds(sections: readonly TSection[], rootIds: readonly string[]): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  const byId = new Map(sections.map((s) => [s.id, s]));
  const walk = (section: TSection, path: string) => {
    found.set(path, optionKey(section.options?.["aas.semanticId"]));
    for (const field of section.dataFields) {
      const idShort = field.options["aas.idShort"];
      found.set(idShort === undefined ? `${path}[]` : `${path}.${idShort}`, optionKey(field.options["aas.semanticId"]));
      // A list of plain values is one list field (docs/field-options.md §Lists); its entries carry the element semanticId.
      if (field.options.list === "true") found.set(`${path}.${idShort}[]`, optionKey(field.options["aas.listElementSemanticId"]));
    }
    for (const id of section.subSections) {
      const child = byId.get(id);
      if (child) walk(child, `${path}.${child.options?.["aas.idShort"]}`);
    }
  };
  for (const id of rootIds) {
    const root = byId.get(id);
    if (root) walk(root, String(root.options?.["aas.idShort"]));
  }
  return found;
}

async function publish(draft: TTemplateDraft): Promise<TPublishResponse> {
  const response = await api<TPublishResponse>("POST", `${drafts()}/${draft.id}/publish`, {
    token: world.token,
    body: {},
    headers: { "if-match": `"${draft.revision}"` },
  });
  if (response.status !== 201) throw new Error(`publish answered ${response.status}: ${JSON.stringify(response.body).slice(0, 2000)}`);
  return response.body;
}

describe("each shared IDTA submodel template", () => {
  it.each(FILES)(
    "%s imports with its problems listed, publishes, takes generated values, and exports them verified at its semanticIds",
    async (file) => {
      const draft = await newDraft(file);
      const { templateDraft, problems, moreProblems } = expectImported(await importJson(draft.id, source(file)));
      // Every IDTA file fails the reference verifier; each finding is listed with what was done about it.
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.filter((p) => p.action === "repaired").length).toBeGreaterThan(0);
      expect(moreProblems).toBe(0);
      const environment = JSON.parse(source(file)) as Json;
      const rootIds = templateDraft.sections.filter((s) => s.parentId === null).map((s) => s.id);
      expect(rootIds).toHaveLength((environment.submodels as Json[]).length);
      const root = templateDraft.sections.find((s) => s.id === rootIds[0]);
      const [submodel] = environment.submodels as Json[];
      expect(root?.options?.["aas.templateId"]).toBe(
        (submodel?.administration as { templateId?: string } | undefined)?.templateId ?? submodel?.id,
      );
      expect(importedSemanticIds(templateDraft.sections, rootIds)).toEqual(sourceSemanticIds(environment));

      const published = await publish(templateDraft);
      const model = await fillEveryField(world, published.published.templateId, templateDraft.sections);

      // Its export verifies with zero errors and carries the template's semanticIds at the same idShort paths.
      const exported = await api<Json>("GET", `/api/organizations/${world.organization.id}/models/${model.id}/aas`, {
        token: world.token,
      });
      expect(exported.status).toBe(200);
      expect(verificationErrors(exported.body)).toEqual([]);
      const templateIds = sourceSemanticIds(environment);
      const compared = [...sourceSemanticIds(exported.body)].filter(([path]) => templateIds.get(path) !== undefined);
      expect(compared.length).toBeGreaterThan(0);
      for (const [path, semanticId] of compared) expect(semanticId, path).toBe(templateIds.get(path));
      // Every imported section and field with a semanticId is in the export at its path (a section without any field,
      // such as an empty collection of the template, is left out of an export: docs/aas.md).
      const byId = new Map(templateDraft.sections.map((s) => [s.id, s]));
      const holdsFields = (section: TSection): boolean =>
        section.dataFields.length > 0 || section.subSections.some((id) => byId.has(id) && holdsFields(byId.get(id) as TSection));
      const imported = [...importedSemanticIds(templateDraft.sections.filter(holdsFields), rootIds)].filter(
        ([p, id]) => id !== undefined && !p.endsWith("[]"),
      );
      const exportedPaths = new Set(compared.map(([path]) => path));
      for (const [path] of imported) expect(exportedPaths.has(path), path).toBe(true);
    },
  );
});

describe("composing a template", () => {
  it("adds the seven battery parts and the DPP metadata to one draft, one top-level section each, and publishes it", async () => {
    let draft = await newDraft("EU Battery Passport (IDTA 02035)");
    for (const file of BATTERY_PARTS) {
      const imported = expectImported(await importJson(draft.id, source(file), { "if-match": `"${draft.revision}"` }));
      draft = imported.templateDraft;
      // Without a profile: as before, and one line first saying the Annex XIII profile knows these elements.
      expect(imported.problems[0]?.message).toMatch(
        /^No profile was applied: \d+ elements are known to the profile "EU Battery Regulation, Annex XIII"/,
      );
    }
    expect(draft.sections.flatMap((s) => s.dataFields).every((f) => f.options.access === undefined)).toBe(true);
    expect(draft.sections.every((s) => s.granularityLevel === "Model")).toBe(true);
    const roots = draft.sections.filter((s) => s.parentId === null);
    expect(roots.map((s) => s.options?.["aas.idShort"])).toEqual([
      "BatteryNameplate",
      "HandoverDocumentation",
      "CarbonFootprint",
      "TechnicalData",
      "ProductCondition",
      "MaterialComposition",
      "Circularity",
      "DppMetadata",
    ]);
    // Stacked one below the other at every breakpoint.
    expect(roots.map((s) => s.layout.rowStart.xs)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const published = await publish(draft);
    await fillEveryField(world, published.published.templateId, draft.sections);
  });

  it("with the Annex XIII profile, gives the seven battery parts exactly the shipped model's access and granularity", async () => {
    let draft = await newDraft("Battery with profile");
    let imported: TAasSubmodelsImported | undefined;
    for (const file of BATTERY_PARTS) {
      const headers = { "if-match": `"${draft.revision}"` };
      imported = expectImported(await importJson(draft.id, source(file), headers, "?profile=eu-battery-annex-xiii"));
      draft = imported.templateDraft;
    }
    expect(imported?.problems[0]?.message).toMatch(
      /^Profile "EU Battery Regulation, Annex XIII" applied: 61 of its rules matched, 0 elements were added, 0 fields are reached by no rule/,
    );
    const shape = (sections: readonly TSection[]) =>
      [...elementsByPath(sections)].map(([at, { section, field }]) => [
        at,
        field ? fieldLevel({ section } as SectionEntry, field) : section.granularityLevel,
        field ? fieldAccess(field) : "",
        field?.options.snapshot ?? "",
      ]);
    expect(shape(draft.sections)).toEqual(shape(annexXiiiProductDataModel().sections));
    const refused = await importJson(draft.id, source(BATTERY_PARTS[0] ?? ""), {}, "?profile=textiles");
    expect(refused.status).toBe(400);
  });

  it("takes an AASX package, and refuses one whose environment is XML with 415, storing nothing", async () => {
    const draft = await newDraft("From AASX");
    const response = await api<TAasSubmodelsImported>("POST", `${drafts()}/${draft.id}/aas-submodels`, {
      token: world.token,
      rawBody: aasxPackage(source("02006-3-digital-nameplate.json")),
      headers: { "content-type": "application/asset-administration-shell-package" },
    });
    const imported = expectImported(response);
    expect(imported.templateDraft.sections.find((s) => s.parentId === null)?.options?.["aas.idShort"]).toBe("Nameplate");

    const xml = await api("POST", `${drafts()}/${draft.id}/aas-submodels`, {
      token: world.token,
      rawBody: aasxPackage("<environment/>", { environmentPart: "aasx/data.xml" }),
      headers: { "content-type": "application/zip" },
    });
    expect(xml.status).toBe(415);
    const after = await api<TTemplateDraft>("GET", `${drafts()}/${draft.id}`, { token: world.token });
    expect(after.body.revision).toBe(imported.templateDraft.revision);
  });
});

describe("what cannot be imported", () => {
  const environmentWith = (kind: string, elements: Json[]) =>
    JSON.stringify({
      submodels: [{ modelType: "Submodel", id: "urn:example:sm", idShort: "Example", kind, submodelElements: elements }],
    });

  it("lists each element kind that holds no passport data as skipped, by path, and imports the rest", async () => {
    const draft = await newDraft("Skips");
    const reference = { type: "ModelReference", keys: [{ type: "Submodel", value: "urn:example:sm" }] };
    const environment = environmentWith("Template", [
      { modelType: "Property", idShort: "Weight", valueType: "xs:double" },
      { modelType: "Operation", idShort: "Recalibrate" },
      { modelType: "Blob", idShort: "Picture", contentType: "image/png" },
      { modelType: "Range", idShort: "Temperature", valueType: "xs:int" },
      { modelType: "Capability", idShort: "CanCharge" },
      { modelType: "BasicEventElement", idShort: "Changed", observed: reference, direction: "output", state: "on" },
      { modelType: "RelationshipElement", idShort: "PartOf", first: reference, second: reference },
      { modelType: "AnnotatedRelationshipElement", idShort: "Feeds", first: reference, second: reference },
    ]);
    const { templateDraft, problems } = expectImported(await importJson(draft.id, environment));
    const skipped = problems.filter((p) => p.action === "skipped");
    for (const [k, kind] of [
      [1, "Operation"],
      [2, "Blob"],
      [4, "Capability"],
      [5, "BasicEventElement"],
      [6, "RelationshipElement"],
      [7, "AnnotatedRelationshipElement"],
    ] as const) {
      expect(skipped).toContainEqual(
        expect.objectContaining({ path: `$.submodels[0].submodelElements[${k}]`, message: expect.stringContaining(kind) }),
      );
    }
    const [section] = templateDraft.sections;
    expect(section?.dataFields.map((f) => [f.name, f.type])).toEqual([
      ["Weight", "NumericField"],
      ["Temperature", "NumericField"],
    ]);
    // A Range is one range field (docs/aas-import.md).
    expect(section?.dataFields[1]?.options).toMatchObject({ range: "true", "aas.modelType": "Range", "aas.valueType": "xs:int" });
  });

  it("keeps the template's cardinality as required and row limits, and exports it back, empty mandatory collections included", async () => {
    const cardinality = (value: string) => ({ qualifiers: [{ type: "SMT/Cardinality", valueType: "xs:string", value }] });
    const property = (idShort: string, value?: string) => ({
      modelType: "Property",
      ...(idShort && { idShort }),
      valueType: "xs:string",
      ...(value && cardinality(value)),
    });
    // A list of collections is a repeater (a list of plain values is one list field, below).
    const list = (idShort: string, own: string, rows: string) => ({
      modelType: "SubmodelElementList",
      idShort,
      typeValueListElement: "SubmodelElementCollection",
      value: [{ modelType: "SubmodelElementCollection", value: [property("Entry")], ...cardinality(rows) }],
      ...cardinality(own),
    });
    const valueList = (idShort: string, own: string) => ({
      modelType: "SubmodelElementList",
      idShort,
      typeValueListElement: "Property",
      valueTypeListElement: "xs:string",
      value: [property("", "OneToMany")],
      ...cardinality(own),
    });
    const draft = await newDraft("Cardinality");
    const environment = environmentWith("Template", [
      property("Code", "One"),
      property("Note", "ZeroToOne"),
      { modelType: "SubmodelElementCollection", idShort: "Address", ...cardinality("One") },
      { modelType: "SubmodelElementCollection", idShort: "Docs", value: [property("Title")], ...cardinality("ZeroToMany") },
      { modelType: "SubmodelElementCollection", idShort: "Owners", value: [property("Owner")], ...cardinality("OneToMany") },
      list("Phases", "One", "One"),
      list("Ids", "One", "OneToMany"),
      list("Optional", "ZeroToOne", "OneToMany"),
      list("Single", "One", "ZeroToOne"),
      valueList("Keywords", "One"),
      valueList("Tags", "ZeroToOne"),
    ]);
    const { templateDraft } = expectImported(await importJson(draft.id, environment));
    const [root, ...sections] = templateDraft.sections;
    expect(root?.dataFields.map((f) => [f.options["aas.idShort"], f.options.required])).toEqual([
      ["Code", "true"],
      ["Note", undefined],
      ["Keywords", "true"],
      ["Tags", undefined],
    ]);
    // A list of plain values is one list field, required by the list's own cardinality (docs/aas-import.md).
    expect(root?.dataFields.slice(2).map((f) => f.options.list)).toEqual(["true", "true"]);
    const limits = (s: TSection) => [s.options?.["aas.idShort"], s.type, s.options?.minRows, s.options?.maxRows];
    expect(sections.map(limits)).toEqual([
      ["Address", "Group", undefined, undefined],
      ["Docs", "Repeatable", undefined, undefined],
      ["Owners", "Repeatable", "1", undefined],
      ["Phases", "Repeatable", "1", "1"],
      ["Ids", "Repeatable", "1", undefined],
      ["Optional", "Repeatable", undefined, undefined],
      ["Single", "Repeatable", undefined, "1"],
    ]);

    const published = await publish(templateDraft);
    const model = await api<TModel>("POST", `/api/organizations/${world.organization.id}/models`, {
      token: world.token,
      body: { name: "Cardinality", templateId: published.published.templateId },
    });
    const exported = await api<Json>("GET", `/api/organizations/${world.organization.id}/models/${model.body.id}/aas`, {
      token: world.token,
    });
    expect(verificationErrors(exported.body)).toEqual([]);
    const elements = ((exported.body.submodels as Json[])[0]?.submodelElements as Json[]).map((e) => [
      e.idShort,
      e.modelType,
      (e.qualifiers as { value: string }[] | undefined)?.[0]?.value,
    ]);
    expect(elements).toEqual([
      ["Code", "Property", "One"],
      ["Note", "Property", "ZeroToOne"],
      ["Keywords", "SubmodelElementList", "One"],
      ["Tags", "SubmodelElementList", "ZeroToOne"],
      // Empty, and exported: the template says it must be there.
      ["Address", "SubmodelElementCollection", "One"],
      ["Docs", "SubmodelElementList", "ZeroToMany"],
      ["Owners", "SubmodelElementList", "OneToMany"],
      ["Phases", "SubmodelElementList", "One"],
      ["Ids", "SubmodelElementList", "One"],
      ["Optional", "SubmodelElementList", "ZeroToOne"],
      ["Single", "SubmodelElementList", "One"],
    ]);
  });

  it("answers 400 with the reasons, storing nothing, when no submodel template is in the body", async () => {
    const draft = await newDraft("Nothing");
    for (const body of [environmentWith("Instance", []), JSON.stringify({ submodels: [{ modelType: "Nonsense" }] }), "[1, 2]"]) {
      const response = await importJson(draft.id, body);
      expect(response.status).toBe(400);
      expect((response.body as { issues?: unknown[] }).issues?.length).toBeGreaterThan(0);
    }
    const after = await api<TTemplateDraft>("GET", `${drafts()}/${draft.id}`, { token: world.token });
    expect(after.body).toMatchObject({ revision: draft.revision, sections: [] });
  });

  it("answers 415 for a body that is neither JSON nor an AASX package, and 412 for a stale If-Match", async () => {
    const draft = await newDraft("Media types");
    const text = await api("POST", `${drafts()}/${draft.id}/aas-submodels`, {
      token: world.token,
      rawBody: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const stale = await importJson(draft.id, source("02099-1-dpp-metadata.json"), { "if-match": `"${draft.revision + 5}"` });
    expect(stale.status).toBe(412);
  });
});

describe("cli template:import with AAS files", () => {
  it("composes one template from several --file flags (JSON and AASX) and prints the problems", async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), "passport-aas-cli-"));
    try {
      const aasx = path.join(workDir, "dpp-metadata.aasx");
      await writeFile(aasx, aasxPackage(source("02099-1-dpp-metadata.json")));
      const json = path.join(REPO_ROOT, "..", "shared/standards/idta/02035-1-battery-nameplate.json");
      const run = await runCli(
        [
          ...["template:import", "--org", world.organization.id, "--file", json, "--file", aasx],
          ...["--name", "Nameplate and metadata", "--profile", "eu-battery-annex-xiii"],
        ],
        { databaseUrl: inject("databaseUrl") },
      );
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout) as { id: string; problems: { source: string; action: string }[] };
      expect(new Set(result.problems.map((p) => p.source))).toEqual(new Set(["profile", json, aasx]));
      const template = await api<{ name: string; sections: TSection[] }>(
        "GET",
        `/api/organizations/${world.organization.id}/templates/${result.id}`,
        { token: world.token },
      );
      expect(template.body.name).toBe("Nameplate and metadata");
      const roots = template.body.sections.filter((s) => s.parentId === null).map((s) => s.options?.["aas.idShort"]);
      expect(roots).toEqual(["BatteryNameplate", "DppMetadata"]);
      // The profile was applied: the test reports are for authorities only (Annex XIII point 3).
      const fields = template.body.sections.flatMap((s) => s.dataFields);
      expect(fields.find((f) => f.options["aas.idShort"] === "ResultsOfTestReportsProvingCompliance")?.options.access).toBe(
        "authority",
      );
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }, 180_000);
});
