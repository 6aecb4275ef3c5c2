import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BREAKPOINT_MIN_WIDTH, BREAKPOINTS } from "~/domain/layout";

// CSS cannot import the breakpoints, so this keeps the stylesheet and the domain's numbers in step.
const css = readFileSync(new URL("./layout-grid.module.css", import.meta.url), "utf8");

describe("layout-grid.module.css", () => {
  it("has one media query per breakpoint, at the domain's min-widths, using that breakpoint's properties", () => {
    const queries = [...css.matchAll(/@media \(min-width: (\d+)px\) \{([^}]*)\}/g)];
    expect(queries.map((match) => Number(match[1]))).toEqual(Object.values(BREAKPOINT_MIN_WIDTH));
    for (const [i, bp] of BREAKPOINTS.slice(1).entries()) {
      expect(queries[i]?.[2]).toContain(`var(--cs-${bp}) / span var(--span-${bp})`);
      expect(queries[i]?.[2]).toContain(`var(--rs-${bp}) / span var(--rspan-${bp})`);
    }
  });

  it("has the same rules as container queries for a canvas of a chosen width (the builder's live preview)", () => {
    const queries = [...css.matchAll(/@container \(min-width: (\d+)px\) \{\s*\.canvas \.cell \{([^}]*)\}/g)];
    expect(queries.map((match) => Number(match[1]))).toEqual(Object.values(BREAKPOINT_MIN_WIDTH));
    for (const [i, bp] of BREAKPOINTS.slice(1).entries()) {
      expect(queries[i]?.[2]).toContain(`var(--cs-${bp}) / span var(--span-${bp})`);
      expect(queries[i]?.[2]).toContain(`var(--rs-${bp}) / span var(--rspan-${bp})`);
    }
  });
});
