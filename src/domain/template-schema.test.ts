import { describe, expect, it } from "vitest";
import { normalizeLayout } from "~/domain/layout";
import { ZDataFieldInput, ZSection, ZSectionInput, ZTemplate, ZTemplateDefinitionInput } from "~/domain/template-schema";

const SECTION_ID = "11111111-1111-1111-1111-111111111111";

describe("ZTemplateDefinitionInput", () => {
  it("applies defaults", () => {
    const result = ZTemplateDefinitionInput.parse({
      name: "  Battery  ",
      sections: [{ name: "General", type: "Group" }],
    });
    expect(result).toEqual({
      name: "Battery",
      description: "",
      sectors: [],
      version: "1.0.0",
      sections: [{ name: "General", type: "Group", granularityLevel: "Model" }],
    });
  });

  it("tolerates the output-only keys of an export", () => {
    const input = {
      name: "T",
      sections: [{ name: "S", type: "Group" }],
      createdByUserId: "u1",
      ownedByOrganizationId: "o1",
      createdAt: "2024-01-01T00:00:00.000Z",
    };
    expect(ZTemplateDefinitionInput.safeParse(input).success).toBe(true);
  });

  it("rejects unknown keys at every level", () => {
    const input = {
      name: "T",
      owner: "x",
      sections: [{ name: "S", type: "Group", color: "red", dataFields: [{ name: "F", type: "TextField", hint: "x" }] }],
    };
    const result = ZTemplateDefinitionInput.safeParse(input);
    expect(result.error?.issues.map((i) => i.code)).toEqual(["unrecognized_keys", "unrecognized_keys", "unrecognized_keys"]);
  });

  it("rejects an empty name, no sections and unknown enum values", () => {
    expect(ZTemplateDefinitionInput.safeParse({ name: "   ", sections: [{ name: "S", type: "Group" }] }).success).toBe(false);
    expect(ZTemplateDefinitionInput.safeParse({ name: "T", sections: [] }).success).toBe(false);
    expect(ZSectionInput.safeParse({ name: "S", type: "Table" }).success).toBe(false);
    expect(ZDataFieldInput.safeParse({ name: "F", type: "DateField" }).success).toBe(false);
    expect(ZDataFieldInput.safeParse({ name: "F", type: "TextField", granularityLevel: "Batch" }).success).toBe(false);
  });

  it("caps the number of sections and fields", () => {
    const sections = Array.from({ length: 501 }, () => ({ name: "S", type: "Group" }));
    expect(ZTemplateDefinitionInput.safeParse({ name: "T", sections }).success).toBe(false);
    const dataFields = Array.from({ length: 201 }, () => ({ name: "F", type: "TextField" }));
    expect(ZSectionInput.safeParse({ name: "S", type: "Group", dataFields }).success).toBe(false);
  });

  it("rejects non-UUID ids and lower-cases UUIDs", () => {
    expect(ZSectionInput.safeParse({ id: "s1", name: "S", type: "Group" }).success).toBe(false);
    expect(ZSectionInput.parse({ id: SECTION_ID.replace(/1/g, "A"), name: "S", type: "Group" }).id).toBe(
      SECTION_ID.replace(/1/g, "a"),
    );
  });

  it("requires string option values", () => {
    expect(ZDataFieldInput.safeParse({ name: "F", type: "NumericField", options: { min: 0 } }).success).toBe(false);
  });
});

describe("output schemas", () => {
  const section = {
    id: SECTION_ID,
    name: "S",
    type: "Group",
    parentId: null,
    subSections: [],
    dataFields: [],
    granularityLevel: "Model",
    layout: normalizeLayout(undefined, 1),
  };

  it("accept a contract-shaped template", () => {
    const template = {
      id: SECTION_ID,
      name: "T",
      description: "",
      sectors: ["battery"],
      version: "1.0.0",
      sections: [section],
      createdByUserId: "user-1",
      ownedByOrganizationId: SECTION_ID,
      marketplaceResourceId: null,
      createdAt: "2024-01-01T00:00:00.000Z",
    };
    expect(ZTemplate.parse(template)).toEqual(template);
  });

  it("require all five breakpoints in a section layout", () => {
    const layout = { ...section.layout, colSpan: { xs: 12 } };
    expect(ZSection.safeParse({ ...section, layout }).success).toBe(false);
  });
});
