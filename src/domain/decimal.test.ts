import { describe, expect, it } from "vitest";
import { compareDecimals, fractionDigits, isDecimalString, toDecimalString } from "~/domain/decimal";

describe("toDecimalString", () => {
  it.each([
    [1e21, "1000000000000000000000"],
    [1e-7, "0.0000001"],
    [0.1, "0.1"],
    [-0, "0"],
    [0, "0"],
    [42, "42"],
    [-12.5, "-12.5"],
    [1.5e-10, "0.00000000015"],
    [-1.2345e25, "-12345000000000000000000000"],
    [123456789012345680000, "123456789012345680000"],
    [Number.MAX_VALUE, `17976931348623157${"0".repeat(292)}`],
    [5e-324, `0.${"0".repeat(323)}5`],
  ])("writes %s as %s", (n, expected) => {
    expect(toDecimalString(n)).toBe(expected);
    expect(isDecimalString(toDecimalString(n))).toBe(true);
    expect(Number(toDecimalString(n))).toBe(n === 0 ? 0 : n);
  });

  it("refuses non-finite numbers", () => {
    expect(() => toDecimalString(Number.NaN)).toThrow(RangeError);
    expect(() => toDecimalString(Infinity)).toThrow(RangeError);
  });
});

describe("isDecimalString", () => {
  it.each(["0", "-0", "12", "-12.50", "0.001", "007"])("accepts %s", (s) => expect(isDecimalString(s)).toBe(true));
  it.each(["", "+1", "1e5", ".5", "5.", "1,5", " 1", "NaN", "Infinity", "--1", "0x10"])("rejects %j", (s) =>
    expect(isDecimalString(s)).toBe(false),
  );
});

describe("compareDecimals", () => {
  it.each([
    ["1", "2", -1],
    ["2", "1", 1],
    ["1.50", "1.5", 0],
    ["-0", "0", 0],
    ["-0.0", "0.00", 0],
    ["007", "7", 0],
    ["-1", "1", -1],
    ["-2", "-1", -1],
    ["-1.05", "-1.5", 1],
    ["10", "9.999", 1],
    ["1000000000000000000001", "1000000000000000000000", 1],
    ["0.30000000000000000001", "0.3", 1],
  ] as const)("compares %s with %s as %i", (a, b, expected) => {
    expect(compareDecimals(a, b)).toBe(expected);
  });
});

describe("fractionDigits", () => {
  it("counts digits after the point", () => {
    expect(fractionDigits("12")).toBe(0);
    expect(fractionDigits("-1.250")).toBe(3);
  });
});
