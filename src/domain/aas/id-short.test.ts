import { describe, expect, it } from "vitest";
import { deriveIdShort, isValidIdShort, uniqueIdShorts } from "~/domain/aas/id-short";

/** The AAS API V3.1 schema's idShort pattern, which every idShort we export must also meet (docs/aas.md §idShorts). */
const V31_ID_SHORT = /^[a-zA-Z][a-zA-Z0-9_-]*[a-zA-Z0-9_]+$/;

describe("idShorts", () => {
  it("derive from names that V3.0 and V3.1 both accept, a single letter included", () => {
    for (const [name, expected] of [
      ["X", "X_"],
      ["ä", "Ae"],
      ["2nd life", "N2ndLife"],
      ["Cell chemistry", "CellChemistry"],
      ["–", "Field"],
    ] as const) {
      const idShort = deriveIdShort(name, "Field");
      expect(idShort, name).toBe(expected);
      expect(isValidIdShort(idShort), name).toBe(true);
      expect(idShort, name).toMatch(V31_ID_SHORT);
    }
  });

  it("do not keep a stored one-letter idShort, which V3.1 refuses: it is derived again", () => {
    expect(isValidIdShort("A")).toBe(false);
    expect(uniqueIdShorts([{ name: "A", preferred: "A", fallback: "Field" }])).toEqual(["A_"]);
  });
});
