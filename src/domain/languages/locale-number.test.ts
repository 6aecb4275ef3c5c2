import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDecimalString } from "~/domain/decimal";
import { formatLocaleNumber, numberSymbols, parseLocaleNumber } from "~/domain/languages/locale-number";

const LOCALES = ["en-US", "de-DE", "fr-FR", "de-CH", "en-IN", "es-ES", "it-IT", "pl-PL", "nl-NL", "sv-SE", "ja-JP"];

const decimal = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,15}$/), fc.option(fc.stringMatching(/^\d{1,10}$/), { nil: undefined }))
  .map(([isNegative, whole, fraction]) => `${isNegative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`);

describe("parseLocaleNumber", () => {
  it("reads the decimal comma and grouping of German", () => {
    expect(numberSymbols("de-DE")).toEqual({ decimal: ",", group: "." });
    expect(parseLocaleNumber("12,5", "de-DE")).toBe("12.5");
    expect(parseLocaleNumber("1.234,5", "de-DE")).toBe("1234.5");
    expect(parseLocaleNumber("1.234", "de-DE")).toBe("1234");
    expect(parseLocaleNumber("-0,05", "de-DE")).toBe("-0.05");
    expect(parseLocaleNumber(" 1,50 ", "de-DE")).toBe("1.50");
  });

  it("reads English grouping and point", () => {
    expect(parseLocaleNumber("1,234.5", "en-US")).toBe("1234.5");
    expect(parseLocaleNumber("1,234,567", "en-US")).toBe("1234567");
    expect(parseLocaleNumber("12.5", "en-US")).toBe("12.5");
  });

  it("takes the stored form in every locale when it is not a grouping there", () => {
    expect(parseLocaleNumber("12.5", "de-DE")).toBe("12.5");
    expect(parseLocaleNumber("-0.25", "fr-FR")).toBe("-0.25");
  });

  it("reads spaces and apostrophes typed for no-break spaces and typographic apostrophes", () => {
    expect(parseLocaleNumber("1 234,5", "fr-FR")).toBe("1234.5");
    expect(parseLocaleNumber("1\u202f234,5", "fr-FR")).toBe("1234.5");
    expect(parseLocaleNumber("1'234.5", "de-CH")).toBe("1234.5");
    expect(parseLocaleNumber("\u22125", "en-US")).toBe("-5");
  });

  it("refuses what is not a number in the locale", () => {
    for (const text of ["", "-", "12,", ",5", "abc", "1e3", "+5", "12,5", "1,23,4", "1,2345.0", "12.5.1", "0x10", "Infinity"]) {
      expect(parseLocaleNumber(text, "en-US"), text).toBeUndefined();
    }
    for (const text of ["12,5,1", "1.23,4", "12,,5", "1 2,5"]) expect(parseLocaleNumber(text, "de-DE"), text).toBeUndefined();
  });

  it("gives back every stored number from its plain and its grouped form, in every locale", () => {
    fc.assert(
      fc.property(decimal, fc.constantFrom(...LOCALES), fc.boolean(), (value, locale, useGrouping) => {
        expect(parseLocaleNumber(formatLocaleNumber(value, locale, { useGrouping }), locale)).toBe(value);
      }),
    );
  });

  it("answers only stored decimal strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...LOCALES), (text, locale) => {
        const parsed = parseLocaleNumber(text, locale);
        if (parsed !== undefined) expect(isDecimalString(parsed)).toBe(true);
      }),
    );
  });
});

describe("formatLocaleNumber", () => {
  it("writes stored numbers the locale's way and leaves other text alone", () => {
    expect(formatLocaleNumber("1234.5", "de-DE")).toBe("1234,5");
    expect(formatLocaleNumber("1234.5", "de-DE", { useGrouping: true })).toBe("1.234,5");
    expect(formatLocaleNumber("-1234567.25", "en-US", { useGrouping: true })).toBe("-1,234,567.25");
    expect(formatLocaleNumber("12,", "de-DE")).toBe("12,");
  });
});
