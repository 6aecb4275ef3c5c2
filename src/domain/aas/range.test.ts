import { describe, expect, it } from "vitest";
import { verificationErrors } from "~/domain/aas/aas.fixture";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { importAasTemplate } from "~/domain/aas/import-template";
import { aasValuesFor } from "~/domain/aas/import-values";
import { submodelValue } from "~/domain/aas/read-api";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import { storedValue } from "~/domain/aas/value-only-patch";
import type { TDataValue } from "~/domain/data-value";
import { validateDataValues } from "~/domain/data-value-validation";
import { assemblePassport, type PassportHeader } from "~/domain/passport";
import { encodeRange } from "~/domain/range-value";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

const BASE = "https://passports.example.com/base";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const header: PassportHeader = {
  ...{ id: id(900), modelId: id(901), templateId: id(902), name: "Pack", description: "", gtin: null, version: "1" },
  updatedAt: "2026-11-23T00:00:00.000Z",
  uniqueProductIdentifiers: [{ uuid: id(900), value: "/01/09506000134352/21/A1" }],
};

const RANGES: Jsonable[] = [
  { modelType: "Range", idShort: "Temperature", valueType: "xs:int", min: "-20", max: "60" },
  { modelType: "Range", idShort: "Capacity", valueType: "xs:double" },
  { modelType: "Range", idShort: "Warranty", valueType: "xs:date" },
  { modelType: "Range", idShort: "Grade", valueType: "xs:string" },
  { modelType: "Range", idShort: "Measured", valueType: "xs:dateTime" },
];

/** A submodel template holding the Ranges at top level and in a list of collections (a repeater). */
function template(): Jsonable {
  let n = 0;
  const ranges = () => RANGES.map((r) => ({ ...r, semanticId: semantic(`urn:range:${String(r.idShort as string)}:${n++}`) }));
  return {
    submodels: [
      {
        modelType: "Submodel",
        id: "urn:example:sm",
        idShort: "Example",
        kind: "Template",
        semanticId: semantic("urn:example:sm"),
        submodelElements: [
          ...ranges(),
          {
            modelType: "SubmodelElementList",
            idShort: "Cells",
            typeValueListElement: "SubmodelElementCollection",
            value: [{ modelType: "SubmodelElementCollection", value: ranges() }],
          },
        ],
      },
    ],
  };
}

function semantic(value: string) {
  return { type: "ExternalReference", keys: [{ type: "GlobalReference", value }] };
}

function imported(): TSection[] {
  let n = 0;
  return importAasTemplate(template(), { newId: () => id(++n) }).sections;
}

function exportOf(sections: TSection[], values: TDataValue[]): Jsonable {
  const passport = assemblePassport({ header, index: buildTemplateIndex(sections), modelValues: values, defaultLanguage: "en" });
  return passportToAasEnvironment({ passport, level: "member", baseUrl: BASE });
}

function fieldByIdShort(sections: TSection[], idShort: string, repeater: boolean) {
  const section = sections.find(
    (s) => (s.type === "Repeatable") === repeater && s.dataFields.some((f) => f.options["aas.idShort"] === idShort),
  );
  const field = section?.dataFields.find((f) => f.options["aas.idShort"] === idShort);
  if (!section || !field) throw new Error(`no field ${idShort}`);
  return { section, field };
}

