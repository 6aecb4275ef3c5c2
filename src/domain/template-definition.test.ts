import { describe, expect, it } from "vitest";
import { parseTemplateDefinition, type ParseTemplateDefinitionResult } from "~/domain/template-definition";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const S1 = id(1);
const S2 = id(2);
const S3 = id(3);
const S4 = id(4);
const F1 = id(101);
const F2 = id(102);

function issuesOf(result: ParseTemplateDefinitionResult) {
  if (result.ok) throw new Error("expected the definition to be rejected");
  return result.issues;
}

function valueOf(result: ParseTemplateDefinitionResult) {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.value;
}

describe("parseTemplateDefinition: valid input", () => {
  it("fills ids, defaults, options and all five breakpoints", () => {
    const value = valueOf(
      parseTemplateDefinition({
        name: "Battery",
        sections: [
          {
            name: "General",
            type: "Group",
            dataFields: [
              { name: "Weight", type: "NumericField" },
              { name: "Maker", type: "TextField" },
            ],
          },
        ],
      }),
    );
    expect(value.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(value).toMatchObject({
      name: "Battery",
      description: "",
      sectors: [],
      version: "1.0.0",
      marketplaceResourceId: null,
      visibility: "Private",
    });
    const [section] = value.sections;
    expect(section).toMatchObject({
      name: "General",
      type: "Group",
      parentId: null,
      subSections: [],
      granularityLevel: "Model",
    });
    expect(section?.layout.rowStart).toEqual({ xs: 1, sm: 1, md: 1, lg: 1, xl: 1 });
    expect(section?.dataFields.map((f) => [f.options, f.granularityLevel, f.layout.rowStart.xl, f.layout.colSpan.md])).toEqual([
      [{}, "Model", 1, 12],
      [{}, "Model", 2, 12],
    ]);
    const fieldIds = section?.dataFields.map((f) => f.id) ?? [];
    expect(new Set([section?.id, ...fieldIds]).size).toBe(3);
  });

  it("keeps given ids, visibility and marketplaceResourceId, and ignores export-only keys", () => {
    const value = valueOf(
      parseTemplateDefinition({
        id: id(9),
        name: "T",
        marketplaceResourceId: id(8),
        visibility: "Public",
        createdByUserId: "someone",
        ownedByOrganizationId: "org",
        createdAt: "2024-01-01T00:00:00.000Z",
        sections: [
          {
            id: S1,
            name: "S",
            type: "Group",
            dataFields: [{ id: F1, name: "F", type: "TextField", options: { required: "true", erp: "x" } }],
          },
        ],
      }),
    );
    expect(value).toMatchObject({ id: id(9), marketplaceResourceId: id(8), visibility: "Public" });
    expect(value).not.toHaveProperty("createdByUserId");
    expect(value.sections[0]?.dataFields[0]).toMatchObject({ id: F1, options: { required: "true", erp: "x" } });
  });

  it("derives subSections from parentIds in input order when subSections are omitted", () => {
    const value = valueOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "Root", type: "Group" },
          { id: S3, name: "B", type: "Group", parentId: S1 },
          { id: S2, name: "A", type: "Repeatable", parentId: S1 },
          { id: S4, name: "Other root", type: "Group" },
        ],
      }),
    );
    expect(value.sections.map((s) => [s.id, s.parentId, s.subSections])).toEqual([
      [S1, null, [S3, S2]],
      [S3, S1, []],
      [S2, S1, []],
      [S4, null, []],
    ]);
    // Unplaced sections stack by position among their siblings.
    expect(value.sections.map((s) => s.layout.rowStart.xs)).toEqual([1, 1, 2, 2]);
  });

  it("derives parentId from the parent's subSections when parentId is omitted", () => {
    const value = valueOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "Root", type: "Group", subSections: [S2] },
          { id: S2, name: "Child", type: "Group" },
        ],
      }),
    );
    expect(value.sections[1]?.parentId).toBe(S1);
  });

  it("accepts agreeing parentId and subSections, keeping the subSections order", () => {
    const value = valueOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "Root", type: "Repeatable", subSections: [S3, S2] },
          { id: S2, name: "A", type: "Group", parentId: S1, subSections: [] },
          { id: S3, name: "B", type: "Group", parentId: S1, granularityLevel: "Item" },
        ],
      }),
    );
    expect(value.sections[0]?.subSections).toEqual([S3, S2]);
  });

  it("accepts a Model-level section inside an Item-level section", () => {
    const result = parseTemplateDefinition({
      name: "T",
      sections: [
        { id: S1, name: "Item", type: "Group", granularityLevel: "Item" },
        { id: S2, name: "Model", type: "Group", granularityLevel: "Model", parentId: S1 },
      ],
    });
    expect(result.ok).toBe(true);
  });

  it("accepts a re-import of its own output", () => {
    const first = valueOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "Root", type: "Group", dataFields: [{ name: "F", type: "TextField" }] },
          { id: S2, name: "Child", type: "Repeatable", parentId: S1 },
        ],
      }),
    );
    const second = valueOf(parseTemplateDefinition({ ...first, createdByUserId: "u", ownedByOrganizationId: "o", createdAt: "now" }));
    expect(second).toEqual(first);
  });
});

