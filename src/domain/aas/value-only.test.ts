import { describe, expect, it } from "vitest";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { submodelValue } from "~/domain/aas/read-api";
import { holdsValue, valueOnlySubmodels } from "~/domain/aas/value-only";

describe("valueOnlySubmodels (AAS Part 2 ValueOnly)", () => {
  it("keys submodels and elements by idShort and keeps only typed values", () => {
    const environment = {
      submodels: [
        {
          idShort: "General",
          submodelElements: [
            { modelType: "Property", idShort: "Weight", valueType: "xs:decimal", value: "12.5" },
            { modelType: "Property", idShort: "Precise", valueType: "xs:decimal", value: "0.10000000000000000001" },
            { modelType: "Property", idShort: "Recyclable", valueType: "xs:boolean", value: "true" },
            { modelType: "Property", idShort: "Unset", valueType: "xs:string" },
            { modelType: "MultiLanguageProperty", idShort: "Name", value: [{ language: "en", text: "Cell" }] },
            { modelType: "File", idShort: "Manual", contentType: "application/pdf", value: "https://example.com/m.pdf" },
            { modelType: "Range", idShort: "Temperature", valueType: "xs:int", min: "-20", max: "60" },
            {
              modelType: "SubmodelElementList",
              idShort: "Substances",
              value: [
                {
                  modelType: "SubmodelElementCollection",
                  value: [{ modelType: "Property", idShort: "Name", valueType: "xs:string", value: "Lead" }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(valueOnlySubmodels(environment)).toEqual({
      General: {
        Weight: 12.5,
        Precise: "0.10000000000000000001",
        Recyclable: true,
        Unset: null,
        Name: [{ en: "Cell" }],
        Manual: { contentType: "application/pdf", value: "https://example.com/m.pdf" },
        Temperature: { min: -20, max: 60 },
        Substances: [{ Name: "Lead" }],
      },
    });
  });

  it("keeps an element without a value by its kind's empty form, in the DPP content and the AAS $value alike", () => {
    const empty: Jsonable[] = [
      { modelType: "Property", idShort: "Weight", valueType: "xs:decimal" },
      { modelType: "MultiLanguageProperty", idShort: "Name" },
      { modelType: "File", idShort: "Manual", contentType: "application/octet-stream" },
      { modelType: "Range", idShort: "Temperature", valueType: "xs:int", min: "-20" },
      { modelType: "ReferenceElement", idShort: "Supplier" },
    ];
    const submodel: Jsonable = { idShort: "General", submodelElements: empty };
    const expected = {
      Weight: null,
      Name: [],
      Manual: { contentType: "application/octet-stream", value: null },
      Temperature: { min: -20, max: null },
      Supplier: null,
    };
    expect(valueOnlySubmodels({ submodels: [submodel] })).toEqual({ General: expected });
    expect(submodelValue(submodel)).toEqual(expected);
    // Asked for alone, only the Range (one side set) holds a value: the others have no form of their own.
    expect(empty.map(holdsValue)).toEqual([false, false, false, true, false]);
    expect(holdsValue({ modelType: "SubmodelElementCollection", idShort: "Empty" })).toBe(true);
  });
});
