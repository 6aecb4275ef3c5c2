import { describe, expect, it } from "vitest";
import { fieldOptionIssues, readFieldOptions } from "~/domain/field-options";

const path = "$.sections[0].dataFields[0].options";

describe("fieldOptionIssues", () => {
  it("accepts valid options and keeps unknown keys without complaint", () => {
    const options = {
      required: "true",
      min: "-1.5",
      max: "10",
      decimals: "2",
      unit: "kg",
      placeholder: "Weight",
      erpCode: "X1",
    };
    expect(fieldOptionIssues({ type: "NumericField", options }, path)).toEqual([]);
    expect(fieldOptionIssues({ type: "TextField", options: { maxLength: "200", required: "false" } }, path)).toEqual([]);
  });

  it('requires "true" or "false" for required', () => {
    expect(fieldOptionIssues({ type: "TextField", options: { required: "yes" } }, path)).toEqual([
      { path: `${path}.required`, message: 'Option "required" must be "true" or "false"' },
    ]);
  });

  it("rejects min and max that are not decimal numbers", () => {
    const issues = fieldOptionIssues({ type: "NumericField", options: { min: "1e3", max: "abc" } }, path);
    expect(issues.map((i) => i.path)).toEqual([`${path}.min`, `${path}.max`]);
  });

  it("rejects max below min", () => {
    expect(fieldOptionIssues({ type: "NumericField", options: { min: "10", max: "9.99" } }, path)).toEqual([
      { path: `${path}.max`, message: 'Option "max" (9.99) is below "min" (10)' },
    ]);
  });

  it("accepts min equal to max", () => {
    expect(fieldOptionIssues({ type: "NumericField", options: { min: "5", max: "5.0" } }, path)).toEqual([]);
  });

  it("rejects number options on other types and maxLength on numbers", () => {
    const issues = fieldOptionIssues({ type: "TextField", options: { min: "1", decimals: "2" } }, path);
    expect(issues).toEqual([
      { path: `${path}.min`, message: 'Option "min" applies to NumericField only, not to TextField' },
      { path: `${path}.decimals`, message: 'Option "decimals" applies to NumericField only, not to TextField' },
    ]);
    expect(fieldOptionIssues({ type: "NumericField", options: { maxLength: "3" } }, path).map((i) => i.path)).toEqual([
      `${path}.maxLength`,
    ]);
  });

  it.each(["0", "-1", "1.5", "abc", "", "99999999999999999999"])("rejects maxLength %j", (maxLength) => {
    expect(fieldOptionIssues({ type: "TextField", options: { maxLength } }, path)).toHaveLength(1);
  });

  it.each([
    ["0", 0],
    ["10", 0],
    ["11", 1],
    ["-1", 1],
    ["2.0", 1],
  ])("checks decimals %j", (decimals, count) => {
    expect(fieldOptionIssues({ type: "NumericField", options: { decimals } }, path)).toHaveLength(count);
  });

  it("limits unit to 32 and placeholder to 200 characters", () => {
    expect(fieldOptionIssues({ type: "FileField", options: { unit: "u".repeat(32), placeholder: "p".repeat(200) } }, path)).toEqual(
      [],
    );
    const issues = fieldOptionIssues({ type: "FileField", options: { unit: "u".repeat(33), placeholder: "p".repeat(201) } }, path);
    expect(issues.map((i) => i.path)).toEqual([`${path}.unit`, `${path}.placeholder`]);
  });

  it("ignores unknown keys whatever their value", () => {
    expect(fieldOptionIssues({ type: "TextField", options: { "max-length": "x" } }, path)).toEqual([]);
  });
});

describe("readFieldOptions", () => {
  it("reads recognised options as numbers and booleans", () => {
    expect(
      readFieldOptions({
        type: "NumericField",
        options: { required: "true", min: "-1.5", max: "10", decimals: "2", unit: "kg", placeholder: "w" },
      }),
    ).toEqual({ required: true, min: -1.5, max: 10, decimals: 2, unit: "kg", placeholder: "w" });
  });

  it("defaults required to false and leaves absent options out", () => {
    expect(readFieldOptions({ type: "TextField", options: {} })).toEqual({ required: false });
    expect(readFieldOptions({ type: "TextField", options: { maxLength: "5" } })).toEqual({
      required: false,
      maxLength: 5,
    });
  });

  it("ignores invalid or inapplicable options", () => {
    expect(readFieldOptions({ type: "TextField", options: { required: "yes", min: "1", maxLength: "-2" } })).toEqual({
      required: false,
    });
  });
});
