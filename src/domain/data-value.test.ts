import { describe, expect, it } from "vitest";
import { normalizeDataValue, tripleKey, ZDataValueInput, ZDataValuesRequest } from "~/domain/data-value";

const S = "00000000-0000-4000-8000-000000000001";
const F = "00000000-0000-4000-8000-000000000002";
const base = { dataSectionId: S, dataFieldId: F, row: 0 };

describe("ZDataValueInput", () => {
  it("accepts strings, numbers and null", () => {
    for (const value of ["x", "", 12.5, null]) expect(ZDataValueInput.safeParse({ ...base, value }).success).toBe(true);
  });

  it.each([
    ["a boolean value", { ...base, value: true }],
    ["an object value that is not a range", { ...base, value: { from: 1 } }],
    ["a range with a side of the wrong type", { ...base, value: { min: true } }],
    ["a missing value", { dataSectionId: S, dataFieldId: F, row: 0 }],
    ["NaN", { ...base, value: Number.NaN }],
    ["Infinity", { ...base, value: Infinity }],
    ["a too long string", { ...base, value: "x".repeat(10_001) }],
    ["a negative row", { ...base, value: null, row: -1 }],
    ["a fractional row", { ...base, value: null, row: 1.5 }],
    ["a too large row", { ...base, value: null, row: 1_000_001 }],
    ["a non-UUID section", { ...base, value: null, dataSectionId: "s1" }],
    ["an unknown key", { ...base, value: null, extra: 1 }],
  ])("rejects %s", (_, input) => {
    expect(ZDataValueInput.safeParse(input).success).toBe(false);
  });

  it("explains a value of the wrong type in one sentence", () => {
    const result = ZDataValueInput.safeParse({ ...base, value: true });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [
        ["value"],
        'value must be a string (at most 10000 characters), a finite number, a range {"min": …, "max": …}, null, or for a list field an array of at most 1000 such entries',
      ],
    ]);
  });
});

describe("ZDataValuesRequest", () => {
  it("requires at least one value", () => {
    expect(ZDataValuesRequest.safeParse([]).success).toBe(false);
    expect(ZDataValuesRequest.safeParse([{ ...base, value: null }]).success).toBe(true);
  });
});

describe("normalizeDataValue", () => {
  it.each([
    [1e21, "1000000000000000000000"],
    [0.1, "0.1"],
    [-0, "0"],
    [1e-7, "0.0000001"],
    [42, "42"],
  ])("stores the number %s as %j", (value, expected) => {
    expect(normalizeDataValue({ ...base, value })).toEqual({ ...base, value: expected });
  });

  it("keeps strings and null as they are", () => {
    expect(normalizeDataValue({ ...base, value: "1e21" }).value).toBe("1e21");
    expect(normalizeDataValue({ ...base, value: null }).value).toBeNull();
  });
});

describe("tripleKey", () => {
  it("joins section, field, row and language", () => {
    expect(tripleKey({ ...base, row: 3 })).toBe(`${S}|${F}|3`);
    expect(tripleKey({ ...base, row: 3, language: "de" })).toBe(`${S}|${F}|3|de`);
  });
});

describe("ZDataValueInput text", () => {
  const base = { dataSectionId: "10000000-0000-4000-8000-000000000001", dataFieldId: "10000000-0000-4000-8000-000000000011", row: 0 };
  it("accepts emoji (surrogate pairs) and refuses a lone surrogate", () => {
    expect(ZDataValueInput.safeParse({ ...base, value: "battery 🔋 ok" }).success).toBe(true);
    expect(ZDataValueInput.safeParse({ ...base, value: "cut \ud83d" }).success).toBe(false);
    expect(ZDataValueInput.safeParse({ ...base, value: "\udc00 first" }).success).toBe(false);
  });
});
