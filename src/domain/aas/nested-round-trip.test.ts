import { describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import { aasValueChanges } from "~/domain/aas/aas-value-changes";
import { aasSubmodelId, aasShellId, passportToAasEnvironment } from "~/domain/aas/export-environment";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { templateIdShorts } from "~/domain/aas/id-short";
import { aasValuesFor } from "~/domain/aas/import-values";
import { elementAt, elementReference, idShortPaths, submodelElementsOf } from "~/domain/aas/read-api";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import { valueOnlyPatchChanges } from "~/domain/aas/value-only-patch";
import { indexOf } from "~/domain/battery-template.fixture";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import { NESTED, nestedTemplate } from "~/domain/nested-template.fixture";
import { assemblePassport, type PassportHeader } from "~/domain/passport";
import type { TemplateIndex } from "~/domain/template-index";

/**
 * Nested repeaters through every AAS form (docs/aas.md §Nested lists): the export writes a list inside each list row,
 * the value import and the value-only merge patch read it back to the same values at the same row paths.
 */

const BASE = "https://passports.example.com/base";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const header: PassportHeader = {
  ...{ id: id(900), modelId: id(901), templateId: id(902), name: "Pack", description: "", gtin: null, version: "1" },
  updatedAt: "2026-11-23T00:00:00.000Z",
  uniqueProductIdentifiers: [{ uuid: id(900), value: "/01/09506000134352/21/A1" }],
};

const v = (dataSectionId: string, dataFieldId: string, row: number, value: string | null, innerRows?: number[]): TDataValue => ({
  dataSectionId,
  dataFieldId,
  row,
  ...(innerRows && { innerRows }),
  value,
});

/** Two footprints, each with stages (the second stage of the first one without sources), a source list two deep. */
const VALUES: TDataValue[] = [
  v(NESTED.general, NESTED.name, 0, "Pack"),
  v(NESTED.footprints, NESTED.method, 0, "PEF"),
  v(NESTED.footprints, NESTED.amount, 0, "12.5"),
  v(NESTED.validity, NESTED.validUntil, 0, "2027-01-01"),
  v(NESTED.footprints, NESTED.method, 1, "ISO"),
  v(NESTED.footprints, NESTED.amount, 1, null),
  v(NESTED.validity, NESTED.validUntil, 1, null),
  v(NESTED.stages, NESTED.stage, 0, "Raw", [0]),
  v(NESTED.stages, NESTED.share, 0, "40", [0]),
  v(NESTED.stages, NESTED.stage, 0, "Production", [1]),
  v(NESTED.stages, NESTED.share, 0, null, [1]),
  v(NESTED.stages, NESTED.stage, 1, "Recycling", [0]),
  v(NESTED.stages, NESTED.share, 1, "5", [0]),
  v(NESTED.sources, NESTED.source, 0, "Grid", [0, 0]),
  v(NESTED.sources, NESTED.source, 0, "Coal", [0, 1]),
  v(NESTED.sources, NESTED.source, 1, "Wind", [0, 0]),
];

function environmentOf(index: TemplateIndex, values: readonly TDataValue[]) {
  const passport = assemblePassport({ header, index, modelValues: [...values], defaultLanguage: "en" });
  return passportToAasEnvironment({ passport, level: "member", baseUrl: BASE });
}

const sorted = (values: readonly (Omit<TDataValue, "value"> & { value: unknown })[]) =>
  values.map((x) => `${tripleKey(x)}=${String(x.value)}`).sort();

describe("nested repeaters in the AAS export", () => {
  const index = indexOf(nestedTemplate().sections);
  const environment = environmentOf(index, VALUES);

  it("writes a list inside each list row, at every depth, and verifies with zero errors", () => {
    expect(verificationErrors(environment)).toEqual([]);
    const submodel = (environment.submodels as Jsonable[]).find((s) => s.idShort === "CarbonFootprints")!;
    const at = (path: string) => elementAt(submodel, path) as Record<string, unknown> | null;
    expect(at("CarbonFootprints[0].LifeCycleStages")).toMatchObject({ modelType: "SubmodelElementList" });
    expect(at("CarbonFootprints[0].LifeCycleStages[1].Stage")).toMatchObject({ value: "Production" });
    expect(at("CarbonFootprints[0].LifeCycleStages[0].Sources[1].Source")).toMatchObject({ value: "Coal" });
    expect(at("CarbonFootprints[1].LifeCycleStages[0].Sources[0].Source")).toMatchObject({ value: "Wind" });
    expect((at("CarbonFootprints[0].LifeCycleStages[1].Sources")?.value as unknown[] | undefined) ?? []).toEqual([]);
    expect(at("CarbonFootprints[1].Validity.ValidUntil")).toMatchObject({ modelType: "Property" });
    // The read API's `$path` and `$reference` name an element at depth by its list index at every level.
    const deep = "CarbonFootprints[0].LifeCycleStages[0].Sources[1].Source";
    expect(idShortPaths(submodelElementsOf(submodel))).toContain(deep);
    expect(elementReference("urn:sm", submodel, deep).keys).toEqual([
      { type: "Submodel", value: "urn:sm" },
      { type: "SubmodelElementList", value: "CarbonFootprints" },
      { type: "SubmodelElementCollection", value: "0" },
      { type: "SubmodelElementList", value: "LifeCycleStages" },
      { type: "SubmodelElementCollection", value: "0" },
      { type: "SubmodelElementList", value: "Sources" },
      { type: "SubmodelElementCollection", value: "1" },
      { type: "Property", value: "Source" },
    ]);
  });

  it("reads back through the value import to the same values at the same row paths", () => {
    const imported = aasValuesFor(environment, index, "Model");
    expect(imported.unmatched).toEqual([]);
    const repeater = imported.repeaters.get(NESTED.footprints)!;
    expect(sorted([...imported.values, ...repeater.values])).toEqual(sorted(VALUES));
    expect([...repeater.rowPaths].sort()).toEqual(["0", "0.0", "0.0.0", "0.0.1", "0.1", "1", "1.0", "1.0.0"]);
    // The unchanged export is no change; one inner value changed replaces the repeater's rows.
    expect(aasValueChanges(imported, VALUES, index)).toEqual({ deleteRows: [], add: [], modify: [] });
    const edited = VALUES.map((x) => (x.value === "Coal" ? { ...x, value: "Gas" } : x));
    const changes = aasValueChanges(aasValuesFor(environmentOf(index, edited), index, "Model"), VALUES, index);
    expect(changes.deleteRows).toEqual([
      { dataSectionId: NESTED.footprints, row: 0 },
      { dataSectionId: NESTED.footprints, row: 1 },
    ]);
    expect(changes.add).toContainEqual(expect.objectContaining({ row: 0, innerRows: [0, 1], value: "Gas" }));
  });

  it("numbers stored rows with gaps as the export lists them, so the unchanged export is still no change", () => {
    const gapped = VALUES.map((x) => (x.innerRows?.[0] === 1 ? { ...x, innerRows: [4, ...x.innerRows.slice(1)] } : x));
    const imported = aasValuesFor(environmentOf(index, gapped), index, "Model");
    expect(aasValueChanges(imported, gapped, index)).toEqual({ deleteRows: [], add: [], modify: [] });
  });

  it("leaves the rows as they are when an inner row holds nothing the template matches", () => {
    const json = JSON.parse(JSON.stringify(environment)) as Jsonable;
    const submodel = (json.submodels as Jsonable[]).find((s) => s.idShort === "CarbonFootprints")!;
    const stage = elementAt(submodel, "CarbonFootprints[0].LifeCycleStages[0]") as Record<string, unknown>;
    stage.value = [{ modelType: "Property", idShort: "Unknown", valueType: "xs:string", value: "x" }];
    const imported = aasValuesFor(json, index, "Model");
    expect(imported.repeaters.has(NESTED.footprints)).toBe(false);
    expect(imported.unmatched.map((u) => u.reason)).toContainEqual(expect.stringContaining(`row 0.0 of "Life-cycle stages"`));
  });

  it("leaves the rows as they are when a nested repeater is given as neither a list nor one entry", () => {
    const json = JSON.parse(JSON.stringify(environment)) as Jsonable;
    const submodel = (json.submodels as Jsonable[]).find((s) => s.idShort === "CarbonFootprints")!;
    const sources = elementAt(submodel, "CarbonFootprints[0].LifeCycleStages[0].Sources") as Jsonable;
    Object.assign(sources, { modelType: "Property", valueType: "xs:string", value: "Grid" });
    delete sources.typeValueListElement;
    delete sources.orderRelevant;
    const imported = aasValuesFor(json, index, "Model");
    expect(imported.repeaters.has(NESTED.footprints)).toBe(false);
    expect(imported.unmatched.map((u) => u.reason)).toContainEqual(
      expect.stringContaining(`"Sources" is a repeater and needs a list`),
    );
  });

  it("places an export made before the list could nest: its one collection per parent row is that row's first inner row", () => {
    const json = JSON.parse(JSON.stringify(environment)) as Jsonable;
    const submodel = (json.submodels as Jsonable[]).find((s) => s.idShort === "CarbonFootprints")!;
    const sources = elementAt(submodel, "CarbonFootprints[0].LifeCycleStages[0].Sources") as Jsonable;
    // The list as a Group of the stage's row wrote it: its first entry's elements in one collection of the list's name.
    const [first] = sources.value as Jsonable[];
    Object.assign(sources, { modelType: "SubmodelElementCollection", value: first?.value });
    delete sources.typeValueListElement;
    delete sources.orderRelevant;
    delete sources.semanticIdListElement;
    const imported = aasValuesFor(json, index, "Model");
    expect(imported.unmatched).toEqual([]);
    const placed = imported.repeaters.get(NESTED.footprints)?.values.filter((x) => x.dataSectionId === NESTED.sources) ?? [];
    expect(sorted(placed)).toEqual(
      sorted([v(NESTED.sources, NESTED.source, 0, "Grid", [0, 0]), v(NESTED.sources, NESTED.source, 1, "Wind", [0, 0])]),
    );
  });

  it("reads back through the value-only merge patch to the same values", () => {
    const content = valueOnlySubmodels(environment, "semanticId");
    const shellId = aasShellId(BASE, header.modelId);
    const sections = [...index.sections.values()].map((e) => e.section);
    const { changes } = valueOnlyPatchChanges(content, {
      index,
      level: "Model",
      ids: templateIdShorts(sections),
      submodelKey: (section) => aasSubmodelId(shellId, section.id),
      current: [],
      defaultLanguage: "en",
    });
    expect(changes.deleteRows).toEqual([]);
    expect(sorted(changes.add)).toEqual(sorted(VALUES));
    // The value-only form of the inner list: an array of row objects inside each row.
    const footprints = content[aasSubmodelId(shellId, NESTED.footprints)] as Record<string, unknown>;
    expect(footprints.CarbonFootprints).toMatchObject([
      {
        LifeCycleStages: [
          { Stage: "Raw", Sources: [{ Source: "Grid" }, { Source: "Coal" }] },
          { Stage: "Production", Sources: [] },
        ],
      },
      { LifeCycleStages: [{ Stage: "Recycling", Share: 5, Sources: [{ Source: "Wind" }] }] },
    ]);
  });
});
