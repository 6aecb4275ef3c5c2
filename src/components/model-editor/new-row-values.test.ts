import { describe, expect, it } from "vitest";
import { newRowValues } from "~/components/model-editor/new-row-values";
import { normalizeLayout } from "~/domain/layout";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TDataField, TSection } from "~/domain/template-schema";

const layout = normalizeLayout(undefined, 1);
const field = (id: string, granularityLevel: "Model" | "Item" = "Model"): TDataField => ({
  id,
  name: id,
  type: "TextField",
  options: {},
  granularityLevel,
  layout,
});
const section = (id: string, patch: Partial<TSection>): TSection => ({
  id,
  name: id,
  type: "Group",
  parentId: null,
  subSections: [],
  dataFields: [],
  granularityLevel: "Model",
  layout,
  ...patch,
});

describe("newRowValues", () => {
  const index = buildTemplateIndex([
    section("rep", { type: "Repeatable", subSections: ["nested"], dataFields: [field("a"), field("b"), field("item", "Item")] }),
    section("nested", { parentId: "rep", dataFields: [field("c")] }),
    section("bare", { type: "Repeatable", subSections: ["inner"] }),
    section("inner", { parentId: "bare", dataFields: [field("d")] }),
    section("empty", { type: "Repeatable" }),
  ]);

  it("uses the row after the highest one, with nulls for the repeater's own Model-level fields", () => {
    expect(newRowValues(index, "rep", [0, 4])).toEqual([
      { value: null, dataSectionId: "rep", dataFieldId: "a", row: 5 },
      { value: null, dataSectionId: "rep", dataFieldId: "b", row: 5 },
    ]);
    expect(newRowValues(index, "rep", [])?.[0]?.row).toBe(0);
  });

  it("names a nested field when the repeater has none of its own, and gives up when there is none", () => {
    expect(newRowValues(index, "bare", [1])).toEqual([{ value: null, dataSectionId: "inner", dataFieldId: "d", row: 2 }]);
    expect(newRowValues(index, "empty", [])).toBeUndefined();
  });
});
