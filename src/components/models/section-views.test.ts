import { describe, expect, it } from "vitest";
import battery from "../../../prisma/seed/battery-passport.json";
import { buildSectionViews, headingLevel, type SectionView } from "~/components/models/section-views";
import { parseTemplateDefinition } from "~/domain/template-definition";

function sections() {
  const parsed = parseTemplateDefinition(battery);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value.sections;
}

const names = (views: readonly { view: SectionView }[]): string[] => views.map(({ view }) => view.section.name);

describe("buildSectionViews", () => {
  it("leaves Item-level sections and fields out of a model's editor", () => {
    const { roots } = buildSectionViews(sections(), { level: "Model" });
    expect(names(roots)).not.toContain("Individual battery");
    const performance = roots.find(({ view }) => view.section.name === "Performance and durability")?.view;
    expect(performance?.fields.map(({ field }) => field.name)).not.toContain("State of health");
    expect(performance?.fields).toHaveLength(10);
  });

  it("shows an item's editor only the Item-level fields, in the sections that hold any", () => {
    const { roots } = buildSectionViews(sections(), { level: "Item" });
    expect(names(roots)).toEqual(["General information", "Performance and durability", "Individual battery"]);
    expect(roots[0]?.view.fields.map(({ field }) => field.name)).toEqual(["Battery status"]);
    const performance = roots[1]?.view;
    expect(performance?.fields.map(({ field }) => field.name)).toEqual([
      "State of health",
      "Remaining capacity",
      "Number of full charge cycles",
    ]);
    expect(roots[2]?.view.fields).toHaveLength(3);
  });

  it("keeps them, in template order, for a template preview", () => {
    const { roots } = buildSectionViews(sections(), { level: "all" });
    expect(names(roots).at(-1)).toBe("Individual battery");
  });

  it("nests sections in subSections order and places them below their parent's fields", () => {
    const { roots } = buildSectionViews(sections(), { level: "Model" });
    const material = roots.find(({ view }) => view.section.name === "Material composition")?.view;
    const [hazardous] = material?.subSections ?? [];
    expect(hazardous?.view.isRepeater).toBe(true);
    // Four fields stack in rows 1–4 below md and fill rows 1–2 from md up; the repeater comes after them.
    expect(hazardous?.placement).toMatchObject({ "--rs-xs": 5, "--rs-md": 3, "--cs-md": 1, "--span-md": 12 });
    const recycled = roots.find(({ view }) => view.section.name === "Circularity and resource efficiency")?.view;
    expect(names(recycled?.subSections ?? [])).toEqual(["Recycled content"]);
    expect(names(recycled?.subSections[0]?.view.subSections ?? [])).toEqual(["Evidence"]);
  });

  it("gives root sections h2 and never goes past h6", () => {
    expect([1, 2, 3, 7].map(headingLevel)).toEqual([2, 2, 3, 6]);
  });
});
