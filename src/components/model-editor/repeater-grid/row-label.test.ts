import { describe, expect, it } from "vitest";
import { gridColumns } from "~/components/model-editor/repeater-grid/grid-columns";
import { parseRowJump, rowLabel, rowMatches, searchTerms } from "~/components/model-editor/repeater-grid/row-label";
import { batteryRepeater } from "~/components/model-editor/repeater-grid/test-support";

const columns = gridColumns(batteryRepeater("Hazardous substances").view);

describe("rowLabel", () => {
  it("names a row by its first text field, else leaves it to its position", () => {
    expect(rowLabel(columns, (c) => (c.field.name === "Substance name" ? "  Cobalt \n oxide " : "x"))).toBe("Cobalt oxide");
    expect(rowLabel(columns, () => null)).toBeUndefined();
    expect(rowLabel(columns, () => "   ")).toBeUndefined();
    expect(rowLabel(columns, () => "y".repeat(100))).toHaveLength(60);
  });
});

describe("search", () => {
  it("matches rows holding every word, in any cells, ignoring case", () => {
    const terms = searchTerms("  COBALT  cathode ");
    expect(rowMatches(terms, ["Cobalt", null, "Cathode"])).toBe(true);
    expect(rowMatches(terms, ["Cobalt", "Anode"])).toBe(false);
    expect(rowMatches(searchTerms(""), [])).toBe(true);
  });

  it("reads a 1-based row to jump to", () => {
    expect(parseRowJump(" 12 ", 20)).toBe(11);
    expect(parseRowJump("0", 20)).toBeUndefined();
    expect(parseRowJump("21", 20)).toBeUndefined();
    expect(parseRowJump("1.5", 20)).toBeUndefined();
  });
});
