import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import {
  addDataField,
  addSection,
  deleteDataField,
  deleteSection,
  layoutBelow,
  modifyDataField,
  modifySection,
  moveDataField,
  moveSection,
  publishableDefinition,
  validateDraft,
} from "~/domain/template-draft-edits";
import type { TemplateDraftDocument } from "~/domain/template-draft-schema";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const [GENERAL, COMPONENTS, ITEM_GROUP, OTHER] = [id(1), id(2), id(3), id(4)];
const [F1, F2, F3] = [id(101), id(102), id(103)];

const empty: TemplateDraftDocument = { name: "Bicycle", description: "", sectors: [], version: "1.0.0", sections: [] };

function bicycle(): TemplateDraftDocument {
  let d = addSection(empty, { name: "General", type: "Group" }, GENERAL);
  d = addSection(d, { name: "Components", type: "Repeatable" }, COMPONENTS);
  d = addSection(d, { name: "Item data", type: "Group", parentSectionId: COMPONENTS, granularityLevel: "Item" }, ITEM_GROUP);
  d = addDataField(d, GENERAL, { name: "Brand", type: "TextField", granularityLevel: "Model" }, F1);
  d = addDataField(d, GENERAL, { name: "Weight", type: "NumericField", granularityLevel: "Model", options: { unit: "kg" } }, F2);
  d = addDataField(d, GENERAL, { name: "Frame", type: "TextField", granularityLevel: "Model" }, F3);
  return validateDraft(d);
}

