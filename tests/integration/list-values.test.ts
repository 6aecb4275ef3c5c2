import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { Jsonable } from "~/domain/aas/export-metadata";
import type { TModel, TModelListEntry } from "~/domain/model-schema";
import type { TPassport } from "~/domain/passport-schema";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, modelsPath } from "./support/actors";
import { expectError, expectModel } from "./support/contract";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Lists of plain values (docs/field-options.md §Lists) through the doors: REST in and out (arrays, 400s), the one
 * write path's entry rules, passport JSON, completeness, and the AAS export PUT back into another model.
 */

const IDS = {
  documents: "20000000-0000-4000-8000-000000000001",
  docIds: "20000000-0000-4000-8000-000000000011",
  masses: "20000000-0000-4000-8000-000000000012",
  title: "20000000-0000-4000-8000-000000000013",
  footprints: "20000000-0000-4000-8000-000000000002",
  methods: "20000000-0000-4000-8000-000000000021",
} as const;

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("lists");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: {
      id: crypto.randomUUID(),
      name: "Lists",
      description: "",
      sectors: [],
      version: "1.0.0",
      sections: [
        {
          id: IDS.documents,
          name: "Documents",
          type: "Group",
          parentId: null,
          dataFields: [
            { id: IDS.docIds, name: "Document ids", type: "TextField", options: { list: "true", required: "true" } },
            { id: IDS.masses, name: "Masses", type: "NumericField", options: { list: "true", max: "100" } },
            { id: IDS.title, name: "Title", type: "TextField" },
          ],
        },
        {
          id: IDS.footprints,
          name: "Footprints",
          type: "Repeatable",
          parentId: null,
          dataFields: [{ id: IDS.methods, name: "Methods", type: "TextField", options: { list: "true", choices: "ISO 14067|PEF" } }],
        },
      ],
    },
  });
  templateId = template.id;
});

async function newModel(): Promise<TModel> {
  return expectModel(await api("POST", modelsPath(world), { token: world.token, body: { name: "Pack", templateId } }), 201);
}

const value = (dataSectionId: string, dataFieldId: string, row: number, v: unknown) => ({ dataSectionId, dataFieldId, row, value: v });
const valueOf = (model: TModel, fieldId: string, row = 0) =>
  model.dataValues.find((v) => v.dataFieldId === fieldId && v.row === row)?.value;

async function filledModel(): Promise<TModel> {
  const model = await newModel();
  return expectModel(
    await api("POST", `${modelPath(world, model.id)}/changes`, {
      token: world.token,
      body: {
        modify: [value(IDS.documents, IDS.docIds, 0, ["DOC-1", "DOC-2"]), value(IDS.documents, IDS.masses, 0, [1.5, "20"])],
        add: [value(IDS.footprints, IDS.methods, 0, ["ISO 14067", "PEF"]), value(IDS.footprints, IDS.methods, 1, ["PEF"])],
      },
    }),
    200,
  );
}

