import { z } from "zod";
import type { Issue } from "~/domain/app-error";
import { appendPath } from "~/domain/json-path";

export const BREAKPOINTS = ["xs", "sm", "md", "lg", "xl"] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** Min-widths in CSS pixels; xs is everything below sm. */
export const BREAKPOINT_MIN_WIDTH: Record<Exclude<Breakpoint, "xs">, number> = {
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
};

export const GRID_COLUMNS = 12;
// Rows are only ever a few per section; the cap keeps a typo from producing a grid of a million rows.
export const MAX_GRID_ROW = 1000;

export const LAYOUT_MEMBERS = ["colStart", "colSpan", "rowStart", "rowSpan"] as const;
export type LayoutMember = (typeof LAYOUT_MEMBERS)[number];

const ZInt = z.number().int();

const ZResponsive = z.strictObject({ xs: ZInt, sm: ZInt, md: ZInt, lg: ZInt, xl: ZInt });

export const ZLayout = z.strictObject({
  colStart: ZResponsive,
  colSpan: ZResponsive,
  rowStart: ZResponsive,
  rowSpan: ZResponsive,
});
export type Layout = z.infer<typeof ZLayout>;
export type ResponsiveValue = z.infer<typeof ZResponsive>;

// Ranges are checked by `layoutIssues` after normalisation, so inherited values are checked too and every
// out-of-range breakpoint is reported alongside the template's other problems.
const ZResponsiveInput = z.strictObject({
  xs: ZInt.optional(),
  sm: ZInt.optional(),
  md: ZInt.optional(),
  lg: ZInt.optional(),
  xl: ZInt.optional(),
});

export const ZLayoutInput = z
  .strictObject({
    colStart: ZResponsiveInput.optional(),
    colSpan: ZResponsiveInput.optional(),
    rowStart: ZResponsiveInput.optional(),
    rowSpan: ZResponsiveInput.optional(),
  })
  .optional();
export type LayoutInput = z.infer<typeof ZLayoutInput>;

/**
 * Fills every breakpoint: a missing one inherits from the next smaller one; a missing xs is full width, one row
 * high, at `defaultRowStart` (the item's 1-based position among its siblings, so unplaced items stack in order).
 * A missing xs colSpan next to a given xs colStart spans to the last column rather than overflowing the grid.
 */
export function normalizeLayout(input: LayoutInput | undefined, defaultRowStart: number): Layout {
  const colStart = fill(input?.colStart, 1);
  const xsColStart = colStart.xs;
  return {
    colStart,
    colSpan: fill(input?.colSpan, Math.max(1, GRID_COLUMNS + 1 - xsColStart)),
    rowStart: fill(input?.rowStart, defaultRowStart),
    rowSpan: fill(input?.rowSpan, 1),
  };
}

function fill(input: Partial<ResponsiveValue> | undefined, xsDefault: number): ResponsiveValue {
  const xs = input?.xs ?? xsDefault;
  const sm = input?.sm ?? xs;
  const md = input?.md ?? sm;
  const lg = input?.lg ?? md;
  const xl = input?.xl ?? lg;
  return { xs, sm, md, lg, xl };
}

/**
 * Checks every breakpoint, but a value equal to the next smaller breakpoint's (usually inherited) is the same
 * mistake, so it is reported once, at the smallest breakpoint, with the breakpoints that share it named.
 */
export function layoutIssues(layout: Layout, path: string): Issue[] {
  const issues: Issue[] = [];
  for (const [i, bp] of BREAKPOINTS.entries()) {
    const smaller = i > 0 ? BREAKPOINTS[i - 1] : undefined;
    const isSameAsSmaller = (member: LayoutMember) => smaller !== undefined && layout[member][smaller] === layout[member][bp];
    const where = (members: readonly LayoutMember[]) => describeBreakpoints(layout, members, i);

    for (const member of LAYOUT_MEMBERS) {
      const max = member.startsWith("col") ? GRID_COLUMNS : MAX_GRID_ROW;
      const value = layout[member][bp];
      if (!inRange(value, 1, max) && !isSameAsSmaller(member)) {
        issues.push({
          path: appendPath(path, member, bp),
          message: `${where([member])}, ${member} is ${value} but must be between 1 and ${max}`,
        });
      }
    }

    const colStart = layout.colStart[bp];
    const colSpan = layout.colSpan[bp];
    const isOverflow =
      inRange(colStart, 1, GRID_COLUMNS) && inRange(colSpan, 1, GRID_COLUMNS) && colStart + colSpan - 1 > GRID_COLUMNS;
    if (isOverflow && !(isSameAsSmaller("colStart") && isSameAsSmaller("colSpan"))) {
      issues.push({
        path: appendPath(path, "colSpan", bp),
        message:
          `${where(["colStart", "colSpan"])}, colStart ${colStart} + colSpan ${colSpan} − 1 = ` +
          `${colStart + colSpan - 1} runs past column ${GRID_COLUMNS}`,
      });
    }
  }
  return issues;
}

function inRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** "At breakpoint xs" or "At breakpoints xs–xl" when larger breakpoints carry the same values. */
function describeBreakpoints(layout: Layout, members: readonly LayoutMember[], from: number): string {
  const first = BREAKPOINTS[from] ?? "xs";
  let last = first;
  for (const bp of BREAKPOINTS.slice(from + 1)) {
    if (!members.every((member) => layout[member][bp] === layout[member][first])) break;
    last = bp;
  }
  return last === first ? `At breakpoint ${first}` : `At breakpoints ${first}–${last}`;
}
