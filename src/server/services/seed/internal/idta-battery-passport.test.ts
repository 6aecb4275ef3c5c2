import { describe, expect, it } from "vitest";
import { parseTemplateDefinition } from "~/domain/template-definition";
import {
  ANNEX_XIII_NAME,
  annexXiiiProductDataModel,
  annexXiiiTemplate,
  IDTA_BATTERY_NAME,
  idtaBatteryTemplate,
} from "~/server/services/seed/internal/idta-battery-passport";

describe("the seed's EU Battery Passport (IDTA 02035)", () => {
  it("is a valid template of the seven battery parts and the DPP metadata, the same on every run", () => {
    const template = idtaBatteryTemplate();
    expect(template.name).toBe(IDTA_BATTERY_NAME);
    const parsed = parseTemplateDefinition(template);
    expect(parsed.ok).toBe(true);
    const roots = template.sections.filter((s) => s.parentId === null).map((s) => s.options?.["aas.templateId"] ?? "");
    expect(roots).toHaveLength(8);
    expect(template.sections.filter((s) => s.parentId === null).map((s) => s.options?.["aas.idShort"])).toEqual([
      "BatteryNameplate",
      "HandoverDocumentation",
      "CarbonFootprint",
      "TechnicalData",
      "ProductCondition",
      "MaterialComposition",
      "Circularity",
      "DppMetadata",
    ]);
    expect(idtaBatteryTemplate()).toEqual(template);
    const pdm = annexXiiiProductDataModel();
    expect(pdm).toMatchObject({ name: ANNEX_XIII_NAME, visibility: "Public" });
    expect(annexXiiiProductDataModel()).toEqual(pdm);
    expect(parseTemplateDefinition(pdm).ok).toBe(true);
    const annexTemplate = annexXiiiTemplate();
    expect(new Set([template.id, pdm.id, annexTemplate.id]).size).toBe(3);
    expect(parseTemplateDefinition(annexTemplate).ok).toBe(true);
    // The demo's template and the public model are one model: the same shape, access and granularity.
    const shape = (sections: typeof pdm.sections) =>
      sections.map((s) => [s.name, s.granularityLevel, s.dataFields.map((f) => [f.name, f.granularityLevel, f.options.access])]);
    expect(shape(annexTemplate.sections)).toEqual(shape(pdm.sections));
  });
});
