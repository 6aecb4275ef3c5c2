import { describe, expect, it } from "vitest";
import { normalizeLayout } from "~/domain/layout";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TDataField, TSection } from "~/domain/template-schema";
import { completeRepeaterRows, newRowAt } from "~/domain/repeater-rows";
import {
  ANODE,
  CELL_LABEL,
  CELL_SERIAL,
  CELL_VOLTAGE,
  CELLS,
  CHEMISTRY,
  dv,
  GENERAL,
  id,
  index as battery,
  NAME,
} from "~/domain/battery-template.fixture";

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

describe("newRowAt", () => {
  const index = buildTemplateIndex([
    section("rep", { type: "Repeatable", subSections: ["nested"], dataFields: [field("a"), field("b"), field("item", "Item")] }),
    section("nested", { parentId: "rep", dataFields: [field("c")] }),
    section("bare", { type: "Repeatable", subSections: ["inner"] }),
    section("inner", { parentId: "bare", dataFields: [field("d")] }),
    section("empty", { type: "Repeatable" }),
  ]);

  it("has nulls for the repeater's own Model-level fields at the row", () => {
    expect(newRowAt(index, "rep", 5, "Model")).toEqual([
      { value: null, dataSectionId: "rep", dataFieldId: "a", row: 5 },
      { value: null, dataSectionId: "rep", dataFieldId: "b", row: 5 },
    ]);
  });

  it("names a nested field when the repeater has none of its own, and gives up when there is none", () => {
    expect(newRowAt(index, "bare", 2, "Model")).toEqual([{ value: null, dataSectionId: "inner", dataFieldId: "d", row: 2 }]);
    expect(newRowAt(index, "empty", 0, "Model")).toBeUndefined();
  });
});

describe("completeRepeaterRows", () => {
  it("fills the rest of each touched row, in the repeater and its nested sections, after the request's values", () => {
    const added = [dv(CHEMISTRY, ANODE, "graphite", 2), dv(GENERAL, NAME, "x"), dv(CELLS, CELL_VOLTAGE, "3.7", 5)];
    expect(completeRepeaterRows(battery, added, "Model")).toEqual([
      ...added,
      dv(CELLS, CELL_LABEL, null, 2),
      dv(CELLS, CELL_VOLTAGE, null, 2),
      dv(CELLS, CELL_LABEL, null, 5),
      dv(CHEMISTRY, ANODE, null, 5),
    ]);
  });

  it("adds nothing for values outside repeaters or in unknown sections", () => {
    const added = [dv(GENERAL, NAME, "x"), dv(id(999), NAME, "x", 1)];
    expect(completeRepeaterRows(battery, added, "Model")).toEqual(added);
  });
});

describe("completeRepeaterRows for an item", () => {
  it("completes a row with the Item-level fields of the repeater only", () => {
    const index = buildTemplateIndex([
      section("rep", { type: "Repeatable", dataFields: [field("a"), field("i1", "Item"), field("i2", "Item")] }),
    ]);
    expect(completeRepeaterRows(index, [dv("rep", "i1", "x", 4)], "Item")).toEqual([
      dv("rep", "i1", "x", 4),
      dv("rep", "i2", null, 4),
    ]);
  });

  it("keeps an item's row of a Model-level repeater to its Item-level field", () => {
    expect(completeRepeaterRows(battery, [dv(CELLS, CELL_SERIAL, "S", 0)], "Item")).toEqual([dv(CELLS, CELL_SERIAL, "S", 0)]);
  });
});
