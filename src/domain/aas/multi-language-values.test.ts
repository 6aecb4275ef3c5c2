import { describe, expect, it } from "vitest";
import { multiLanguageValues } from "~/domain/aas/multi-language-values";

describe("multiLanguageValues", () => {
  it("canonicalises each tag and keeps the texts in order", () => {
    const { values, issues } = multiLanguageValues(
      [
        { language: "DE-de", text: "Akku" },
        { language: "en", text: "" },
      ],
      "$.value",
    );
    expect(issues).toEqual([]);
    expect(values).toEqual([
      { language: "de-DE", text: "Akku" },
      { language: "en", text: "" },
    ]);
  });

  it("names a tag that is no BCP 47 tag and a language given twice in two spellings, keeping the rest", () => {
    const { values, issues } = multiLanguageValues(
      [
        { language: "i-klingon", text: "x" },
        { language: "fr", text: "a" },
        { language: "FR", text: "b" },
      ],
      "$.value",
    );
    expect(values).toEqual([{ language: "fr", text: "a" }]);
    expect(issues.map((issue) => issue.path)).toEqual(["$.value[0]", "$.value[2]"]);
    expect(issues[1]?.message).toContain('"fr"');
  });
});
