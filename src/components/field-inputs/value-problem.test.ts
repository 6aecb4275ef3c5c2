import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { draftValueProblem } from "~/components/field-inputs/value-problem";
import { fieldHint } from "~/components/field-inputs/field-types";
import { fileHref, passportLinkHref } from "~/components/field-inputs/link-targets";
import en from "../../../messages/en.json";
import de from "../../../messages/de.json";
import fr from "../../../messages/fr.json";

const english = createTranslator({ locale: "en", messages: en, namespace: "fieldInput" });

const share = { type: "NumericField" as const, options: { min: "0", max: "100", decimals: "1", required: "true" } };

describe("draftValueProblem", () => {
  it("names a list's first refused entry in the words of a single value's problem", () => {
    const masses = { type: "NumericField" as const, options: { list: "true", max: "100" } };
    expect(draftValueProblem(masses, '["1","2"]', english, "en-US")).toBeUndefined();
    expect(draftValueProblem(masses, '["1","200"]', english, "en-US")).toBe("Entry 2: Enter a number of at most 100.");
    expect(draftValueProblem(masses, '["1",""]', english, "en-US")).toBe("Entry 2 is empty: fill it in or remove it.");
  });

  it("checks numbers exactly as the server does", () => {
    expect(draftValueProblem(share, "12.5", english)).toBeUndefined();
    for (const value of ["abc", "100.1", "1.25", "12,5"]) {
      expect(draftValueProblem(share, value, english, "en-US")).toBe("Enter a number from 0 to 100 with at most 1 decimal.");
    }
  });

  it("checks each side of a range in the field's own terms, then the order", () => {
    const range = { type: "NumericField" as const, options: { ...share.options, range: "true" } };
    expect(draftValueProblem(range, '{"min":"10","max":"20.5"}', english, "en-US")).toBeUndefined();
    expect(draftValueProblem(range, '{"min":null,"max":"100.1"}', english, "en-US")).toBe(
      "Enter a number from 0 to 100 with at most 1 decimal.",
    );
    expect(draftValueProblem(range, '{"min":"20","max":"10"}', english, "en-US")).toBe("The minimum is above the maximum.");
    const dates = { type: "TextField" as const, options: { range: "true", format: "date" } };
    expect(draftValueProblem(dates, '{"min":"2024-02-30","max":null}', english)).toBe(
      "Must be a date written yyyy-mm-dd, e.g. 2025-03-31.",
    );
  });

  it("says what to enter in the field's own terms and the person's locale", () => {
    const plain = { type: "NumericField" as const, options: {} };
    expect(draftValueProblem(plain, "x", english, "en-US")).toBe("Enter a number, for example 12.5.");
    expect(draftValueProblem(plain, "x", english, "de-DE")).toBe("Enter a number, for example 12,5.");
    const weight = { type: "NumericField" as const, options: { min: "0", max: "99.5", decimals: "2" } };
    expect(draftValueProblem(weight, "x", english, "de-DE")).toBe("Enter a number from 0 to 99,5 with at most 2 decimals.");
    expect(draftValueProblem({ type: "NumericField", options: { min: "-60", decimals: "0" } }, "1.5", english, "en-US")).toBe(
      "Enter a whole number of at least -60.",
    );
    expect(draftValueProblem({ type: "NumericField", options: { decimals: "0" } }, "x", english, "en-US")).toBe(
      "Enter a whole number, for example 12.",
    );
  });

  it("refuses values outside the choices and dates that are not dates", () => {
    const status = { type: "TextField" as const, options: { choices: "Original|Re-used" } };
    expect(draftValueProblem(status, "Re-used", english)).toBeUndefined();
    expect(draftValueProblem(status, "re-used", english)).toBe("Must be one of: Original, Re-used.");
    const date = { type: "TextField" as const, options: { format: "date" } };
    expect(draftValueProblem(date, "2024-02-29", english)).toBeUndefined();
    expect(draftValueProblem(date, "2023-02-29", english)).toBe("Must be a date written yyyy-mm-dd, e.g. 2025-03-31.");
    const measured = { type: "TextField" as const, options: { format: "dateTime" } };
    expect(draftValueProblem(measured, "2025-03-31T14:05:00+02:00", english)).toBeUndefined();
    expect(draftValueProblem(measured, "2025-03-31 14:05", english)).toBe(
      "Must be a date and time written yyyy-mm-ddThh:mm:ss, e.g. 2025-03-31T14:05:00, with a zone (Z or ±hh:mm) or without.",
    );
  });

  it("speaks the member's language", () => {
    const german = createTranslator({ locale: "de", messages: de, namespace: "fieldInput" });
    expect(draftValueProblem(share, "x", german, "de-DE")).toBe(
      "Geben Sie eine Zahl von 0 bis 100 mit höchstens 1 Nachkommastelle ein.",
    );
    expect(draftValueProblem({ type: "NumericField", options: {} }, "x", german, "de-DE")).toBe(
      "Geben Sie eine Zahl ein, zum Beispiel 12,5.",
    );
    expect(draftValueProblem({ type: "TextField", options: { choices: "A|B" } }, "C", german)).toBe(
      "Muss einer dieser Werte sein: A, B.",
    );
    expect(draftValueProblem({ type: "FileField", options: {} }, "javascript:x", english)).toBe(
      "Must be an http(s) URL or a relative file reference (at most 2048 characters).",
    );
    expect(draftValueProblem({ type: "TextField", options: { maxLength: "3" } }, "abcd", english)).toBe(
      "Must be at most 3 characters (has 4).",
    );
  });

  it("lets an empty value be saved, required or not (completeness reports it)", () => {
    expect(draftValueProblem(share, null, english)).toBeUndefined();
    expect(draftValueProblem({ type: "TextField", options: {} }, null, english)).toBeUndefined();
  });
});

