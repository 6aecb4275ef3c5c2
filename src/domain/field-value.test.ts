import { types as aas, verification } from "@aas-core-works/aas-core3.0-typescript";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_VALUE_LENGTH, valueTextProblem } from "~/domain/data-value";
import { fieldValueProblem, isXsDateTime } from "~/domain/field-value";

describe("fieldValueProblem", () => {
  describe("NumericField", () => {
    const numeric = (options: Record<string, string> = {}) => ({ type: "NumericField" as const, options });

    it.each(["0", "-0", "12.5", "-3", "1000000000000000000000"])("accepts %s", (value) => {
      expect(fieldValueProblem(numeric(), value)).toBeUndefined();
    });

    it.each(["+1", "1e3", "abc", ".5", "1.", " 1", "NaN"])("rejects %j", (value) => {
      expect(fieldValueProblem(numeric(), value)).toBe("must be a decimal number such as -12.5 (no exponent, no +)");
    });

    it("applies min and max inclusively", () => {
      const field = numeric({ min: "0", max: "10.5" });
      expect(fieldValueProblem(field, "0")).toBeUndefined();
      expect(fieldValueProblem(field, "10.50")).toBeUndefined();
      expect(fieldValueProblem(field, "-0.01")).toBe("must be at least 0");
      expect(fieldValueProblem(field, "10.51")).toBe("must be at most 10.5");
    });

    it("compares beyond double precision", () => {
      expect(fieldValueProblem(numeric({ max: "1000000000000000000000" }), "1000000000000000000001")).toBe(
        "must be at most 1000000000000000000000",
      );
    });

    it("applies decimals", () => {
      expect(fieldValueProblem(numeric({ decimals: "2" }), "1.25")).toBeUndefined();
      expect(fieldValueProblem(numeric({ decimals: "2" }), "1.255")).toBe("must have at most 2 digits after the point");
      expect(fieldValueProblem(numeric({ decimals: "0" }), "1.5")).toBe("must be a whole number");
    });
  });

  describe("TextField", () => {
    it("accepts any text without maxLength and applies maxLength when set", () => {
      expect(fieldValueProblem({ type: "TextField", options: {} }, "x".repeat(10_000))).toBeUndefined();
      expect(fieldValueProblem({ type: "TextField", options: { maxLength: "3" } }, "abc")).toBeUndefined();
      expect(fieldValueProblem({ type: "TextField", options: { maxLength: "3" } }, "abcd")).toBe(
        "must be at most 3 characters (has 4)",
      );
    });
  });

  describe("TextField of format dateTime (xs:dateTime)", () => {
    const dateTime = { type: "TextField" as const, options: { format: "dateTime" } };
    const problem = (value: string) => fieldValueProblem(dateTime, value);

    it.each([
      "2025-03-31T14:05:00",
      "2025-03-31T14:05:00Z",
      "2025-03-31T14:05:00+02:00",
      "2025-03-31T14:05:00.5-11:30",
      "2024-02-29T23:59:59.123456789+14:00",
      "2024-02-29T23:59:59.123456789012-00:00",
      "0100-01-01T00:00:00-14:00",
    ])("accepts %s, and so does the AAS reference verifier", (value) => {
      expect(problem(value)).toBeUndefined();
      expect(verification.valueConsistentWithXsdType(value, aas.DataTypeDefXsd.DateTime)).toBe(true);
    });

    it.each([
      "2025-03-31",
      "2025-03-31 14:05:00",
      "2025-03-31T14:05",
      "2023-02-29T12:00:00",
      "2025-03-31T25:00:00",
      "2025-03-31T14:60:00",
      "2025-03-31T14:05:60",
      "2025-03-31T14:05:00+14:30",
      "2025-03-31T14:05:00+0200",
      "2025-03-31T14:05:00.Z",
      "31.03.2025 14:05",
      "yesterday",
    ])("refuses %j with the form to write", (value) => {
      expect(problem(value)).toMatch(/^must be a date and time written yyyy-mm-ddThh:mm:ss/);
    });

    it("accepts nothing the AAS reference verifier refuses", () => {
      // Each part a little past its bounds, so the edges (month 13, day 32, hour 24, second 60) are drawn too.
      const part = (min: number, max: number, width: number) => fc.integer({ min, max }).map((n) => String(n).padStart(width, "0"));
      const candidate = fc
        .tuple(part(0, 9999, 4), part(0, 13, 2), part(0, 32, 2), part(0, 24, 2), part(0, 60, 2), part(0, 60, 2))
        .chain(([y, mo, d, h, mi, sec]) =>
          fc
            .tuple(
              fc.constantFrom("", ".5", ".123456789", ".1234567890123"),
              fc.constantFrom("", "Z", "+00:00", "-14:00", "+13:59", `+${h}:${mi}`),
            )
            .map(([fraction, zone]) => `${y}-${mo}-${d}T${h}:${mi}:${sec}${fraction}${zone}`),
        );
      fc.assert(
        fc.property(candidate, (value) => {
          if (isXsDateTime(value)) expect(verification.valueConsistentWithXsdType(value, aas.DataTypeDefXsd.DateTime)).toBe(true);
        }),
        { numRuns: 2_000 },
      );
    });

    it("orders a range's sides as instants when both or neither name a zone", () => {
      const range = { type: "TextField" as const, options: { format: "dateTime", range: "true" } };
      const sides = (min: string, max: string) => JSON.stringify({ min, max });
      expect(fieldValueProblem(range, sides("2025-03-31T14:00:00+02:00", "2025-03-31T12:30:00Z"))).toBeUndefined();
      expect(fieldValueProblem(range, sides("2025-03-31T14:00:00Z", "2025-03-31T15:00:00+02:00"))).toBe(
        "min (2025-03-31T14:00:00Z) is above max (2025-03-31T15:00:00+02:00)",
      );
      expect(fieldValueProblem(range, sides("2025-04-01T00:00:00", "2025-03-31T23:59:59.999999"))).toMatch(/is above max/);
      // One side zoned, the other not: XML Schema leaves their order open, so no order is asked for.
      expect(fieldValueProblem(range, sides("2025-04-01T00:00:00Z", "2025-03-31T23:00:00"))).toBeUndefined();
      expect(fieldValueProblem(range, sides("2025-04-01T00:00:00Z", "later"))).toMatch(/^max must be a date and time/);
    });
  });

  describe("ProductPassportLink", () => {
    const link = { type: "ProductPassportLink" as const, options: {} };
    it.each(["3f2504e0-4f89-11d3-9a0c-0305e82c3301", "https://passports.example.com/p/1", "http://localhost:3000/x"])(
      "accepts %s",
      (value) => expect(fieldValueProblem(link, value)).toBeUndefined(),
    );
    it.each(["not a link", "javascript:alert(1)", "ftp://example.com/x", "3f2504e0-4f89-11d3-9a0c", "https://"])(
      "rejects %j",
      (value) => expect(fieldValueProblem(link, value)).toBe("must be a product passport UUID or an http(s) URL"),
    );
  });

  describe("FileField", () => {
    const file = { type: "FileField" as const, options: {} };
    it.each(["https://files.example.com/manual.pdf", "files/2024/manual.pdf", "manual v2.pdf", "/uploads/a.png"])(
      "accepts %s",
      (value) => expect(fieldValueProblem(file, value)).toBeUndefined(),
    );
    it.each([
      "",
      "   ",
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example.com/x",
      "\\\\evil\\share",
      " a.pdf",
      "a\nb",
      "x".repeat(2049),
    ])("rejects %j", (value) =>
      expect(fieldValueProblem(file, value)).toMatch(/^must be an http\(s\) URL or a relative file reference/),
    );
  });
});

