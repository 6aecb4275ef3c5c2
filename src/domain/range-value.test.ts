import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDataValue } from "~/domain/data-value";
import { fieldOptionIssues, readFieldOptions } from "~/domain/field-options";
import { fieldValueProblem } from "~/domain/field-value";
import { answeredValue } from "~/domain/list-value";
import { decodeRange, encodeRange, isRangeField, rangeSidesOf } from "~/domain/range-value";

const side = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null });
const number = { type: "NumericField" as const, options: { range: "true", min: "0", max: "100", decimals: "1" } };
const date = { type: "TextField" as const, options: { range: "true", format: "date" } };
const text = { type: "TextField" as const, options: { range: "true", maxLength: "5" } };

describe("range codec", () => {
  it("round-trips every range: encode → decode gives the same sides, and the text is canonical", () => {
    fc.assert(
      fc.property(side, side, (min, max) => {
        const stored = encodeRange({ min, max });
        if (min === null && max === null) {
          expect(stored).toBeNull();
          return;
        }
        expect(decodeRange(stored!)).toEqual({ min, max });
        expect(encodeRange(decodeRange(stored!)!)).toBe(stored);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips the API form: a client's object (numbers, absent sides) → stored → the same object", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer(), { nil: undefined }),
        fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined }),
        (min, max) => {
          const sent = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
          const stored = normalizeDataValue({ value: sent, dataSectionId: "s", dataFieldId: "f", row: 0 }).value;
          if (min === undefined && max === undefined) {
            expect(stored).toBeNull();
            return;
          }
          const answered = answeredValue(number, stored);
          expect(answered).toEqual({
            min: min === undefined ? null : String(min),
            max: max === undefined ? null : rangeSidesOf({ max })!.max,
          });
          // The decimal text is the same number (−0 reads back as 0).
          expect(Number((answered as { max: string | null }).max ?? max ?? 0) === (max ?? 0)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("stores the exact text canonically: keys in order, empty sides as null", () => {
    expect(encodeRange({ min: "10", max: null })).toBe('{"min":"10","max":null}');
    expect(rangeSidesOf({ max: 20.5, min: "" })).toEqual({ min: null, max: "20.5" });
    expect(decodeRange('{"max":"2","min":"1"}')).toBeUndefined();
    expect(decodeRange('{"min":1,"max":2}')).toBeUndefined();
    expect(decodeRange("1..2")).toBeUndefined();
    expect(rangeSidesOf({ min: 1, extra: 2 })).toBeUndefined();
    expect(rangeSidesOf([1, 2])).toBeUndefined();
  });
});

describe("range field values", () => {
  it("applies the field's rules to each side: bounds and decimals of numbers, dates, maxLength", () => {
    expect(fieldValueProblem(number, encodeRange({ min: "10", max: "20.5" })!)).toBeUndefined();
    expect(fieldValueProblem(number, encodeRange({ min: null, max: "20" })!)).toBeUndefined();
    expect(fieldValueProblem(number, encodeRange({ min: "-1", max: null })!)).toBe("min must be at least 0");
    expect(fieldValueProblem(number, encodeRange({ min: "1", max: "2.25" })!)).toBe("max must have at most 1 digits after the point");
    expect(fieldValueProblem(number, encodeRange({ min: "x", max: null })!)).toMatch(/^min must be a decimal number/);
    expect(fieldValueProblem(date, encodeRange({ min: "2024-02-29", max: "2024-03-01" })!)).toBeUndefined();
    expect(fieldValueProblem(date, encodeRange({ min: "2023-02-29", max: null })!)).toMatch(/^min must be a date/);
    expect(fieldValueProblem(text, encodeRange({ min: "zz", max: "abcdef" })!)).toBe("max must be at most 5 characters (has 6)");
  });

  it("refuses min above max for numbers (exactly) and dates, not for text", () => {
    expect(fieldValueProblem(number, encodeRange({ min: "20", max: "10" })!)).toBe("min (20) is above max (10)");
    expect(fieldValueProblem(number, encodeRange({ min: "9.5", max: "10" })!)).toBeUndefined();
    expect(fieldValueProblem(date, encodeRange({ min: "2025-01-01", max: "2024-12-31" })!)).toBe(
      "min (2025-01-01) is above max (2024-12-31)",
    );
    expect(fieldValueProblem(text, encodeRange({ min: "z", max: "a" })!)).toBeUndefined();
  });

  it("refuses a value that is not the stored range form", () => {
    for (const value of ["10", "10..20", '{"min":10}', '{"max":"2","min":"1"}']) {
      expect(fieldValueProblem(number, value)).toBe('must be a range {"min": …, "max": …} (either side may be null)');
    }
  });
});

describe("range option", () => {
  it("applies to number and text fields, not with multilingual, choices or multiline", () => {
    expect(fieldOptionIssues(number, "$")).toEqual([]);
    expect(fieldOptionIssues(date, "$")).toEqual([]);
    expect(isRangeField(number)).toBe(true);
    expect(fieldOptionIssues({ type: "FileField", options: { range: "true" } }, "$").map((i) => i.path)).toEqual(["$.range"]);
    for (const other of [{ multilingual: "true" }, { choices: "A|B" }, { multiline: "true" }] as Record<string, string>[]) {
      const field = { type: "TextField" as const, options: { range: "true", ...other } };
      expect(fieldOptionIssues(field, "$").map((i) => i.path)).toContain("$.range");
      expect(readFieldOptions(field).range).toBeUndefined();
    }
    expect(fieldOptionIssues({ type: "TextField", options: { range: "yes" } }, "$")[0]?.message).toBe(
      'Option "range" must be "true" or "false"',
    );
  });
});
