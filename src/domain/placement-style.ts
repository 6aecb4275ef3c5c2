import type { CSSProperties } from "react";
import { BREAKPOINTS } from "~/domain/layout";
import type { CellPlacement } from "~/domain/cell-placement";

/**
 * A cell's placement at every breakpoint as CSS custom properties (`--cs-md: 7; --span-md: 6; …`); the static rules
 * of layout-grid.module.css choose the set of the active breakpoint.
 */
export function placementStyle(placement: CellPlacement): CSSProperties {
  const style: Record<string, string | number> = {};
  for (const bp of BREAKPOINTS) {
    const { colStart, colSpan, rowStart, rowSpan } = placement[bp];
    style[`--cs-${bp}`] = colStart;
    style[`--span-${bp}`] = colSpan;
    style[`--rs-${bp}`] = rowStart;
    style[`--rspan-${bp}`] = rowSpan;
  }
  return style;
}
