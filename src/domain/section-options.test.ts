import { describe, expect, it } from "vitest";
import { maxRowsIssue, minRowsCompleteness, readSectionOptions, sectionOptionIssues } from "~/domain/section-options";

const path = "$.sections[2].options";
const messages = (type: "Group" | "Repeatable", options: Record<string, string>) =>
  sectionOptionIssues({ type, options }, path).map((issue) => `${issue.path} ${issue.message}`);

describe("sectionOptionIssues", () => {
  it("accepts row limits on a repeater, unknown keys anywhere and no options at all", () => {
    expect(messages("Repeatable", { minRows: "0", maxRows: "0" })).toEqual([]);
    expect(messages("Repeatable", { minRows: "2", maxRows: "20", erp: "x" })).toEqual([]);
    expect(messages("Group", { erp: "x" })).toEqual([]);
    expect(sectionOptionIssues({ type: "Repeatable" }, path)).toEqual([]);
  });

  it("refuses row limits that are not whole numbers from 0 to the largest row count", () => {
    expect(messages("Repeatable", { minRows: "-1", maxRows: "1.5" })).toEqual([
      `${path}.minRows Option "minRows" must be a whole number from 0 to 1,000,001`,
      `${path}.maxRows Option "maxRows" must be a whole number from 0 to 1,000,001`,
    ]);
    expect(messages("Repeatable", { maxRows: "01" })).toHaveLength(1);
    expect(messages("Repeatable", { maxRows: "1000002" })).toHaveLength(1);
    expect(messages("Repeatable", { maxRows: "1000001" })).toEqual([]);
  });

  it("refuses a maxRows below minRows", () => {
    expect(messages("Repeatable", { minRows: "5", maxRows: "4" })).toEqual([
      `${path}.maxRows Option "maxRows" (4) is below "minRows" (5)`,
    ]);
  });

  it("refuses row limits on a Group section", () => {
    expect(messages("Group", { minRows: "1", maxRows: "2" })).toEqual([
      `${path}.minRows Option "minRows" applies to Repeatable sections only, not to Group`,
      `${path}.maxRows Option "maxRows" applies to Repeatable sections only, not to Group`,
    ]);
  });
});

describe("readSectionOptions", () => {
  it("reads valid limits and leaves out invalid or inapplicable ones", () => {
    expect(readSectionOptions({ type: "Repeatable", options: { minRows: "1", maxRows: "3" } })).toEqual({ minRows: 1, maxRows: 3 });
    expect(readSectionOptions({ type: "Repeatable", options: { minRows: "x" } })).toEqual({});
    expect(readSectionOptions({ type: "Group", options: { maxRows: "3" } })).toEqual({});
    expect(readSectionOptions({ type: "Repeatable" })).toEqual({});
  });
});

describe("maxRowsIssue", () => {
  const materials = { id: "s1", name: "Materials", type: "Repeatable" as const, options: { maxRows: "3" } };

  it("names the section and the limit when a save would leave too many rows", () => {
    expect(maxRowsIssue(materials, 4, "$.add")).toEqual({
      path: "$.add",
      message: 'Section "Materials" allows at most 3 rows; this save would leave it with 4',
      dataSectionId: "s1",
    });
  });

  it("allows the limit itself, and any count without a limit", () => {
    expect(maxRowsIssue(materials, 3, "$")).toBeUndefined();
    expect(maxRowsIssue({ ...materials, options: {} }, 1000, "$")).toBeUndefined();
  });
});

describe("minRowsCompleteness", () => {
  it("counts each row below minRows as a missing required value, never more than minRows", () => {
    const section = { type: "Repeatable" as const, options: { minRows: "2" } };
    expect(minRowsCompleteness(section, 0)).toEqual({ filled: 0, required: 2 });
    expect(minRowsCompleteness(section, 1)).toEqual({ filled: 1, required: 2 });
    expect(minRowsCompleteness(section, 5)).toEqual({ filled: 2, required: 2 });
    expect(minRowsCompleteness({ type: "Repeatable" }, 5)).toEqual({ filled: 0, required: 0 });
  });
});
