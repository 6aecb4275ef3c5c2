import fc from "fast-check";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { arbPassport, verificationErrors } from "~/domain/aas/aas.fixture";
import { xmlSafe } from "~/domain/aas/export-metadata";
import { AASX_ENVIRONMENT_PART, AASX_MEDIA_TYPE } from "~/domain/aas/aasx";
import { fileUri } from "~/domain/aas/export-environment";
import type { TDataValue } from "~/domain/data-value";
import { storedDataValue, type TAnsweredDataValue } from "~/domain/list-value";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { encodeRange, type RangeSides } from "~/domain/range-value";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { dv, expectError, expectModel } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

type Environment = {
  assetAdministrationShells: { id: string; assetInformation: { assetKind: string; globalAssetId: string }; derivedFrom?: unknown }[];
  submodels?: { idShort: string; submodelElements?: unknown[] }[];
};
type ImportAnswer = TModel & { unmatched: { path: string; reason: string }[]; moreUnmatched: number };

let world: World;

beforeAll(async () => {
  world = await createWorld("aas");
});

const aasPath = (modelId: string) => `${modelPath(world, modelId)}/aas`;

/** A fixture model with a name, a weight, a manual, a link and two substance rows. */
async function filledModel(): Promise<TModel> {
  const model = await postModel(world, { name: "Größe 1 Pack" });
  return expectModel(
    await api("POST", `${modelPath(world, model.id)}/changes`, {
      token: world.token,
      body: {
        modify: [
          dv(IDS.general, IDS.name, 0, "Cell A"),
          dv(IDS.general, IDS.weight, 0, "12.5"),
          dv(IDS.general, IDS.manual, 0, "files/a b.pdf"),
        ],
        add: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.substance, 1, "Cadmium")],
      },
    }),
    200,
  );
}

async function aasx(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ response: Response; files: Record<string, Uint8Array> }> {
  const request = new Request(new URL(path, "http://localhost:3000"), { headers: { api_token: world.token, ...headers } });
  const response = await dispatch(request);
  return { response, files: unzipSync(new Uint8Array(await response.arrayBuffer())) };
}

describe("GET …/aas", () => {
  it("exports a model as an environment that verifies with zero errors, with its values at derived idShorts", async () => {
    const model = await filledModel();
    const response = await api<Environment>("GET", aasPath(model.id), { token: world.token });
    expect(response.status).toBe(200);
    expect(verificationErrors(response.body)).toEqual([]);
    const [shell] = response.body.assetAdministrationShells;
    expect(shell?.assetInformation.assetKind).toBe("Type");
    expect(shell?.assetInformation.globalAssetId).toMatch(/\/p\/[0-9a-f-]{36}$/);
    const general = response.body.submodels?.find((s) => s.idShort === "General");
    expect(general?.submodelElements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ modelType: "Property", valueType: "xs:decimal", value: "12.5" }),
        expect.objectContaining({ modelType: "File", value: "files/a%20b.pdf", contentType: "application/pdf" }),
      ]),
    );
  });

  it("answers a valid AASX package for ?format=aasx and for the AASX Accept header", async () => {
    const model = await filledModel();
    for (const [path, headers] of [
      [`${aasPath(model.id)}?format=aasx`, {}],
      [aasPath(model.id), { accept: AASX_MEDIA_TYPE }],
    ] as const) {
      const { response, files } = await aasx(path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(AASX_MEDIA_TYPE);
      expect(Object.keys(files).sort()).toEqual(
        ["[Content_Types].xml", "_rels/.rels", "aasx/_rels/aasx-origin.rels", "aasx/aasx-origin", AASX_ENVIRONMENT_PART].sort(),
      );
      expect(strFromU8(files["_rels/.rels"]!)).toContain('Target="/aasx/aasx-origin"');
      expect(strFromU8(files["aasx/_rels/aasx-origin.rels"]!)).toContain(
        `Type="http://admin-shell.io/aasx/relationships/aas-spec" Target="/${AASX_ENVIRONMENT_PART}"`,
      );
      expect(strFromU8(files["[Content_Types].xml"]!)).toContain('Extension="json"');
      expect(verificationErrors(JSON.parse(strFromU8(files[AASX_ENVIRONMENT_PART]!)))).toEqual([]);
    }
  });

  it("names the JSON and the AASX download the same way: the model's name, sanitized, and its version", async () => {
    const model = await postModel(world, { name: "Pack Étoile/7" });
    const names = [];
    for (const format of ["json", "aasx"]) {
      const request = new Request(new URL(`${aasPath(model.id)}?format=${format}`, "http://localhost:3000"), {
        headers: { api_token: world.token },
      });
      const response = await dispatch(request);
      expect(response.status).toBe(200);
      names.push(response.headers.get("content-disposition"));
    }
    expect(names).toEqual([
      `attachment; filename="Pack-Etoile-7-v${model.version}.aas.json"`,
      `attachment; filename="Pack-Etoile-7-v${model.version}.aasx"`,
    ]);
    // A plain read of the JSON (no format asked) stays a plain answer, not a download.
    const plain = await api("GET", aasPath(model.id), { token: world.token });
    expect(plain.headers.get("content-disposition")).toBeNull();
  });

  it("exports an item as an Instance shell derived from its model's, and shows a write on the next export", async () => {
    const model = await filledModel();
    const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, {
      token: world.token,
      body: { uniqueProductIdentifiers: [{ value: "(01)09506000134352(21)AAS1" }] },
    });
    expect(created.status).toBe(201);
    const itemPath = `${modelPath(world, model.id)}/items/${created.body.id}`;
    expect(
      (await api("PATCH", `${itemPath}/data-values`, { token: world.token, body: [dv(IDS.item, IDS.health, 0, "97")] })).status,
    ).toBe(200);
    const model2 = await api<Environment>("GET", aasPath(model.id), { token: world.token });
    const response = await api<Environment>("GET", `${itemPath}/aas`, { token: world.token });
    expect(response.status).toBe(200);
    expect(verificationErrors(response.body)).toEqual([]);
    const [shell] = response.body.assetAdministrationShells;
    expect(shell?.assetInformation).toMatchObject({
      assetKind: "Instance",
      globalAssetId: expect.stringMatching(/\/01\/09506000134352\/21\/AAS1$/),
    });
    expect(shell?.derivedFrom).toEqual({
      type: "ModelReference",
      keys: [{ type: "AssetAdministrationShell", value: model2.body.assetAdministrationShells[0]?.id }],
    });
    expect(JSON.stringify(response.body)).toContain('"value":"97"');
    const { files } = await aasx(`${itemPath}/aas?format=aasx`);
    expect(verificationErrors(JSON.parse(strFromU8(files[AASX_ENVIRONMENT_PART]!)))).toEqual([]);
  });
});

