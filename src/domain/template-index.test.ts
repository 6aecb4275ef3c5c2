import { describe, expect, it } from "vitest";
import { normalizeLayout } from "~/domain/layout";
import { buildTemplateIndex, findField, isRepeatable, isRepeaterSection, repeaterSectionIds } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

function section(id: string, patch: Partial<TSection> = {}): TSection {
  return {
    id,
    name: id,
    type: "Group",
    parentId: null,
    subSections: [],
    dataFields: [],
    granularityLevel: "Model",
    layout: normalizeLayout(undefined, 1),
    ...patch,
  };
}

const field = (id: string) => ({
  id,
  name: id,
  type: "TextField" as const,
  options: {},
  granularityLevel: "Model" as const,
  layout: normalizeLayout(undefined, 1),
});

const sections = [
  section("root-b", { subSections: ["rep"] }),
  section("grand", { parentId: "inner" }),
  section("rep", { type: "Repeatable", parentId: "root-b", subSections: ["inner"], dataFields: [field("f1")] }),
  section("root-a"),
  section("inner", { parentId: "rep", subSections: ["grand"] }),
];

describe("buildTemplateIndex", () => {
  const index = buildTemplateIndex(sections);

  it("lists roots in input order and every section in depth-first document order", () => {
    expect(index.rootSectionIds).toEqual(["root-b", "root-a"]);
    expect(index.orderedSectionIds).toEqual(["root-b", "rep", "inner", "grand", "root-a"]);
  });

  it("records descendants depth-first", () => {
    expect(index.sections.get("root-b")?.descendants).toEqual(["rep", "inner", "grand"]);
    expect(index.sections.get("rep")?.descendants).toEqual(["inner", "grand"]);
    expect(index.sections.get("root-a")?.descendants).toEqual([]);
  });

  it("records the repeater each section is or sits inside", () => {
    expect(Object.fromEntries([...index.sections].map(([id, e]) => [id, e.repeaterId]))).toEqual({
      "root-b": null,
      rep: "rep",
      inner: "rep",
      grand: "rep",
      "root-a": null,
    });
  });

  it("finds fields by section and id", () => {
    expect(findField(index, "rep", "f1")?.id).toBe("f1");
    expect(findField(index, "inner", "f1")).toBeUndefined();
    expect(findField(index, "nope", "f1")).toBeUndefined();
  });

  it("answers repeater questions", () => {
    expect(isRepeaterSection(index, "rep")).toBe(true);
    expect(isRepeaterSection(index, "inner")).toBe(false);
    expect(isRepeaterSection(index, "unknown")).toBe(false);
    expect(isRepeatable(sections[2]!)).toBe(true);
    expect(repeaterSectionIds(index, "rep")).toEqual(["rep", "inner", "grand"]);
    expect(repeaterSectionIds(index, "unknown")).toEqual([]);
  });

  it("survives a corrupt cycle without looping", () => {
    const corrupt = buildTemplateIndex([
      section("a", { parentId: "b", subSections: ["b"] }),
      section("b", { parentId: "a", subSections: ["a"] }),
    ]);
    expect(corrupt.rootSectionIds).toEqual([]);
    expect(corrupt.orderedSectionIds).toEqual(["a", "b"]);
  });
});
