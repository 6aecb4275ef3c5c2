import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { mergePatch } from "~/domain/aas/value-only-patch";
import { elementPatch, parseElementPath, valueAt } from "~/domain/versions/dpp-writes";

describe("parseElementPath", () => {
  it("reads idShorts joined by dots and list rows as [n]", () => {
    expect(parseElementPath("General.Weight")).toEqual(["General", "Weight"]);
    expect(parseElementPath("Subs.Subs[1].Evidence.Certificate")).toEqual(["Subs", "Subs", 1, "Evidence", "Certificate"]);
    expect(parseElementPath("A.B[0][2]")).toEqual(["A", "B", 0, 2]);
  });

  it("refuses what is not an idShort path", () => {
    for (const path of ["", ".A", "A.", "A..B", "1A", "A[x]", "A[-1]", "A B", "[0]", "A.[0]", `A${".B".repeat(64)}`]) {
      expect(parseElementPath(path), path).toBeNull();
    }
  });
});

describe("valueAt and elementPatch", () => {
  const content = {
    General: { Weight: 1, Name: "x" },
    Subs: [
      { Name: "Lead", Share: 1 },
      { Name: "Cd", Share: null },
    ],
  };

  it("finds an element's value, undefined where nothing is", () => {
    expect(valueAt(content, ["General", "Weight"])).toBe(1);
    expect(valueAt(content, ["Subs", 1, "Name"])).toBe("Cd");
    expect(valueAt(content, ["Subs", 2])).toBeUndefined();
    expect(valueAt(content, ["General", "toString"])).toBeUndefined();
  });

  it("nests a patch of one element, and sends a list whole with its row merge-patched (RFC 7396 replaces arrays)", () => {
    expect(elementPatch(content, ["General", "Weight"], 2)).toEqual({ General: { Weight: 2 } });
    const rows = elementPatch(content, ["Subs", 1, "Name"], "Hg");
    expect(rows).toEqual({
      Subs: [
        { Name: "Lead", Share: 1 },
        { Name: "Hg", Share: null },
      ],
    });
    expect(mergePatch(content, rows)).toEqual({ ...content, Subs: [content.Subs[0], { Name: "Hg", Share: null }] });
    // null on a row's element removes it from the row (the mapping then stores no value there).
    expect(elementPatch(content, ["Subs", 0, "Share"], null)).toEqual({ Subs: [{ Name: "Lead" }, { Name: "Cd", Share: null }] });
  });

  it("is NOT_FOUND for a path naming nothing", () => {
    for (const steps of [["Nope"], ["General", "Nope"], ["Subs", 5, "Name"], ["General", 0]]) {
      expect(() => elementPatch(content, steps, 1)).toThrow(AppError);
    }
  });
});

describe("mergePatch (RFC 7396 appendix A)", () => {
  it("answers the RFC's examples", () => {
    const cases: [unknown, unknown, unknown][] = [
      [{ a: "b" }, { a: "c" }, { a: "c" }],
      [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
      [{ a: "b" }, { a: null }, {}],
      [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
      [{ a: ["b"] }, { a: "c" }, { a: "c" }],
      [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
      [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
      [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
      [
        ["a", "b"],
        ["c", "d"],
        ["c", "d"],
      ],
      [{ a: "b" }, ["c"], ["c"]],
      [{ a: "foo" }, null, null],
      [{ a: "foo" }, "bar", "bar"],
      [{ e: null }, { a: 1 }, { e: null, a: 1 }],
      [[1, 2], { a: "b", c: null }, { a: "b" }],
      [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    ];
    for (const [target, patch, result] of cases) {
      expect(mergePatch(target as never, patch as never)).toEqual(result);
    }
  });
});