describe("PUT …/aas", () => {
  it("sets a fresh model's values from another's export, with history and a new version; unmatched elements are listed", async () => {
    const source = await filledModel();
    const environment = (await api<Environment>("GET", aasPath(source.id), { token: world.token })).body;
    environment.submodels?.push({ modelType: "Submodel", id: "urn:unknown", idShort: "Unknown" } as never);
    const target = await postModel(world, { name: "Fresh" });
    const response = await api<ImportAnswer>("PUT", aasPath(target.id), { token: world.token, body: environment });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers.get("etag")).toBe(`"${target.version + 1}"`);
    expect(response.body.unmatched).toEqual([expect.objectContaining({ path: `$.submodels[${environment.submodels!.length - 1}]` })]);
    expect(comparable(response.body.dataValues)).toEqual(
      comparable(source.dataValues.map((v) => (v.dataFieldId === IDS.manual ? { ...v, value: "files/a%20b.pdf" } : v))),
    );
    const history = await api<unknown[]>("GET", `${modelPath(world, target.id)}/history`, { token: world.token });
    expect(history.body).toHaveLength(1);
  });

  it("refuses an environment that does not verify, one that matches nothing, and a stale If-Match; nothing is stored", async () => {
    const model = await filledModel();
    const environment = (await api<Environment>("GET", aasPath(model.id), { token: world.token })).body;
    const broken = structuredClone(environment);
    (broken.submodels![0] as Record<string, unknown>).idShort = "1 not valid";
    const refused = expectError(await api("PUT", aasPath(model.id), { token: world.token, body: broken }), 400);
    expect(JSON.stringify(refused)).toContain("idShort");
    const nothing = { submodels: [{ modelType: "Submodel", id: "urn:x", idShort: "NoSuchSection" }] };
    expectError(await api("PUT", aasPath(model.id), { token: world.token, body: nothing }), 400);
    expectError(await api("PUT", aasPath(model.id), { token: world.token, body: environment, headers: { "if-match": '"1"' } }), 412);
    const after = expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(after.version).toBe(model.version);
  });

  it("lists every element it cannot place, and never empties a repeater whose rows match nothing", async () => {
    const model = await filledModel();
    const environment = (await api<Environment>("GET", aasPath(model.id), { token: world.token })).body;
    type Element = { modelType: string; idShort?: string; value?: Element[] | string; valueType?: string };
    const submodels = environment.submodels as { idShort: string; submodelElements: Element[] }[];
    // General last, so the elements listed first are the repeater's.
    submodels.push(
      ...submodels.splice(
        submodels.findIndex((s) => s.idShort === "General"),
        1,
      ),
    );
    const at = (idShort: string) => submodels.findIndex((s) => s.idShort === idShort);
    const general = submodels[at("General")]!;
    const substances = submodels[at("HazardousSubstances")]!;
    const list = substances.submodelElements[0]!;
    // A row of the list whose children match nothing, and an element beside the list in the repeater's submodel.
    (list.value as Element[])[1] = {
      modelType: "SubmodelElementCollection",
      value: [{ modelType: "Property", idShort: "NoSuchField", valueType: "xs:string", value: "x" }],
    };
    substances.submodelElements.push({ modelType: "Property", idShort: "Beside", valueType: "xs:string", value: "y" });
    // 150 elements that match nothing: 100 are listed, the rest counted.
    for (let k = 0; k < 150; k++)
      general.submodelElements.push({ modelType: "Property", idShort: `Unknown${k}`, valueType: "xs:string" });
    const response = await api<ImportAnswer>("PUT", aasPath(model.id), { token: world.token, body: environment });
    expect(response.status, JSON.stringify(response.body).slice(0, 1000)).toBe(200);
    const substancesAt = `$.submodels[${at("HazardousSubstances")}]`;
    expect(response.body.unmatched).toEqual(
      expect.arrayContaining([
        { path: `${substancesAt}.submodelElements[0].value[1].value[0]`, reason: expect.any(String) },
        { path: `${substancesAt}.submodelElements[0].value[1]`, reason: expect.stringContaining("left as they are") },
        { path: `${substancesAt}.submodelElements[1]`, reason: expect.any(String) },
      ]),
    );
    expect(response.body.unmatched).toHaveLength(100);
    expect(response.body.unmatched.length + response.body.moreUnmatched).toBe(150 + 3);
    // The stored rows stay: nothing changed, so the version and the history are as they were.
    expect(comparable(response.body.dataValues)).toEqual(comparable(model.dataValues));
    expect(response.body.version).toBe(model.version);
  });

  it("export → import into a fresh model of the same template gives identical data values (generated templates)", async () => {
    await fc.assert(
      fc.asyncProperty(arbPassport, async ({ sections, values }) => {
        const template = await importTemplate({
          organizationId: world.organization.id,
          createdByUserId: world.user.id,
          definition: { name: "Generated", sections },
        });
        const source = await postModel(world, { name: "Generated source", templateId: template.id });
        const written = await write(source, sections, values);
        const exported = await api<Environment>("GET", aasPath(source.id), { token: world.token });
        expect(verificationErrors(exported.body)).toEqual([]);
        const fresh = await postModel(world, { name: "Generated target", templateId: template.id });
        if (!exported.body.submodels) return;
        const response = await api<ImportAnswer>("PUT", aasPath(fresh.id), { token: world.token, body: exported.body });
        expect(response.status).toBe(200);
        expect(response.body.unmatched).toEqual([]);
        expect(inRowOrder(storedForms(response.body.dataValues))).toEqual(inRowOrder(asExported(written, sections)));
      }),
      { numRuns: Number(process.env.AAS_RUNS ?? 12) },
    );
  }, 300_000);
});

