import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FILLED_CASES } from "~/domain/completeness.fixture";
import {
  allRequiredSlots,
  isFilled,
  isSlotFilled,
  missingLanguages,
  requiredFields,
  requiredSlots,
  rowMinimums,
} from "~/domain/completeness";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";
import { normalizeLayout } from "~/domain/layout";

const layout = normalizeLayout(undefined, 1);
const section = (id: string, options: Record<string, string>, level: "Model" | "Item", subSections: string[] = []): TSection => ({
  id,
  name: id,
  type: "Repeatable",
  parentId: null,
  subSections,
  dataFields: [{ id: `${id}-f`, name: "F", type: "TextField", options: {}, granularityLevel: level, layout }],
  granularityLevel: level,
  layout,
  options,
});

describe("rowMinimums", () => {
  it("lists the repeaters with a minRows whose rows the owner holds", () => {
    const index = buildTemplateIndex([
      section("materials", { minRows: "2" }, "Model"),
      section("cells", { minRows: "1" }, "Item"),
      section("free", {}, "Model"),
    ]);
    expect(rowMinimums(index, "Model")).toEqual([{ repeaterId: "materials", sectionIds: ["materials"], minRows: 2 }]);
    expect(rowMinimums(index, "Item")).toEqual([{ repeaterId: "cells", sectionIds: ["cells"], minRows: 1 }]);
  });
});

describe("one walk for the editor and the models list", () => {
  const group = (id: string, level: "Model" | "Item", subSections: string[], parentId: string | null = null): TSection => ({
    id,
    name: id,
    type: "Group",
    parentId,
    subSections,
    dataFields: [{ id: `${id}-f`, name: "F", type: "TextField", options: { required: "true" }, granularityLevel: "Model", layout }],
    granularityLevel: level,
    layout,
    options: {},
  });

  it("leaves out, for a model, a section nested in an Item-level one (the editor does not show it)", () => {
    const index = buildTemplateIndex([
      group("general", "Model", []),
      group("cell", "Item", ["cell-detail"]),
      group("cell-detail", "Model", [], "cell"),
    ]);
    expect(requiredFields(index, "Model")).toEqual([{ dataSectionId: "general", dataFieldId: "general-f" }]);
    expect(allRequiredSlots(index, "Model", () => [])).toEqual([
      { kind: "value", dataSectionId: "general", dataFieldId: "general-f", row: 0 },
    ]);
    expect(requiredFields(index, "Item")).toEqual([{ dataSectionId: "cell", dataFieldId: "cell-f" }]);
  });

  it("counts a repeater's fields per row and its minRows after them, and the list's rules are the same walk", () => {
    const index = buildTemplateIndex(
      [{ ...section("materials", { minRows: "2" }, "Model"), dataFields: [] }, group("m-detail", "Model", [], "materials")].map((s) =>
        s.id === "materials" ? { ...s, subSections: ["m-detail"] } : s,
      ),
    );
    const rowsOf = () => [0, 5];
    const slots = requiredSlots(index, "Model", "materials", [], rowsOf);
    expect(slots).toEqual([
      { kind: "value", dataSectionId: "m-detail", dataFieldId: "m-detail-f", row: 0 },
      { kind: "value", dataSectionId: "m-detail", dataFieldId: "m-detail-f", row: 5 },
      { kind: "row", repeaterId: "materials", position: 0 },
      { kind: "row", repeaterId: "materials", position: 1 },
    ]);
    expect(slots.filter((slot) => isSlotFilled(slot, (t) => (t.row === 5 ? "x" : " "), rowsOf))).toHaveLength(3);
    expect(requiredFields(index, "Model")).toEqual([{ dataSectionId: "m-detail", dataFieldId: "m-detail-f" }]);
    expect(rowMinimums(index, "Model")).toEqual([{ repeaterId: "materials", sectionIds: ["materials", "m-detail"], minRows: 2 }]);
  });

  it("stops at a stored cycle of nested sections", () => {
    const index = buildTemplateIndex([group("a", "Model", ["b"]), group("b", "Model", ["a"], "a")]);
    expect(allRequiredSlots(index, "Model", () => []).map((slot) => slot.kind === "value" && slot.dataSectionId)).toEqual(["a", "b"]);
  });
});

describe("multilingual required fields", () => {
  it("is filled only when every published language is, and names the missing ones", () => {
    const slot = { kind: "value" as const, multilingual: true as const, dataSectionId: "s", dataFieldId: "f", row: 0 };
    const values: Record<string, string | null> = { en: "Battery", de: " " };
    const valueOf = (t: { language?: string }) => values[t.language ?? ""] ?? null;
    expect(isSlotFilled(slot, valueOf, () => [], ["en", "de"])).toBe(false);
    expect(missingLanguages(["en", "de", "fr"], (l) => values[l] ?? null)).toEqual(["de", "fr"]);
    expect(isSlotFilled(slot, valueOf, () => [], ["en"])).toBe(true);
  });
});

describe("isFilled", () => {
  it.each(FILLED_CASES)("%j is filled: %s", (value, expected) => {
    expect(isFilled(value)).toBe(expected);
  });

  it("null is not filled; a value of anything that trim() keeps, beyond the invisible separators, is", () => {
    expect(isFilled(null)).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite" }), (text) => {
        const invisible = /[\u0085\u180e\u200b\u2060]/g;
        expect(isFilled(text)).toBe(text.replace(invisible, "").trim() !== "");
      }),
    );
  });
});
