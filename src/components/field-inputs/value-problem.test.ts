import { describe, expect, it } from "vitest";
import { draftValueProblem } from "~/components/field-inputs/value-problem";
import { fieldHint } from "~/components/field-inputs/field-types";
import { fileHref, passportLinkHref } from "~/components/field-inputs/link-targets";

const share = { type: "NumericField" as const, options: { min: "0", max: "100", decimals: "1", required: "true" } };

describe("draftValueProblem", () => {
  it("checks numbers exactly as the server does", () => {
    expect(draftValueProblem(share, "12.5")).toBeUndefined();
    expect(draftValueProblem(share, "abc")).toBe("Must be a decimal number such as -12.5 (no exponent, no +).");
    expect(draftValueProblem(share, "100.1")).toBe("Must be at most 100.");
    expect(draftValueProblem(share, "1.25")).toBe("Must have at most 1 digits after the point.");
  });

  it("refuses an empty required value only", () => {
    expect(draftValueProblem(share, null)).toBe("Required: enter a value.");
    expect(draftValueProblem({ type: "TextField", options: {} }, null)).toBeUndefined();
  });
});

describe("fieldHint", () => {
  it("describes the options as written", () => {
    expect(fieldHint(share)).toBe("Between 0 and 100, up to 1 decimal");
    expect(fieldHint({ type: "NumericField", options: { min: "-60", decimals: "0" } })).toBe("At least -60, whole number");
    expect(fieldHint({ type: "TextField", options: { maxLength: "12" } })).toBe("Up to 12 characters");
    expect(fieldHint({ type: "TextField", options: {} })).toBeUndefined();
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