describe("fieldHint", () => {
  it("describes the options as written", () => {
    expect(fieldHint(share, english)).toBe("Between 0 and 100, up to 1 decimal");
    expect(fieldHint({ type: "NumericField", options: { min: "-60", decimals: "0" } }, english)).toBe("At least -60, whole number");
    expect(fieldHint({ type: "TextField", options: { maxLength: "12" } }, english)).toBe("Up to 12 characters");
    expect(fieldHint({ type: "TextField", options: {} }, english)).toBeUndefined();
    expect(fieldHint({ type: "TextField", options: { choices: "A | B|C" } }, english)).toBe("One of: A, B, C");
    expect(fieldHint({ type: "TextField", options: { format: "date" } }, english)).toBe("A date: day, month and year");
    expect(fieldHint({ type: "TextField", options: { format: "dateTime" } }, english)).toMatch(/^A date and time, e\.g\. /);
  });

  it("speaks the member's language", () => {
    const french = createTranslator({ locale: "fr", messages: fr, namespace: "fieldInput" });
    expect(fieldHint(share, french)).toBe("Entre 0 et 100, jusqu’à 1 décimale");
    expect(fieldHint({ type: "TextField", options: { maxLength: "1000" } }, english)).toBe("Up to 1,000 characters");
  });
});

describe("link targets", () => {
  const org = "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30";
  it("links a passport UUID to the model page and a URL to itself", () => {
    expect(passportLinkHref("A52D5862-CB7D-400D-BD36-601905EC0BCC", org)).toBe(
      `/orgs/${org}/models/a52d5862-cb7d-400d-bd36-601905ec0bcc`,
    );
    expect(passportLinkHref("https://example.com/p/1", org)).toBe("https://example.com/p/1");
    expect(passportLinkHref("javascript:alert(1)", org)).toBeUndefined();
    expect(passportLinkHref("not a link", org)).toBeUndefined();
  });

  it("links files only when they are http(s) URLs", () => {
    expect(fileHref("https://example.com/a.pdf")).toBe("https://example.com/a.pdf");
    expect(fileHref("files/a.pdf")).toBeUndefined();
    expect(fileHref("javascript:alert(1)")).toBeUndefined();
  });
});
