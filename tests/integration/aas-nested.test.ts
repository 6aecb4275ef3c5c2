import { beforeAll, describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { elementAt } from "~/domain/aas/read-api";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import type { TModel } from "~/domain/model-schema";
import { NESTED, nestedTemplate } from "~/domain/nested-template.fixture";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * `PUT …/aas` through nested repeaters (docs/aas.md §Importing values): a client that removes, reorders or adds
 * entries of a list inside list rows gets exactly those rows at every depth, and one whose inner row matches nothing
 * changes nothing and is told so.
 */

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("aas-nested");
  templateId = (
    await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: nestedTemplate() })
  ).id;
});

type ImportAnswer = TModel & { unmatched: { path: string; reason: string }[] };

const at = (dataSectionId: string, dataFieldId: string, rowPath: number[], value: string) => {
  const [row = 0, ...innerRows] = rowPath;
  return { dataSectionId, dataFieldId, row, ...(innerRows.length > 0 && { innerRows }), value };
};

async function filledModel(): Promise<TModel> {
  const model = await postModel(world, { templateId, name: "Nested AAS" });
  const added = await api<TModel>("POST", `${modelPath(world, model.id)}/data-values`, {
    token: world.token,
    body: [
      at(NESTED.footprints, NESTED.method, [0], "PEF"),
      at(NESTED.stages, NESTED.stage, [0, 0], "Raw"),
      at(NESTED.stages, NESTED.stage, [0, 1], "Production"),
      at(NESTED.sources, NESTED.source, [0, 0, 0], "Grid"),
      at(NESTED.sources, NESTED.source, [0, 0, 1], "Coal"),
      at(NESTED.sources, NESTED.source, [0, 1, 0], "Wind"),
    ],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body;
}

async function exportOf(modelId: string): Promise<Jsonable> {
  const exported = await api<Jsonable>("GET", `${modelPath(world, modelId)}/aas`, { token: world.token });
  expect(exported.status).toBe(200);
  expect(verificationErrors(exported.body)).toEqual([]);
  return exported.body;
}

function footprintsOf(environment: Jsonable): Jsonable {
  return (environment.submodels as Jsonable[]).find((s) => s.idShort === "CarbonFootprints")!;
}

function stagesOf(environment: Jsonable): Jsonable[] {
  return (elementAt(footprintsOf(environment), "CarbonFootprints[0].LifeCycleStages")?.value as Jsonable[] | undefined) ?? [];
}

describe("PUT …/aas through nested repeaters", () => {
  it("takes removed, reordered and added inner entries as the rows at every depth", async () => {
    const model = await filledModel();
    const environment = await exportOf(model.id);
    const footprints = elementAt(footprintsOf(environment), "CarbonFootprints[0].LifeCycleStages") as Jsonable;
    const [raw, production] = footprints.value as Jsonable[];
    // Production first; Raw loses its second source (Coal); Production gains a second one (a copy of Wind).
    const rawSources = elementAt({ submodelElements: raw!.value } as Jsonable, "Sources") as Jsonable;
    rawSources.value = (rawSources.value as Jsonable[]).slice(0, 1);
    const productionSources = elementAt({ submodelElements: production!.value } as Jsonable, "Sources") as Jsonable;
    const [wind] = productionSources.value as Jsonable[];
    productionSources.value = [wind!, structuredClone(wind!)];
    footprints.value = [production!, raw!];
    const put = await api<ImportAnswer>("PUT", `${modelPath(world, model.id)}/aas`, { token: world.token, body: environment });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.unmatched).toEqual([]);
    expect(put.body.version).toBe(model.version + 1);
    const content = valueOnlySubmodels(await exportOf(model.id));
    expect(content.CarbonFootprints).toMatchObject({
      CarbonFootprints: [
        {
          CalculationMethod: "PEF",
          LifeCycleStages: [
            { Stage: "Production", Sources: [{ Source: "Wind" }, { Source: "Wind" }] },
            { Stage: "Raw", Sources: [{ Source: "Grid" }] },
          ],
        },
      ],
    });
  });

  it("changes nothing when an inner row holds nothing the template matches, and lists that row", async () => {
    const model = await filledModel();
    const environment = await exportOf(model.id);
    const [raw] = stagesOf(environment);
    raw!.value = [{ modelType: "Property", idShort: "Unknown", valueType: "xs:string", value: "x" }];
    const put = await api<ImportAnswer>("PUT", `${modelPath(world, model.id)}/aas`, { token: world.token, body: environment });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.version).toBe(model.version);
    expect(put.body.unmatched).toContainEqual(
      expect.objectContaining({ reason: expect.stringContaining(`row 0.0 of "Life-cycle stages" holds nothing its fields match`) }),
    );
    expect(stagesOf(await exportOf(model.id))).toHaveLength(2);
  });
});