describe("a list field over REST", () => {
  it("takes an array of entries and answers it, in order, on write and on read", async () => {
    const model = await filledModel();
    expect(valueOf(model, IDS.docIds)).toEqual(["DOC-1", "DOC-2"]);
    expect(valueOf(model, IDS.masses)).toEqual(["1.5", "20"]);
    expect(valueOf(model, IDS.methods, 0)).toEqual(["ISO 14067", "PEF"]);
    expect(valueOf(model, IDS.methods, 1)).toEqual(["PEF"]);
    const read = expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(read.dataValues).toEqual(model.dataValues);
  });

  it("stores [] as no value, which is not filled", async () => {
    const model = await filledModel();
    const cleared = expectModel(
      await api("PATCH", `${modelPath(world, model.id)}/data-values`, {
        token: world.token,
        body: [value(IDS.documents, IDS.docIds, 0, [])],
      }),
      200,
    );
    expect(valueOf(cleared, IDS.docIds)).toBeNull();
    const page = await apiPage<TModelListEntry>(`${modelsPath(world)}?limit=100`, { token: world.token });
    expect(page.body.items.find((m) => m.id === model.id)?.completeness).toEqual({ filled: 0, required: 1 });
  });

  it("refuses an entry that breaks the field's rules, an array for a single value and text for a list, naming the value", async () => {
    const model = await newModel();
    const send = (body: unknown[]) => api("PATCH", `${modelPath(world, model.id)}/data-values`, { token: world.token, body });
    const entry = expectError(await send([value(IDS.documents, IDS.masses, 0, [1, 101])]), 400);
    expect(entry.issues).toEqual([
      expect.objectContaining({
        path: "$[0].value",
        message: '"Masses" entry 2 ("101") must be at most 100',
        dataFieldId: IDS.masses,
      }),
    ]);
    const single = expectError(await send([value(IDS.documents, IDS.title, 0, ["a"])]), 400);
    expect(single.issues).toEqual([
      expect.objectContaining({ path: "$[0].value", message: '"Title" is not a list: send one value, not an array' }),
    ]);
    const text = expectError(await send([value(IDS.documents, IDS.docIds, 0, "DOC-1")]), 400);
    expect(text.issues?.[0]?.message).toMatch(/^"Document ids" is a list: send its entries as a JSON array/);
    const blank = expectError(await send([value(IDS.documents, IDS.docIds, 0, ["DOC-1", " "])]), 400);
    expect(blank.issues?.[0]?.message).toBe('"Document ids" entry 2 is empty; leave it out');
  });

  it("answers the entries' array in the passport JSON", async () => {
    const model = await filledModel();
    const uuid = model.uniqueProductIdentifiers[0]!.uuid;
    const passport = await api<TPassport>("GET", `/api/product-passports/${uuid}`, { token: world.token });
    expect(passport.status).toBe(200);
    const documents = passport.body.dataSections.find((s) => s.id === IDS.documents);
    expect(documents?.dataValues[0]?.[IDS.docIds]).toEqual(["DOC-1", "DOC-2"]);
    const footprints = passport.body.dataSections.find((s) => s.id === IDS.footprints);
    expect(footprints?.dataValues.map((row) => row[IDS.methods])).toEqual([["ISO 14067", "PEF"], ["PEF"]]);
  });
});

describe("a list field through the AAS doors", () => {
  it("exports a verified SubmodelElementList, and a PUT of it into another model stores two entries as two", async () => {
    const source = await filledModel();
    const exported = await api<Jsonable>("GET", `${modelPath(world, source.id)}/aas`, { token: world.token });
    expect(exported.status).toBe(200);
    expect(verificationErrors(exported.body)).toEqual([]);
    const documents = (exported.body.submodels as Jsonable[]).find((s) => s.idShort === "Documents");
    const list = (documents?.submodelElements as Jsonable[]).find((e) => e.idShort === "DocumentIds");
    expect(list).toMatchObject({
      modelType: "SubmodelElementList",
      typeValueListElement: "Property",
      valueTypeListElement: "xs:string",
      orderRelevant: true,
      value: [
        { modelType: "Property", value: "DOC-1" },
        { modelType: "Property", value: "DOC-2" },
      ],
    });
    const target = await newModel();
    const put = await api<TModel>("PUT", `${modelPath(world, target.id)}/aas`, { token: world.token, body: exported.body });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(valueOf(put.body, IDS.docIds)).toEqual(["DOC-1", "DOC-2"]);
    expect(valueOf(put.body, IDS.masses)).toEqual(["1.5", "20"]);
    expect(valueOf(put.body, IDS.methods, 0)).toEqual(["ISO 14067", "PEF"]);
    expect(valueOf(put.body, IDS.methods, 1)).toEqual(["PEF"]);
    const again = await api<Jsonable>("GET", `${modelPath(world, target.id)}/aas`, { token: world.token });
    expect(again.body.submodels).toEqual(
      (exported.body.submodels as Jsonable[]).map((s) => ({ ...s, id: expect.any(String) as unknown })),
    );
  });
});