/** Writes the generated Model-level values: row-0 values modified, repeater rows added. */
async function write(model: TModel, sections: TSection[], values: TDataValue[]): Promise<TDataValue[]> {
  const index = buildTemplateIndex(sections);
  const inRepeater = (id: string) => index.sections.get(id)?.repeaterId !== null;
  const repeaterValues = values.filter((v) => inRepeater(v.dataSectionId));
  const plain = values.filter((v) => !inRepeater(v.dataSectionId));
  if (values.length === 0) return model.dataValues.map(storedDataValue);
  const saved = await applyDataChanges({
    actor: world.actor,
    organizationId: world.organization.id,
    owner: { kind: "model", id: model.id },
    changes: { add: repeaterValues, modify: plain },
  });
  return saved.dataValues.map(storedDataValue);
}

/** The answer's values in their stored form: a range field's `{min, max}` (docs/api.md §Ranges) as its text. */
function storedForms(values: readonly TAnsweredDataValue[]): TDataValue[] {
  return values.map((v) => {
    const value: unknown = v.value;
    if (Array.isArray(value)) return storedDataValue(v);
    return typeof value === "object" && value !== null ? { ...v, value: encodeRange(value as RangeSides) } : (v as TDataValue);
  });
}

/** What an export carries of a value: file references as URIs, no characters AAS cannot hold. */
function asExported(values: readonly TDataValue[], sections: TSection[]): TDataValue[] {
  const fields = new Map(sections.flatMap((s) => s.dataFields.map((f) => [f.id, f])));
  return values.map((v) => {
    const field = fields.get(v.dataFieldId);
    // A list's generated entries are already in their exported form (aas.fixture.ts).
    if (v.value === null || field?.options.list === "true") return v;
    const isFile = field?.type === "FileField" || field?.options["aas.modelType"] === "File";
    return { ...v, value: isFile ? (fileUri(v.value) ?? xmlSafe(v.value)) : xmlSafe(v.value) };
  });
}

/** Values per section and field in row order (row numbers are not part of AAS; an import numbers rows 0…n-1). */
function inRowOrder(values: readonly TAnsweredDataValue[]): Record<string, TAnsweredDataValue["value"][]> {
  const places = new Map<string, TAnsweredDataValue[]>();
  for (const v of values)
    places.set(`${v.dataSectionId}/${v.dataFieldId}`, [...(places.get(`${v.dataSectionId}/${v.dataFieldId}`) ?? []), v]);
  return Object.fromEntries(
    [...places.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, list]) => [key, list.sort((a, b) => a.row - b.row).map((v) => v.value)]),
  );
}

function comparable(values: readonly TAnsweredDataValue[]): string[] {
  return values.map((v) => `${v.dataSectionId}|${v.dataFieldId}|${v.row}|${JSON.stringify(v.value)}`).sort();
}
