import { describe, expect, it } from "vitest";
import { parseTemplateDefinition } from "~/domain/template-definition";
import {
  IDTA_BATTERY_NAME,
  idtaBatteryProductDataModel,
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
    const pdm = idtaBatteryProductDataModel();
    expect(pdm).toMatchObject({ name: IDTA_BATTERY_NAME, visibility: "Public" });
    expect(pdm.id).not.toBe(template.id);
    expect(parseTemplateDefinition(pdm).ok).toBe(true);
  });
});