describe("text no field can store", () => {
  const fields = [
    { type: "TextField" as const, options: {} },
    { type: "NumericField" as const, options: {} },
    { type: "FileField" as const, options: {} },
    { type: "ProductPassportLink" as const, options: {} },
  ];
  it.each([
    ["x".repeat(MAX_VALUE_LENGTH + 1), `at most ${MAX_VALUE_LENGTH} characters (has ${MAX_VALUE_LENGTH + 1})`],
    ["a\u0000b", "must not contain the NUL character (U+0000)"],
    ["a\ud83d", "must be valid Unicode text (it has a lone surrogate)"],
    ["\ude00b", "must be valid Unicode text (it has a lone surrogate)"],
  ])("refuses %j for every field type, with the same reason as valueTextProblem", (value, reason) => {
    expect(valueTextProblem(value)).toContain(reason);
    for (const field of fields) expect(fieldValueProblem(field, value)).toBe(valueTextProblem(value));
  });

  it("keeps a text field's value of exactly the limit, and a pair of surrogates", () => {
    expect(fieldValueProblem(fields[0]!, "x".repeat(MAX_VALUE_LENGTH))).toBeUndefined();
    expect(fieldValueProblem(fields[0]!, "\ud83d\ude00")).toBeUndefined();
  });
});
