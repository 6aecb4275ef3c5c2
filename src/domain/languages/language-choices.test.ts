import { describe, expect, it } from "vitest";
import { EU_OFFICIAL_LANGUAGES, isEuOfficialLanguage, languageNamer, parseLanguageList } from "~/domain/languages/language-choices";

describe("EU_OFFICIAL_LANGUAGES", () => {
  it("lists the 24 official languages once each, in canonical spelling", () => {
    expect(new Set(EU_OFFICIAL_LANGUAGES).size).toBe(24);
    for (const tag of EU_OFFICIAL_LANGUAGES) expect(Intl.getCanonicalLocales(tag)[0]).toBe(tag);
    expect(isEuOfficialLanguage("ga")).toBe(true);
    expect(isEuOfficialLanguage("fr-BE")).toBe(false);
  });
});

describe("parseLanguageList", () => {
  it("canonicalises, keeps each tag once in typed order, and names what is no tag", () => {
    expect(parseLanguageList(" FR-be, rm;\nfr-BE  nope_x ")).toEqual({ tags: ["fr-BE", "rm"], invalid: ["nope_x"] });
    expect(parseLanguageList("")).toEqual({ tags: [], invalid: [] });
  });
});

describe("languageNamer", () => {
  it("names a language in the member's language, and falls back to the tag", () => {
    expect(languageNamer("en")("de")).toBe("German");
    expect(languageNamer("de")("de")).toBe("Deutsch");
    expect(languageNamer("fr")("de")).toBe("allemand");
    expect(languageNamer("en")("qaa")).toBe("qaa");
  });
});
