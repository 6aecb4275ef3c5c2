import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { TModel } from "~/domain/model-schema";
import { modelPath, postModel } from "./support/actors";
import { type Json, publishIdtaTemplate } from "./support/aas-idta";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Entities (docs/aas.md §Entities, docs/aas-import.md §Entities): an Entity of a submodel template — alone or as the
 * element of a list, as IDTA 02004's `Entities` — becomes a section whose statements are its fields and sections and
 * whose global asset id is a field; values PUT as entities come back as entities, verified.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("aas-entities");
});

const property = (idShort: string, value?: string) => ({
  modelType: "Property",
  ...(idShort && { idShort }),
  valueType: "xs:string",
  ...(value !== undefined && { value }),
});

/** The submodel template (kind Template) or an instance holding values (kind Instance, idShorts as the template's). */
function submodel(kind: "Template" | "Instance", values?: { asset: string; weight: string; part: string; rows: string[][] }) {
  return {
    modelType: "Submodel",
    id: `urn:example:entities:${kind}`,
    idShort: "BillOfMaterial",
    kind,
    submodelElements: [
      {
        modelType: "Entity",
        idShort: "EntryNode",
        entityType: "SelfManagedEntity",
        globalAssetId: values?.asset ?? "urn:example:asset:template",
        statements: [
          property("Weight", values?.weight),
          {
            modelType: "Entity",
            idShort: "Housing",
            entityType: "CoManagedEntity",
            statements: [property("PartName", values?.part)],
          },
        ],
      },
      {
        modelType: "SubmodelElementList",
        idShort: "Entities",
        typeValueListElement: "Entity",
        value: (values?.rows ?? [["urn:example:asset:row", ""]]).map(([asset, number]) => ({
          modelType: "Entity",
          entityType: "SelfManagedEntity",
          globalAssetId: asset,
          statements: [property("PartNumber", values ? number : undefined)],
        })),
      },
    ],
  };
}

type Answer = TModel & { unmatched: unknown[] };

describe("an Entity of a submodel template", () => {
  it("becomes a section with its statements and global asset id, takes values as entities and exports them back, verified", async () => {
    const { templateId, imported } = await publishIdtaTemplate(
      world,
      "entities",
      JSON.stringify({ submodels: [submodel("Template")] }),
    );
    const entry = imported.templateDraft.sections.find((s) => s.options?.["aas.idShort"] === "EntryNode");
    expect(entry?.options).toMatchObject({ "aas.modelType": "Entity", "aas.entityType": "SelfManagedEntity" });
    expect(entry?.dataFields.map((f) => f.options["aas.entityPart"] ?? f.options["aas.idShort"])).toEqual(["globalAssetId", "Weight"]);
    expect(imported.problems.filter((p) => p.action === "skipped")).toEqual([]);

    // A new model: a self-managed entity without its id is written as a collection (AASd-014), and verifies.
    const model = await postModel(world, { name: "Entities", templateId });
    const path = `${modelPath(world, model.id)}/aas`;
    const empty = await api<Json>("GET", path, { token: world.token });
    expect(verificationErrors(empty.body)).toEqual([]);

    const values = {
      asset: "urn:example:asset:42",
      weight: "12 kg",
      part: "Cover",
      rows: [
        ["urn:example:asset:cell-1", "C-1"],
        ["urn:example:asset:cell-2", "C-2"],
      ],
    };
    const put = await api<Answer>("PUT", path, { token: world.token, body: { submodels: [submodel("Instance", values)] } });
    expect(put.status, JSON.stringify(put.body).slice(0, 1500)).toBe(200);
    expect(put.body.unmatched).toEqual([]);

    const exported = await api<Json>("GET", path, { token: world.token });
    expect(verificationErrors(exported.body)).toEqual([]);
    const [node, list] = ((exported.body.submodels as Json[])[0]?.submodelElements ?? []) as Json[];
    expect(node).toMatchObject({
      modelType: "Entity",
      idShort: "EntryNode",
      entityType: "SelfManagedEntity",
      globalAssetId: "urn:example:asset:42",
      statements: [
        { modelType: "Property", idShort: "Weight", value: "12 kg" },
        {
          modelType: "Entity",
          idShort: "Housing",
          entityType: "CoManagedEntity",
          statements: [{ idShort: "PartName", value: "Cover" }],
        },
      ],
    });
    expect(list).toMatchObject({
      modelType: "SubmodelElementList",
      typeValueListElement: "Entity",
      value: values.rows.map(([asset, number]) => ({
        modelType: "Entity",
        entityType: "SelfManagedEntity",
        globalAssetId: asset,
        statements: [{ modelType: "Property", value: number }],
      })),
    });

    // The read API walks into an entity's statements and answers its ValueOnly form (AAS Part 2 §11.4.3).
    const submodelId = Buffer.from(String((exported.body.submodels as Json[])[0]?.id)).toString("base64url");
    const elements = `/api/aas/submodels/${submodelId}/submodel-elements`;
    const weight = await api("GET", `${elements}/EntryNode.Weight/$value`, { token: world.token });
    expect(weight).toMatchObject({ status: 200, body: "12 kg" });
    const entityValue = await api("GET", `${elements}/EntryNode/$value`, { token: world.token });
    expect(entityValue.body).toEqual({
      statements: { Weight: "12 kg", Housing: { statements: { PartName: "Cover" }, entityType: "CoManagedEntity" } },
      entityType: "SelfManagedEntity",
      globalAssetId: "urn:example:asset:42",
    });

    // The export, PUT back unchanged, changes nothing.
    const again = await api<Answer>("PUT", path, { token: world.token, body: exported.body });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: put.body.version, unmatched: [] });

    // Specific asset ids instead of a global asset id (AASd-014 allows one or the other) are not stored, and listed.
    const bySpecificIds = submodel("Instance", values);
    const entryNode = bySpecificIds.submodelElements[0] as Record<string, unknown>;
    delete entryNode.globalAssetId;
    entryNode.specificAssetIds = [{ name: "serialNumber", value: "S-1" }];
    const specific = await api<Answer>("PUT", path, { token: world.token, body: { submodels: [bySpecificIds] } });
    expect(specific.status, JSON.stringify(specific.body).slice(0, 1500)).toBe(200);
    expect(specific.body.unmatched).toEqual([
      { path: "$.submodels[0].submodelElements[0].specificAssetIds", reason: expect.stringContaining("not stored") },
    ]);
  });
});
