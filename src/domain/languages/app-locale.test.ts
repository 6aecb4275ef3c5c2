import { describe, expect, it } from "vitest";
import { negotiateAppLocale, passportPageLocale, pickAppLocale } from "~/domain/languages/app-locale";

describe("negotiateAppLocale", () => {
  it.each([
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["fr-CH, fr;q=0.9, en;q=0.8", "fr"],
    ["en-US,en;q=0.9", "en"],
    ["es-ES,es;q=0.9,de;q=0.5,fr;q=0.7", "fr"],
    ["de;q=0.2, fr;q=0.2", "de"],
    ["*", "en"],
    ["DE-at", "de"],
    ["de;q=0, fr", "fr"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateAppLocale(header)).toBe(expected);
  });

  it("finds nothing in headers without a language of the app", () => {
    expect(negotiateAppLocale("es-ES,it;q=0.5")).toBeNull();
    expect(negotiateAppLocale("")).toBeNull();
    expect(negotiateAppLocale(null)).toBeNull();
    expect(negotiateAppLocale("de;q=0")).toBeNull();
    expect(negotiateAppLocale(";;;,,,")).toBeNull();
  });

  it("reads only the start of a very long header", () => {
    expect(negotiateAppLocale(`${"xx;q=0.1,".repeat(10_000)}de`)).toBeNull();
  });
});

describe("pickAppLocale", () => {
  it("prefers the member's profile, then the browser, then English", () => {
    expect(pickAppLocale("fr", "de-DE")).toBe("fr");
    expect(pickAppLocale(null, "de-DE")).toBe("de");
    expect(pickAppLocale("xx", "es")).toBe("en");
    expect(pickAppLocale(undefined, undefined)).toBe("en");
  });
});

describe("passportPageLocale", () => {
  it("follows the passport's language, and the reader's only where the passport names none", () => {
    expect(passportPageLocale("de-AT", { query: "fr", acceptLanguage: "fr" })).toBe("de");
    expect(passportPageLocale("it", { acceptLanguage: "de" })).toBe("en");
    expect(passportPageLocale(undefined, { query: "fr", acceptLanguage: "de" })).toBe("fr");
    expect(passportPageLocale(undefined, { acceptLanguage: "de-CH, en;q=0.5" })).toBe("de");
    expect(passportPageLocale(undefined, { acceptLanguage: null })).toBe("en");
  });
});
