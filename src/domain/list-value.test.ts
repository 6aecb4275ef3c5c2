import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDataValue } from "~/domain/data-value";
import { fieldValueProblem } from "~/domain/field-value";
import { fieldOptionIssues, isListField } from "~/domain/field-options";
import { answeredValue, decodeListValue, encodeListValue, listEntries, listTextOf } from "~/domain/list-value";

const SECTION = "00000000-0000-4000-8000-000000000001";
const FIELD = "00000000-0000-4000-8000-000000000002";

describe("list codec", () => {
  it("round-trips any entries through the stored text, in order", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 20 }), (entries) => {
        const stored = encodeListValue(entries);
        expect(stored).not.toBeNull();
        expect(decodeListValue(stored as string)).toEqual(entries);
        expect(listEntries(stored)).toEqual(entries);
      }),
    );
  });

  it("round-trips the API form: an array in, the same array answered", () => {
    const field = { type: "TextField" as const, options: { list: "true" } };
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { maxLength: 20 }), (entries) => {
        const { value } = normalizeDataValue({ value: entries, dataSectionId: SECTION, dataFieldId: FIELD, row: 0 });
        expect(answeredValue(field, value)).toEqual(entries.length === 0 ? null : entries);
      }),
    );
  });

  it("takes a list's text as it is and any other text as one entry (a key typed over a list cell)", () => {
    expect(listTextOf("")).toBe("");
    expect(listTextOf('["A","B"]')).toBe('["A","B"]');
    expect(listTextOf("D")).toBe('["D"]');
    expect(listTextOf("[")).toBe('["["]');
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((text) => decodeListValue(text) === undefined),
        (text) => {
          expect(listEntries(listTextOf(text))).toEqual([text]);
        },
      ),
    );
  });

  it("stores the empty list as no value, so it never counts as filled", () => {
    expect(encodeListValue([])).toBeNull();
    expect(normalizeDataValue({ value: [], dataSectionId: SECTION, dataFieldId: FIELD, row: 0 }).value).toBeNull();
  });

  it("stores numbers as their decimal strings", () => {
    expect(normalizeDataValue({ value: [1.5, "2"], dataSectionId: SECTION, dataFieldId: FIELD, row: 0 }).value).toBe('["1.5","2"]');
  });

  it.each(["", "[]", "a", '["a",1]', '[ "a"]', '{"0":"a"}', "[null]", '["a"'])("reads %j as no list", (text) => {
    expect(decodeListValue(text)).toBeUndefined();
  });
});

describe("list field values", () => {
  const list = (type: "TextField" | "NumericField" | "FileField" | "ProductPassportLink", options: Record<string, string> = {}) => ({
    type,
    options: { list: "true", ...options },
  });

  it("checks every entry by the field's own rules", () => {
    expect(fieldValueProblem(list("NumericField", { max: "10" }), '["1","10"]')).toBeUndefined();
    expect(fieldValueProblem(list("NumericField", { max: "10" }), '["1","11"]')).toBe('entry 2 ("11") must be at most 10');
    expect(fieldValueProblem(list("TextField", { format: "date" }), '["2024-02-29","2023-02-29"]')).toBe(
      'entry 2 ("2023-02-29") must be a date written yyyy-mm-dd, e.g. 2025-03-31',
    );
    expect(fieldValueProblem(list("TextField", { choices: "A|B" }), '["A","C"]')).toBe('entry 2 ("C") must be one of: A, B');
    expect(fieldValueProblem(list("FileField"), '["files/a.pdf","javascript:x"]')).toMatch(/^entry 2 /);
    expect(fieldValueProblem(list("ProductPassportLink"), '["https://example.com/p/1"]')).toBeUndefined();
  });

  it("refuses text that is not a list, and empty entries", () => {
    expect(fieldValueProblem(list("TextField"), "plain")).toMatch(/^is a list: send its entries as a JSON array/);
    expect(fieldValueProblem(list("TextField"), '["a"," "]')).toBe("entry 2 is empty; leave it out");
  });

  it('lets a multilingual list hold "" where an entry has no text in that language, not only those', () => {
    const field = list("TextField", { multilingual: "true" });
    expect(fieldValueProblem(field, '["","zweite"]')).toBeUndefined();
    expect(fieldValueProblem(field, '["",""]')).toBe("has no entry with content; send null for none");
  });

  it("leaves a field without the option a single value", () => {
    expect(isListField({ type: "TextField", options: {} })).toBe(false);
    expect(fieldValueProblem({ type: "TextField", options: {} }, '["a"]')).toBeUndefined();
    expect(answeredValue({ type: "TextField", options: {} }, '["a"]')).toBe('["a"]');
  });

  it('validates the option itself: "true" or "false"', () => {
    expect(fieldOptionIssues({ type: "FileField", options: { list: "yes" } }, "$.options")).toEqual([
      { path: "$.options.list", message: 'Option "list" must be "true" or "false"' },
    ]);
    expect(fieldOptionIssues({ type: "NumericField", options: { list: "true", min: "0" } }, "$.options")).toEqual([]);
  });
});
