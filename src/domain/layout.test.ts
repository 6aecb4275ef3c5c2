import { describe, expect, it } from "vitest";
import { BREAKPOINT_MIN_WIDTH, BREAKPOINTS, type Layout, layoutIssues, normalizeLayout, ZLayout, ZLayoutInput } from "~/domain/layout";

const all = (n: number) => ({ xs: n, sm: n, md: n, lg: n, xl: n });

describe("breakpoints", () => {
  it("lists breakpoints from small to large with their min-widths", () => {
    expect(BREAKPOINTS).toEqual(["xs", "sm", "md", "lg", "xl"]);
    expect(BREAKPOINT_MIN_WIDTH).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280 });
  });
});

describe("normalizeLayout", () => {
  it("makes a missing layout full width, one row high, at the default row", () => {
    expect(normalizeLayout(undefined, 3)).toEqual({
      colStart: all(1),
      colSpan: all(12),
      rowStart: all(3),
      rowSpan: all(1),
    });
  });

  it("lets each missing breakpoint inherit from the next smaller one", () => {
    const layout = normalizeLayout({ colStart: { xs: 1, md: 7 }, colSpan: { xs: 12, md: 6, xl: 4 } }, 1);
    expect(layout.colStart).toEqual({ xs: 1, sm: 1, md: 7, lg: 7, xl: 7 });
    expect(layout.colSpan).toEqual({ xs: 12, sm: 12, md: 6, lg: 6, xl: 4 });
  });

  it("fills a missing xs with the default even when larger breakpoints are given", () => {
    const layout = normalizeLayout({ colSpan: { lg: 6 }, rowStart: { md: 2 } }, 5);
    expect(layout.colSpan).toEqual({ xs: 12, sm: 12, md: 12, lg: 6, xl: 6 });
    expect(layout.rowStart).toEqual({ xs: 5, sm: 5, md: 2, lg: 2, xl: 2 });
  });

  it("spans a given xs colStart to the last column when xs colSpan is missing", () => {
    expect(normalizeLayout({ colStart: { xs: 4 } }, 1).colSpan).toEqual(all(9));
  });

  it("produces a layout that ZLayout accepts", () => {
    expect(ZLayout.safeParse(normalizeLayout({ rowSpan: { sm: 2 } }, 1)).success).toBe(true);
  });
});

describe("ZLayoutInput", () => {
  it("accepts a missing layout and partial breakpoints", () => {
    expect(ZLayoutInput.safeParse(undefined).success).toBe(true);
    expect(ZLayoutInput.safeParse({ colSpan: { md: 6 } }).success).toBe(true);
  });

  it("rejects unknown breakpoints, unknown members and non-integers", () => {
    expect(ZLayoutInput.safeParse({ colSpan: { xxl: 6 } }).success).toBe(false);
    expect(ZLayoutInput.safeParse({ width: { xs: 6 } }).success).toBe(false);
    expect(ZLayoutInput.safeParse({ colSpan: { xs: 1.5 } }).success).toBe(false);
  });
});

describe("layoutIssues", () => {
  const valid = normalizeLayout(undefined, 1);

  it("accepts a valid layout", () => {
    expect(layoutIssues(valid, "$.layout")).toEqual([]);
  });

  it("reports colStart + colSpan running past column 12 at that breakpoint", () => {
    const layout = normalizeLayout({ colStart: { xs: 1, md: 7 }, colSpan: { xs: 12, md: 6, lg: 8 } }, 1);
    expect(layoutIssues(layout, "$.layout")).toEqual([
      {
        path: "$.layout.colSpan.lg",
        message: "At breakpoints lg–xl, colStart 7 + colSpan 8 − 1 = 14 runs past column 12",
      },
    ]);
  });

  it("accepts a span ending exactly on column 12", () => {
    const layout = normalizeLayout({ colStart: { xs: 7 }, colSpan: { xs: 6 } }, 1);
    expect(layoutIssues(layout, "$.layout")).toEqual([]);
  });

  it("reports an overflow caused by inheritance at the breakpoint where it starts", () => {
    const layout = normalizeLayout({ colStart: { sm: 4 } }, 1);
    const issues = layoutIssues(layout, "$.l");
    expect(issues.map((i) => i.path)).toEqual(["$.l.colSpan.sm"]);
    expect(issues[0]?.message).toContain("breakpoints sm–xl");
  });

  it("reports out-of-range values per member and breakpoint, once per run of equal values", () => {
    const layout: Layout = {
      colStart: { xs: 0, sm: 0, md: 13, lg: 1, xl: 1 },
      colSpan: all(1),
      rowStart: { xs: 1, sm: 1, md: 1, lg: 1, xl: 1001 },
      rowSpan: all(0),
    };
    expect(layoutIssues(layout, "$.layout")).toEqual([
      { path: "$.layout.colStart.xs", message: "At breakpoints xs–sm, colStart is 0 but must be between 1 and 12" },
      { path: "$.layout.rowSpan.xs", message: "At breakpoints xs–xl, rowSpan is 0 but must be between 1 and 1000" },
      { path: "$.layout.colStart.md", message: "At breakpoint md, colStart is 13 but must be between 1 and 12" },
      { path: "$.layout.rowStart.xl", message: "At breakpoint xl, rowStart is 1001 but must be between 1 and 1000" },
    ]);
  });

  it("reports a colSpan of 13", () => {
    const layout = normalizeLayout({ colSpan: { xs: 13 } }, 1);
    expect(layoutIssues(layout, "$").map((i) => i.path)).toEqual(["$.colSpan.xs"]);
  });
});
