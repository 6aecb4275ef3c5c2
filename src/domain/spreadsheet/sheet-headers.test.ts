import { describe, expect, it } from "vitest";
import { excelSheetName, headerLookup, takeFirst } from "~/domain/spreadsheet/sheet-headers";

describe("header mapping shared by the items import and the editor's table import", () => {
  const lookup = headerLookup([
    { id: "a", titles: ["Battery › Capacity"], bareName: "Capacity" },
    { id: "b", titles: ["Cells › Voltage"], bareName: "Voltage" },
    { id: "c", titles: ["Pack › Voltage"], bareName: "Voltage" },
  ]);

  it("matches titles ignoring case, spacing and > for ›, a unique bare name, and a unit in parentheses", () => {
    expect(["battery > capacity", "  Capacity  (kWh)", "Cells›Voltage", "Voltage", "Colour"].map(lookup)).toEqual([
      "a",
      "a",
      "b",
      null,
      null,
    ]);
  });

  it("gives each column to the first header naming it", () => {
    expect(takeFirst(["a", "a", null, "b"])).toEqual(["a", null, null, "b"]);
  });

  it("names sheets as Excel allows: 31 characters, no []:*?/\\, unique regardless of case", () => {
    const taken = new Set(["items"]);
    expect(excelSheetName("Items", taken)).toBe("Items (2)");
    expect(excelSheetName("a/b:c", taken)).toBe("a b c");
    expect(excelSheetName("x".repeat(40), taken)).toHaveLength(31);
    expect(excelSheetName("", taken)).toBe("Rows");
  });
});