describe("parseTemplateDefinition: rejected input", () => {
  it("rejects what is not an object", () => {
    expect(issuesOf(parseTemplateDefinition(null)).length).toBeGreaterThan(0);
    expect(issuesOf(parseTemplateDefinition([])).length).toBeGreaterThan(0);
  });

  it("reports duplicate section ids and duplicate field ids across sections", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "A", type: "Group", dataFields: [{ id: F1, name: "F", type: "TextField" }] },
          { id: S1, name: "B", type: "Group" },
          {
            id: S2,
            name: "C",
            type: "Group",
            dataFields: [
              { id: F2, name: "G", type: "TextField" },
              { id: F1, name: "H", type: "TextField" },
            ],
          },
        ],
      }),
    );
    expect(issues).toEqual([
      { path: "$.sections[1].id", message: `Section id ${S1} is already used at $.sections[0]` },
      {
        path: "$.sections[2].dataFields[1].id",
        message: `Data field id ${F1} is already used at $.sections[0].dataFields[0]`,
      },
    ]);
  });

  it("reports a parentId naming an unknown section", () => {
    const issues = issuesOf(parseTemplateDefinition({ name: "T", sections: [{ id: S1, name: "A", type: "Group", parentId: S4 }] }));
    expect(issues).toEqual([{ path: "$.sections[0].parentId", message: `parentId ${S4} is not a section of this template` }]);
  });

  it("reports subSections naming an unknown section", () => {
    const issues = issuesOf(
      parseTemplateDefinition({ name: "T", sections: [{ id: S1, name: "A", type: "Group", subSections: [S4] }] }),
    );
    expect(issues).toEqual([
      {
        path: "$.sections[0].subSections[0]",
        message: `subSections names ${S4}, which is not a section of this template`,
      },
    ]);
  });

  it("reports a child whose parent does not list it", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "Root", type: "Group", subSections: [] },
          { id: S2, name: "Child", type: "Group", parentId: S1 },
        ],
      }),
    );
    expect(issues).toEqual([
      {
        path: "$.sections[1].parentId",
        message: `parentId names "Root" (${S1}), but that section's subSections does not list this section`,
      },
    ]);
  });

  it("reports a parent listing a section whose parentId disagrees", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "Root", type: "Group", subSections: [S2] },
          { id: S2, name: "Child", type: "Group", parentId: null },
        ],
      }),
    );
    expect(issues).toEqual([
      {
        path: "$.sections[0].subSections[0]",
        message: `subSections lists "Child" (${S2}), but that section's parentId is null`,
      },
    ]);
  });

  it("reports a section listed by two parents", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "A", type: "Group", subSections: [S3] },
          { id: S2, name: "B", type: "Group", subSections: [S3] },
          { id: S3, name: "C", type: "Group" },
        ],
      }),
    );
    expect(issues).toEqual([
      {
        path: "$.sections[1].subSections[0]",
        message: `Section "C" (${S3}) is listed in the subSections of both "A" (${S1}) and "B" (${S2}); a section has one parent`,
      },
    ]);
  });

  it("reports a section listed twice by its parent and a section listing itself", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "A", type: "Group", subSections: [S2, S2, S1] },
          { id: S2, name: "B", type: "Group" },
        ],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(["$.sections[0].subSections[1]", "$.sections[0].subSections[2]"]);
  });

  it("reports a cycle once, at its first section", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S4, name: "Root", type: "Group" },
          { id: S1, name: "A", type: "Group", parentId: S3 },
          { id: S2, name: "B", type: "Group", parentId: S1 },
          { id: S3, name: "C", type: "Group", parentId: S2 },
        ],
      }),
    );
    expect(issues).toEqual([{ path: "$.sections[1].parentId", message: "Sections A → C → B → A form a cycle" }]);
  });

  it("reports a section that is its own parent", () => {
    const issues = issuesOf(parseTemplateDefinition({ name: "T", sections: [{ id: S1, name: "A", type: "Group", parentId: S1 }] }));
    expect(issues).toEqual([{ path: "$.sections[0].parentId", message: `Section "A" (${S1}) cannot be its own parent` }]);
  });

  it("nests repeaters four levels deep, also through groups, and refuses a fifth", () => {
    const sections = [
      { id: S1, name: "L1", type: "Repeatable" },
      { id: S2, name: "Group", type: "Group", parentId: S1 },
      { id: S3, name: "L2", type: "Repeatable", parentId: S2 },
      { id: S4, name: "L3", type: "Repeatable", parentId: S3 },
      { id: id(5), name: "L4", type: "Repeatable", parentId: S4 },
    ];
    expect(parseTemplateDefinition({ name: "T", sections }).ok).toBe(true);
    const tooDeep = [...sections, { id: id(6), name: "L5", type: "Repeatable", parentId: id(5) }];
    expect(issuesOf(parseTemplateDefinition({ name: "T", sections: tooDeep }))).toEqual([
      {
        path: "$.sections[5].type",
        message: `Repeatable section "L5" (${id(6)}) sits inside 4 repeaters (the outermost "L1" (${S1})); repeaters nest at most 4 levels deep`,
      },
    ]);
  });

  it("reports field option and layout problems with their paths", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { name: "A", type: "Group", layout: { colStart: { xs: 7 }, colSpan: { xs: 6, md: 8 } } },
          {
            name: "B",
            type: "Group",
            dataFields: [
              { name: "F", type: "TextField" },
              { name: "G", type: "NumericField", options: { min: "5", max: "1" }, layout: { rowSpan: { xs: 0 } } },
            ],
          },
        ],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual([
      "$.sections[0].layout.colSpan.md",
      "$.sections[1].dataFields[1].options.max",
      "$.sections[1].dataFields[1].layout.rowSpan.xs",
    ]);
  });

  it("lists every problem at once, structural and semantic, across sections", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "",
        extra: true,
        sections: [
          { id: S1, name: "A", type: "Group", subSections: [S2] },
          { id: S2, name: "B", type: "Grid", parentId: S1 },
          {
            id: S3,
            name: "C",
            type: "Group",
            parentId: S4,
            dataFields: [{ name: "F", type: "TextField", options: { min: "1" } }],
          },
          { id: S3, name: "D", type: "Repeatable", layout: { colSpan: { xs: 0 } } },
        ],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual([
      "$.name",
      "$.sections[1].type",
      "$.extra",
      "$.sections[3].id",
      "$.sections[2].parentId",
      "$.sections[2].dataFields[0].options.min",
      "$.sections[3].layout.colSpan.xs",
    ]);
  });

  it("does not call a section unknown because it failed to parse", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { id: S1, name: "Broken", type: "Nope" },
          { id: S2, name: "Child", type: "Group", parentId: S1 },
        ],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual(["$.sections[0].type"]);
  });
});

describe("section options", () => {
  it("keeps a repeater's row limits and leaves out an empty option map", () => {
    const result = parseTemplateDefinition({
      name: "T",
      sections: [
        { name: "Materials", type: "Repeatable", options: { minRows: "1", maxRows: "5" } },
        { name: "General", type: "Group", options: {} },
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.value.sections[0]?.options).toEqual({ minRows: "1", maxRows: "5" });
    expect(result.value.sections[1]).not.toHaveProperty("options");
  });

  it("lists bad row limits with their paths", () => {
    const issues = issuesOf(
      parseTemplateDefinition({
        name: "T",
        sections: [
          { name: "General", type: "Group", options: { maxRows: "3" } },
          { name: "Materials", type: "Repeatable", options: { minRows: "4", maxRows: "3" } },
        ],
      }),
    );
    expect(issues.map((i) => `${i.path} ${i.message}`)).toEqual([
      '$.sections[0].options.maxRows Option "maxRows" applies to Repeatable sections only, not to Group',
      '$.sections[1].options.maxRows Option "maxRows" (3) is below "minRows" (4)',
    ]);
  });
});
