import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeListValue } from "~/domain/list-value";
import { cellToList, listToCell } from "~/domain/spreadsheet/list-cell";

describe("a list field's spreadsheet cell", () => {
  it("round-trips any list of entries with content: cell → stored value → the same entries", () => {
    const entry = fc.string({ minLength: 1 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), (entries) => {
        const stored = encodeListValue(entries);
        expect(cellToList(listToCell(stored))).toBe(stored);
      }),
      { numRuns: 500 },
    );
  });

  it("writes entries on separate lines, and reads lines typed in a cell (blank lines are no entry)", () => {
    expect(listToCell('["DOC-1","DOC-2"]')).toBe("DOC-1\nDOC-2");
    expect(cellToList("DOC-1\r\n\r\nDOC-2\n")).toBe('["DOC-1","DOC-2"]');
    expect(cellToList("")).toBeNull();
    expect(listToCell(null)).toBe("");
  });

  it("keeps entries that lines cannot carry in the list's JSON form", () => {
    expect(listToCell('["two\\nlines","b"]')).toBe('["two\\nlines","b"]');
    expect(listToCell('["[x]"]')).toBe('["[x]"]');
    expect(cellToList('["two\\nlines","b"]')).toBe('["two\\nlines","b"]');
  });

  it("reads each entry in the file's locale", () => {
    expect(cellToList("1,5\n20", (entry) => entry.replace(",", "."))).toBe('["1.5","20"]');
  });
});