describe("an AAS Range is one range field", () => {
  it("becomes ONE field whose kind the value type decides, with no (max) field", () => {
    const sections = imported();
    const fields = sections.flatMap((s) => s.dataFields);
    expect(fields).toHaveLength(RANGES.length * 2);
    expect(fields.some((f) => f.name.endsWith("(max)") || f.options["aas.rangeBound"] !== undefined)).toBe(false);
    const top = (idShort: string) => fieldByIdShort(sections, idShort, false).field;
    expect(top("Temperature")).toMatchObject({
      type: "NumericField",
      options: { range: "true", decimals: "0", min: "-2147483648", placeholder: "-20 – 60", "aas.modelType": "Range" },
    });
    expect(top("Capacity")).toMatchObject({ type: "NumericField", options: { range: "true", "aas.valueType": "xs:double" } });
    expect(top("Warranty")).toMatchObject({ type: "TextField", options: { range: "true", format: "date" } });
    expect(top("Grade")).toMatchObject({ type: "TextField", options: { range: "true" } });
    // A date-time range: each side a date and time (format "dateTime"), its value type kept for the export.
    expect(top("Measured")).toMatchObject({
      type: "TextField",
      options: { range: "true", format: "dateTime", "aas.valueType": "xs:dateTime" },
    });
  });

  it("exports one verified Range per field (an absent side left out) and reads it back, at top level and in a repeater", () => {
    const sections = imported();
    const values: TDataValue[] = [];
    const put = (idShort: string, repeater: boolean, row: number, min: string | null, max: string | null) => {
      const { section, field } = fieldByIdShort(sections, idShort, repeater);
      values.push({ dataSectionId: section.id, dataFieldId: field.id, row, value: encodeRange({ min, max }) });
    };
    put("Temperature", false, 0, "-20", "42");
    put("Capacity", false, 0, "10.5", null);
    put("Warranty", false, 0, null, "2030-12-31");
    put("Grade", false, 0, "B", "A");
    put("Measured", false, 0, "2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z");
    put("Temperature", true, 0, "1", "42");
    put("Grade", true, 0, "A", null);
    put("Temperature", true, 1, null, "42");
    put("Warranty", true, 1, "2024-02-29", "2024-03-01");
    const index = buildTemplateIndex(sections);
    expect(validateDataValues(index, values, "Model")).toEqual([]);

    const environment = exportOf(sections, values);
    expect(verificationErrors(environment)).toEqual([]);
    const elements = (environment.submodels as Jsonable[])[0]!.submodelElements as Jsonable[];
    const byIdShort = (idShort: string) => elements.find((e) => e.idShort === idShort);
    expect(byIdShort("Temperature")).toMatchObject({ modelType: "Range", valueType: "xs:int", min: "-20", max: "42" });
    expect(byIdShort("Capacity")).toMatchObject({ modelType: "Range", valueType: "xs:double", min: "10.5" });
    expect(byIdShort("Capacity")).not.toHaveProperty("max");
    expect(byIdShort("Warranty")).toMatchObject({ modelType: "Range", valueType: "xs:date", max: "2030-12-31" });
    expect(elements.filter((e) => e.modelType === "Property")).toEqual([]);

    const read = aasValuesFor(environment, index, "Model");
    expect(read.unmatched).toEqual([]);
    const back = [...read.values, ...[...read.repeaters.values()].flatMap((r) => r.values)].filter((v) => v.value !== null);
    const key = (v: TDataValue) => `${v.dataFieldId}|${v.row}`;
    expect(new Map(back.map((v) => [key(v), v.value]))).toEqual(new Map(values.map((v) => [key(v), v.value])));
  });

  it("takes a Range a client writes into the template (numbers, dates, text; in a repeater row) without erasing a side", () => {
    const sections = imported();
    const environment = template();
    const submodel = (environment.submodels as Jsonable[])[0]!;
    const fill = (elements: Jsonable[]) => {
      for (const element of elements) {
        if (element.idShort === "Temperature") Object.assign(element, { min: "-20", max: "42" });
        if (element.idShort === "Warranty") Object.assign(element, { min: "2024-01-01" });
        if (element.idShort === "Grade") Object.assign(element, { min: "C", max: "A" });
      }
    };
    const elements = submodel.submodelElements as Jsonable[];
    fill(elements);
    const list = elements.find((e) => e.modelType === "SubmodelElementList")!;
    fill(((list.value as Jsonable[])[0]!.value as Jsonable[]) ?? []);
    const index = buildTemplateIndex(sections);
    const read = aasValuesFor(environment, index, "Model");
    expect(read.unmatched).toEqual([]);
    const rows = [...read.repeaters.values()].flatMap((r) => r.values);
    for (const values of [read.values, rows]) {
      const valueOf = (idShort: string) =>
        values.find((v) => v.dataFieldId === fieldByIdShort(sections, idShort, values === rows).field.id)?.value;
      expect(valueOf("Temperature")).toBe('{"min":"-20","max":"42"}');
      expect(valueOf("Warranty")).toBe('{"min":"2024-01-01","max":null}');
      expect(valueOf("Grade")).toBe('{"min":"C","max":"A"}');
      expect(valueOf("Capacity")).toBeNull();
    }
    const asValues = [...read.values, ...rows].map((v) => ({ ...v }));
    expect(validateDataValues(index, asValues, "Model")).toEqual([]);
  });

  it("reads the same value-only {min, max} through the DPP content and the AAS $value, and a merge patch stores it", () => {
    const sections = imported();
    const { section, field } = fieldByIdShort(sections, "Temperature", false);
    const environment = exportOf(sections, [
      { dataSectionId: section.id, dataFieldId: field.id, row: 0, value: encodeRange({ min: "10", max: null }) },
    ]);
    const submodel = (environment.submodels as Jsonable[])[0]!;
    expect((submodelValue(submodel) as Record<string, unknown>).Temperature).toEqual({ min: 10, max: null });
    expect(valueOnlySubmodels(environment).Example).toMatchObject({ Temperature: { min: 10, max: null } });
    expect(storedValue(field, { min: 10 })).toBe('{"min":"10","max":null}');
    expect(storedValue(field, { min: "10", max: 20 })).toBe('{"min":"10","max":"20"}');
    expect(storedValue(field, { min: null, max: null })).toBeNull();
    expect(storedValue(field, { low: 1 })).toBeUndefined();
  });
});

describe("a template imported before range fields (a Range as two fields)", () => {
  const rangeField = (n: number, bound: "min" | "max") => ({
    id: id(n),
    name: `Temperature (${bound})`,
    type: "NumericField" as const,
    granularityLevel: "Model" as const,
    options: { "aas.modelType": "Range", "aas.valueType": "xs:int", "aas.rangeBound": bound, "aas.idShort": "Temperature" },
  });
  const legacy: TSection[] = [
    {
      id: id(1),
      name: "Cells",
      type: "Repeatable",
      granularityLevel: "Model",
      parentId: null,
      subSections: [],
      options: { "aas.idShort": "Cells" },
      dataFields: [rangeField(2, "min"), rangeField(3, "max")],
    } as unknown as TSection,
  ];

  it("puts each side of a Range written back into its own field, inside a repeater too (42 is not erased)", () => {
    const environment = {
      submodels: [
        {
          modelType: "Submodel",
          id: "urn:x",
          idShort: "Cells",
          submodelElements: [
            {
              modelType: "SubmodelElementList",
              idShort: "Cells",
              value: [
                {
                  modelType: "SubmodelElementCollection",
                  value: [{ modelType: "Range", idShort: "Temperature", valueType: "xs:int", min: "1", max: "42" }],
                },
              ],
            },
          ],
        },
      ],
    };
    const read = aasValuesFor(environment, buildTemplateIndex(legacy), "Model");
    expect(read.unmatched).toEqual([]);
    expect(read.repeaters.get(id(1))?.values).toEqual([
      { dataSectionId: id(1), dataFieldId: id(2), row: 0, value: "1" },
      { dataSectionId: id(1), dataFieldId: id(3), row: 0, value: "42" },
    ]);
  });
});
