import { describe, expect, it } from "vitest";
import {
  canonicalLanguage,
  mergeLanguageSettings,
  negotiateLanguage,
  parseAcceptLanguage,
  ZLanguageSettingsUpdate,
} from "~/domain/languages/language";

const settings = { defaultLanguage: "en", publishedLanguages: ["en", "de", "fr"] };

describe("language tags", () => {
  it("keeps one spelling per language and refuses what is no tag", () => {
    expect(canonicalLanguage("DE-de")).toBe("de-DE");
    expect(canonicalLanguage("fr")).toBe("fr");
    expect(canonicalLanguage("not a tag")).toBeUndefined();
    expect(canonicalLanguage("")).toBeUndefined();
    expect(canonicalLanguage("x".repeat(100))).toBeUndefined();
  });

  it("refuses a list naming a language twice or an invalid tag", () => {
    expect(ZLanguageSettingsUpdate.safeParse({ publishedLanguages: ["de", "DE"] }).success).toBe(false);
    expect(ZLanguageSettingsUpdate.safeParse({ defaultLanguage: "??" }).success).toBe(false);
    expect(ZLanguageSettingsUpdate.parse({ publishedLanguages: ["EN", "de-de"] })).toEqual({ publishedLanguages: ["en", "de-DE"] });
  });
});

describe("mergeLanguageSettings", () => {
  it("puts the default first and adds it to the kept list", () => {
    expect(mergeLanguageSettings(settings, { defaultLanguage: "fr" })).toEqual({
      settings: { defaultLanguage: "fr", publishedLanguages: ["fr", "en", "de"] },
    });
    expect(mergeLanguageSettings(settings, { defaultLanguage: "it" })).toEqual({
      settings: { defaultLanguage: "it", publishedLanguages: ["it", "en", "de", "fr"] },
    });
  });

  it("refuses a new list without the default", () => {
    expect(mergeLanguageSettings(settings, { publishedLanguages: ["de"] })).toHaveProperty("problem");
  });
});

describe("negotiateLanguage", () => {
  it("takes ?lang= first, then Accept-Language by weight, then the default", () => {
    expect(negotiateLanguage({ query: "fr", acceptLanguage: "de", settings })).toEqual({ language: "fr", source: "query" });
    expect(negotiateLanguage({ query: "xx", acceptLanguage: "it, de;q=0.5, fr;q=0.8", settings })).toEqual({
      language: "fr",
      source: "header",
    });
    expect(negotiateLanguage({ acceptLanguage: "de-DE,de;q=0.9", settings })).toEqual({ language: "de", source: "header" });
    expect(negotiateLanguage({ acceptLanguage: "ja, *", settings })).toEqual({ language: "en", source: "default" });
    expect(negotiateLanguage({ settings })).toEqual({ language: "en", source: "default" });
  });

  it("skips malformed and zero-weight entries", () => {
    expect(parseAcceptLanguage("de;q=0, fr;q=abc, ;;, en-gb;q=0.3")).toEqual(["en-GB"]);
    // The parameter's name in any case, as the app's own text reads it too: German is not ruled out here.
    expect(parseAcceptLanguage("de;Q=0.1, fr;q=0.9")).toEqual(["fr", "de"]);
    expect(parseAcceptLanguage("de;Q=0, fr")).toEqual(["fr"]);
  });
});
