import { describe, expect, it } from "vitest";
import { zodIssues } from "~/domain/app-error";
import { ZText } from "~/domain/text";

describe("ZText", () => {
  const name = ZText("Name").trim().max(10);

  it("accepts ordinary text, emoji (surrogate pairs) included", () => {
    expect(name.parse("  Pack 😀 ")).toBe("Pack 😀");
    expect(name.parse("Zelle ⚡")).toBe("Zelle ⚡");
  });

  it("refuses NUL and lone surrogates with the field's label", () => {
    for (const text of ["a\u0000b", "\ud83d", "x\udc00", "\udc00\ud83d"]) {
      const result = name.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(zodIssues(result.error!)[0]?.message).toMatch(/^Name must/);
    }
  });
});