function appError(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("template draft edits", () => {
  it("builds nested sections and stacks new fields below the others", () => {
    const d = bicycle();
    expect(d.sections.map((s) => [s.name, s.parentId, s.subSections])).toEqual([
      ["General", null, []],
      ["Components", null, [ITEM_GROUP]],
      ["Item data", COMPONENTS, []],
    ]);
    const general = d.sections[0];
    expect(general?.dataFields.map((f) => f.layout.rowStart.md)).toEqual([1, 2, 3]);
    expect(d.sections[1]?.layout.rowStart.xs).toBe(2);
    expect(publishableDefinition(d).sections).toHaveLength(3);
  });

  it("takes a repeater inside a repeater, and refuses a fifth level, naming the problem", () => {
    let d = addSection(bicycle(), { name: "Parts", type: "Repeatable", parentSectionId: COMPONENTS }, OTHER);
    expect(validateDraft(d).sections.map((s) => s.name)).toContain("Parts");
    d = addSection(d, { name: "L3", type: "Repeatable", parentSectionId: OTHER }, id(5));
    d = addSection(d, { name: "L4", type: "Repeatable", parentSectionId: id(5) }, id(6));
    d = addSection(d, { name: "L5", type: "Repeatable", parentSectionId: id(6) }, id(7));
    const error = appError(() => validateDraft(d));
    expect(error.code).toBe("VALIDATION");
    expect(error.issues?.[0]?.message).toMatch(/repeaters nest at most 4 levels deep/);
  });

  it("refuses a section moved under its own descendant (a cycle)", () => {
    const error = appError(() => validateDraft(moveSection(bicycle(), COMPONENTS, { type: "Parent", parentSectionId: ITEM_GROUP })));
    expect(error.issues?.some((i) => /cycle/.test(i.message))).toBe(true);
  });

  it("validates options per type, listing every problem", () => {
    let d = modifyDataField(bicycle(), GENERAL, F1, { options: { min: "1" } });
    d = modifyDataField(d, GENERAL, F2, { options: { maxLength: "x", decimals: "11" } });
    const error = appError(() => validateDraft(d));
    expect(error.issues?.map((i) => i.path)).toEqual([
      "$.sections[0].dataFields[0].options.min",
      "$.sections[0].dataFields[1].options.maxLength",
      "$.sections[0].dataFields[1].options.decimals",
    ]);
  });

  it("moves a field up, swapping order and grid cell", () => {
    const d = moveDataField(bicycle(), GENERAL, F2, { type: "Position", direction: "up" });
    const fields = d.sections[0]?.dataFields ?? [];
    expect(fields.map((f) => [f.id, f.layout.rowStart.xs])).toEqual([
      [F2, 1],
      [F1, 2],
      [F3, 3],
    ]);
    expect(appError(() => moveDataField(d, GENERAL, F2, { type: "Position", direction: "up" })).code).toBe("VALIDATION");
  });

  it("moves a field to another section, below its fields, keeping its id", () => {
    const d = moveDataField(bicycle(), GENERAL, F3, { type: "Section", sectionId: ITEM_GROUP });
    expect(d.sections[0]?.dataFields.map((f) => f.id)).toEqual([F1, F2]);
    expect(d.sections[2]?.dataFields.map((f) => [f.id, f.layout.rowStart.xs])).toEqual([[F3, 1]]);
  });

  it("moves sections among siblings and to another parent", () => {
    const swapped = moveSection(bicycle(), COMPONENTS, { type: "Position", direction: "up" });
    expect(swapped.sections.filter((s) => s.parentId === null).map((s) => s.id)).toEqual([COMPONENTS, GENERAL]);
    const moved = moveSection(bicycle(), ITEM_GROUP, { type: "Parent", parentSectionId: null });
    expect(moved.sections.find((s) => s.id === COMPONENTS)?.subSections).toEqual([]);
    expect(moved.sections.find((s) => s.id === ITEM_GROUP)).toMatchObject({ parentId: null, layout: { rowStart: { xs: 3 } } });
  });

  it("renames, retypes and deletes, a section with everything nested in it", () => {
    let d = modifySection(bicycle(), GENERAL, { name: "Basics" });
    d = modifyDataField(d, GENERAL, F1, { type: "NumericField", options: { min: "0" } });
    expect(d.sections[0]?.name).toBe("Basics");
    expect(d.sections[0]?.dataFields[0]?.type).toBe("NumericField");
    d = deleteSection(d, COMPONENTS);
    expect(d.sections.map((s) => s.id)).toEqual([GENERAL]);
    d = deleteDataField(d, GENERAL, F2);
    expect(d.sections[0]?.dataFields.map((f) => f.id)).toEqual([F1, F3]);
  });

  it("sets, replaces and removes a repeater's row limits, checked like the import", () => {
    let d = validateDraft(modifySection(bicycle(), COMPONENTS, { options: { minRows: "1", maxRows: "4" } }));
    expect(d.sections.find((s) => s.id === COMPONENTS)?.options).toEqual({ minRows: "1", maxRows: "4" });
    d = validateDraft(modifySection(d, COMPONENTS, { name: "Parts" }));
    expect(d.sections.find((s) => s.id === COMPONENTS)?.options).toEqual({ minRows: "1", maxRows: "4" });
    d = validateDraft(modifySection(d, COMPONENTS, { options: {} }));
    expect(d.sections.find((s) => s.id === COMPONENTS)).not.toHaveProperty("options");

    const tooFew = appError(() => validateDraft(modifySection(bicycle(), COMPONENTS, { options: { minRows: "3", maxRows: "2" } })));
    expect(tooFew.code).toBe("VALIDATION");
    expect(tooFew.issues?.map((i) => i.path)).toEqual(["$.sections[1].options.maxRows"]);
    const onGroup = appError(() =>
      validateDraft(addSection(bicycle(), { name: "G", type: "Group", options: { maxRows: "2" } }, OTHER)),
    );
    expect(onGroup.issues?.map((i) => i.message)).toEqual(['Option "maxRows" applies to Repeatable sections only, not to Group']);
    // Turning a limited repeater into a group would leave limits that mean nothing.
    const limited = validateDraft(modifySection(bicycle(), COMPONENTS, { options: { maxRows: "2" } }));
    expect(appError(() => validateDraft(modifySection(limited, COMPONENTS, { type: "Group" }))).code).toBe("VALIDATION");
  });

  it("answers NOT_FOUND for an unknown section or field", () => {
    expect(
      appError(() => addDataField(bicycle(), OTHER, { name: "X", type: "TextField", granularityLevel: "Model" }, id(9))).code,
    ).toBe("NOT_FOUND");
    expect(appError(() => deleteDataField(bicycle(), GENERAL, id(9))).code).toBe("NOT_FOUND");
  });

  it("lets an empty draft be edited but not published", () => {
    expect(validateDraft(empty)).toEqual(empty);
    expect(appError(() => publishableDefinition(empty)).issues?.[0]?.message).toMatch(/at least one section/);
  });

  it("places a new item below every sibling at each breakpoint", () => {
    const base = layoutBelow([]);
    const wide = { ...base, rowSpan: { xs: 2, sm: 2, md: 1, lg: 1, xl: 1 } };
    expect(layoutBelow([wide]).rowStart).toEqual({ xs: 3, sm: 3, md: 2, lg: 2, xl: 2 });
  });
});
