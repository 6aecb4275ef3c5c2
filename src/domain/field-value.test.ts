import { describe, expect, it } from "vitest";
import { MAX_VALUE_LENGTH, valueTextProblem } from "~/domain/data-value";
import { fieldValueProblem } from "~/domain/field-value";

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
