import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  inexactJsonNumber,
  firstInexactNumber,
  compareDecimals,
  fractionDigits,
  isDecimalString,
  toDecimalString,
} from "~/domain/decimal";

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

describe("inexactJsonNumber", () => {
  it.each([
    "[0.1, 1.50, -0.0, 42]",
    "[1e21, 1E+2, 1e-7, 2.5e-3, 0e999999]",
    "[9007199254740992, 0.30000000000000004, 1.7976931348623157e308]",
    // Inside strings digits are text: never read as numbers, escaped quotes included.
    '["12345678901234567890", "a\\" 1.00000000000000000001", "x\\\\", 7]',
    '{"value": "2f1c3a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "row": 0}',
  ])("finds every number of %s exact", (json) => {
    expect(inexactJsonNumber(json)).toBeUndefined();
  });

  it.each([
    ["[1.00000000000000000001]", "1.00000000000000000001"],
    ['{"Weight": 12345678901234567890}', "12345678901234567890"],
    ["[9007199254740993]", "9007199254740993"],
    ['["x\\\\", 0.3000000000000000444089209850062616169452667236328125]', "0.3000000000000000444089209850062616169452667236328125"],
    ["[123456789012345678901234567890e-10]", "123456789012345678901234567890e-10"],
    ["[1e400]", "1e400"],
    ["[-1e-400]", "-1e-400"],
    ["[2, 1E400]", "1E400"],
  ])("refuses %s, naming %s and the precision", (json, number) => {
    const inexact = inexactJsonNumber(json);
    expect(inexact?.number).toBe(number);
    expect(inexact?.message).toContain("15 significant digits");
    expect(inexact?.message).toContain(`"${number}"`);
  });

  it("finds the same number as reading every token, for any text of numbers, strings and nesting", () => {
    const digits = (minLength: number, maxLength: number) =>
      fc.array(fc.constantFrom(..."0123456789"), { minLength, maxLength }).map((chars) => chars.join(""));
    const number = fc
      .tuple(
        fc.boolean(),
        fc.oneof(
          fc.constant("0"),
          fc.tuple(fc.constantFrom(..."123456789"), digits(0, 24)).map(([a, b]) => a + b),
        ),
      )
      .chain(([minus, integer]) =>
        fc
          .tuple(fc.option(digits(1, 22)), fc.option(fc.tuple(fc.constantFrom("e", "E", "e+", "e-"), digits(1, 3))))
          .map(
            ([fraction, exponent]) =>
              `${minus ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}${exponent ? exponent.join("") : ""}`,
          ),
      );
    const text = fc
      .array(fc.constantFrom("1", "9", ".", "e", "E", '"', "\\", ",", " "), { maxLength: 30 })
      .map((parts) => JSON.stringify(parts.join("")));
    const element: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        number,
        text,
        fc.constantFrom("true", "false", "null"),
        fc.array(tie("value"), { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
        fc.array(fc.tuple(text, tie("value")), { maxLength: 2 }).map((pairs) => `{${pairs.map(([k, v]) => `${k}:${v}`).join(",")}}`),
      ),
    })).value;
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), (elements) => {
        const json = `[${elements.join(",")}]`;
        expect(inexactJsonNumber(json)).toEqual(firstInexactNumber(json));
      }),
    );
  });
});
