import { describe, expect, it } from "vitest";
import {
  canReadAccess,
  fieldAccess,
  fieldOptionIssues,
  isSnapshotField,
  optionKeysFor,
  readFieldOptions,
} from "~/domain/field-options";

const path = "$.sections[0].dataFields[0].options";

describe("fieldOptionIssues", () => {
  it("refuses a list of ranges, and reads such a field as a list", () => {
    const field = { type: "NumericField" as const, options: { list: "true", range: "true" } };
    expect(fieldOptionIssues(field, path).map((issue) => `${issue.path} ${issue.message}`)).toEqual([
      `${path}.range Option "range" cannot be combined with "list": a field holds one range, or a list of single values, not a list of ranges`,
    ]);
    expect(readFieldOptions(field)).toEqual({ required: false, list: true });
  });

  it("accepts choices, a date or date-time format and multiline on text fields", () => {
    const valid: Record<string, string>[] = [
      { choices: "EV battery|Industrial battery" },
      { format: "date" },
      { format: "dateTime" },
      { multiline: "true" },
      { multiline: "false", choices: "A" },
    ];
    for (const options of valid) {
      expect(fieldOptionIssues({ type: "TextField", options }, path)).toEqual([]);
    }
  });

  it("refuses bad choices, formats and multiline values", () => {
    const messages = (options: Record<string, string>, type: "TextField" | "NumericField" = "TextField") =>
      fieldOptionIssues({ type, options }, path).map((issue) => `${issue.path} ${issue.message}`);
    expect(messages({ choices: "A||B" })).toEqual([
      `${path}.choices Option "choices" must list non-empty values separated by "|", e.g. "A|B"`,
    ]);
    expect(messages({ choices: "A|B| A" })).toEqual([`${path}.choices Option "choices" lists "A" twice`]);
    expect(messages({ choices: Array.from({ length: 101 }, (_, i) => `v${i}`).join("|") })).toEqual([
      `${path}.choices Option "choices" must list at most 100 values`,
    ]);
    expect(messages({ format: "datetime" })).toEqual([`${path}.format Option "format" must be "date" or "dateTime"`]);
    expect(messages({ multiline: "yes" })).toEqual([`${path}.multiline Option "multiline" must be "true" or "false"`]);
    expect(messages({ choices: "1|2" }, "NumericField")).toEqual([
      `${path}.choices Option "choices" applies to TextField only, not to NumericField`,
    ]);
    expect(messages({ choices: "A|B", format: "date" })).toEqual([
      `${path}.format Options "choices" and "format" cannot be combined: each decides the input on its own (allowed values a select, a date a date input, several lines a text area); keep one`,
    ]);
  });

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

  it("reads choices trimmed and in order, the date format and multiline", () => {
    expect(readFieldOptions({ type: "TextField", options: { choices: "B | A", multiline: "false" } })).toEqual({
      required: false,
      choices: ["B", "A"],
    });
    expect(readFieldOptions({ type: "TextField", options: { format: "date" } })).toEqual({ required: false, format: "date" });
    expect(readFieldOptions({ type: "TextField", options: { format: "dateTime" } })).toEqual({ required: false, format: "dateTime" });
    expect(readFieldOptions({ type: "TextField", options: { multiline: "true" } })).toEqual({ required: false, multiline: true });
  });

  it("ignores invalid or inapplicable options", () => {
    expect(readFieldOptions({ type: "TextField", options: { required: "yes", min: "1", maxLength: "-2" } })).toEqual({
      required: false,
    });
  });
});

describe("access", () => {
  it("accepts the three levels on every type and refuses anything else, naming the levels", () => {
    for (const access of ["public", "legitimate-interest", "authority"]) {
      expect(fieldOptionIssues({ type: "FileField", options: { access } }, path)).toEqual([]);
    }
    expect(fieldOptionIssues({ type: "TextField", options: { access: "Authority" } }, path)).toEqual([
      { path: `${path}.access`, message: 'Option "access" must be one of "public", "legitimate-interest", "authority"' },
    ]);
  });

  it("is public when absent, and a reader sees its own level and those below", () => {
    expect(fieldAccess({ options: {} })).toBe("public");
    expect(fieldAccess({ options: { access: "legitimate-interest" } })).toBe("legitimate-interest");
    expect(canReadAccess("public", "legitimate-interest")).toBe(false);
    expect(canReadAccess("legitimate-interest", "legitimate-interest")).toBe(true);
    expect(canReadAccess("legitimate-interest", "authority")).toBe(false);
    expect(canReadAccess("authority", "public")).toBe(true);
  });
});

describe("personal", () => {
  it("is never public: without an access level it is legitimate-interest, and a higher level stays", () => {
    expect(fieldAccess({ options: { personal: "true" } })).toBe("legitimate-interest");
    expect(fieldAccess({ options: { personal: "true", access: "authority" } })).toBe("authority");
    expect(fieldAccess({ options: { personal: "false" } })).toBe("public");
  });

  it("refuses an explicit public access beside it, and a value other than true or false", () => {
    expect(fieldOptionIssues({ type: "TextField", options: { personal: "true", access: "public" } }, path)).toEqual([
      {
        path: `${path}.access`,
        message: expect.stringContaining('cannot be "public" on a field with "personal": "true"'),
      },
    ]);
    expect(fieldOptionIssues({ type: "TextField", options: { personal: "yes" } }, path)).toEqual([
      { path: `${path}.personal`, message: 'Option "personal" must be "true" or "false"' },
    ]);
    expect(fieldOptionIssues({ type: "TextField", options: { personal: "true", access: "legitimate-interest" } }, path)).toEqual([]);
  });
});

describe("optionKeysFor", () => {
  it("offers each type the options that apply to it and no others", () => {
    expect(optionKeysFor("NumericField")).toEqual([
      "required",
      "min",
      "max",
      "decimals",
      "unit",
      "placeholder",
      "list",
      "access",
      "personal",
      "snapshot",
      "range",
    ]);
    expect(optionKeysFor("TextField")).toEqual([
      "required",
      "maxLength",
      "unit",
      "placeholder",
      "multilingual",
      "list",
      "access",
      "personal",
      "snapshot",
      "choices",
      "format",
      "multiline",
      "range",
    ]);
    expect(optionKeysFor("FileField")).toEqual(["required", "unit", "placeholder", "list", "access", "personal", "snapshot"]);
  });
});

describe("snapshot", () => {
  it("marks a status field when true, and is refused with any other value than true or false", () => {
    expect(isSnapshotField({ type: "TextField", options: { snapshot: "true" } })).toBe(true);
    expect(isSnapshotField({ type: "TextField", options: { snapshot: "false" } })).toBe(false);
    expect(fieldOptionIssues({ type: "TextField", options: { snapshot: "yes" } }, "$").map((i) => i.path)).toEqual(["$.snapshot"]);
  });
});

describe("multilingual", () => {
  it("applies to text fields, with or without several lines, not to choices or dates", () => {
    const text = { type: "TextField" as const, options: { multilingual: "true", multiline: "true" } };
    expect(fieldOptionIssues(text, "$")).toEqual([]);
    expect(readFieldOptions(text).multilingual).toBe(true);
    const coded = { type: "TextField" as const, options: { multilingual: "true", choices: "A|B" } };
    expect(fieldOptionIssues(coded, "$").map((i) => i.path)).toEqual(["$.multilingual"]);
    expect(readFieldOptions(coded).multilingual).toBeUndefined();
    expect(fieldOptionIssues({ type: "NumericField", options: { multilingual: "true" } }, "$")).toHaveLength(1);
  });
});
