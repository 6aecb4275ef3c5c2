import { BREAKPOINTS, GRID_COLUMNS, LAYOUT_MEMBERS, MAX_GRID_ROW, type Breakpoint, type Layout } from "~/domain/layout";

/**
 * Editing a cell's layout at one breakpoint, as the template builder's layout editor does it.
 *
 * A stored layout names all five breakpoints (`normalizeLayout` fills the gaps), so "inherited" is read the way
 * `layoutIssues` reads it: a breakpoint's value is inherited when it equals the next smaller breakpoint's. An edit at
 * a breakpoint therefore also moves the larger breakpoints that inherited the old value (up to the first that
 * differs), exactly as if the template had named only the edited breakpoint; smaller breakpoints never change.
 */

/** Where a cell sits at one breakpoint, in grid columns and rows (1-based). */
export type CellRect = { colStart: number; colSpan: number; rowStart: number; rowSpan: number };

/** The cell's rectangle at `bp`, clamped into the 12 columns so a stray stored value cannot leave the grid. */
export function cellRect(layout: Layout, bp: Breakpoint): CellRect {
  const colStart = clamp(layout.colStart[bp], 1, GRID_COLUMNS);
  const rowStart = clamp(layout.rowStart[bp], 1, MAX_GRID_ROW);
  return {
    colStart,
    colSpan: clamp(layout.colSpan[bp], 1, GRID_COLUMNS + 1 - colStart),
    rowStart,
    rowSpan: clamp(layout.rowSpan[bp], 1, MAX_GRID_ROW + 1 - rowStart),
  };
}

function smallerOf(bp: Breakpoint): Breakpoint | undefined {
  return BREAKPOINTS[BREAKPOINTS.indexOf(bp) - 1];
}

/** Whether every member of the layout at `bp` equals the next smaller breakpoint's (never for xs). */
export function isInherited(layout: Layout, bp: Breakpoint): boolean {
  const smaller = smallerOf(bp);
  return smaller !== undefined && LAYOUT_MEMBERS.every((member) => layout[member][smaller] === layout[member][bp]);
}

/**
 * The smallest breakpoint whose placement `bp` shows unchanged (`bp` itself when it is set there), so the editor can
 * say "inherited from xs".
 */
export function inheritedFrom(layout: Layout, bp: Breakpoint): Breakpoint {
  let source = bp;
  while (isInherited(layout, source)) source = smallerOf(source) ?? source;
  return source;
}

/**
 * Sets members at `bp`, carrying each new value up through the larger breakpoints that inherited the old one.
 * Values are taken as given; `moveCell` and `resizeCell` clamp before they call this.
 */
export function setAtBreakpoint(layout: Layout, bp: Breakpoint, values: Partial<CellRect>): Layout {
  const next: Layout = {
    colStart: { ...layout.colStart },
    colSpan: { ...layout.colSpan },
    rowStart: { ...layout.rowStart },
    rowSpan: { ...layout.rowSpan },
  };
  const from = BREAKPOINTS.indexOf(bp);
  for (const member of LAYOUT_MEMBERS) {
    const value = values[member];
    if (value === undefined) continue;
    const old = layout[member][bp];
    next[member][bp] = value;
    for (const larger of BREAKPOINTS.slice(from + 1)) {
      if (layout[member][larger] !== old) break;
      next[member][larger] = value;
    }
  }
  // A start carried up to a breakpoint with a wider span of its own would run past the grid there; that span gives.
  for (const larger of BREAKPOINTS.slice(from + 1)) {
    next.colSpan[larger] = Math.min(next.colSpan[larger], GRID_COLUMNS + 1 - next.colStart[larger]);
    next.rowSpan[larger] = Math.min(next.rowSpan[larger], MAX_GRID_ROW + 1 - next.rowStart[larger]);
  }
  return next;
}

/** Moves the cell at `bp` so it starts at the given column and row, kept whole inside the 12 columns. */
export function moveCell(layout: Layout, bp: Breakpoint, to: { colStart: number; rowStart: number }): Layout {
  const rect = cellRect(layout, bp);
  return setAtBreakpoint(layout, bp, {
    ...rect,
    colStart: clamp(to.colStart, 1, GRID_COLUMNS + 1 - rect.colSpan),
    rowStart: clamp(to.rowStart, 1, MAX_GRID_ROW + 1 - rect.rowSpan),
  });
}

/** Resizes the cell at `bp` from its top-left corner: at least one column and row, never past column 12. */
export function resizeCell(layout: Layout, bp: Breakpoint, to: { colSpan: number; rowSpan: number }): Layout {
  const rect = cellRect(layout, bp);
  return setAtBreakpoint(layout, bp, {
    ...rect,
    colSpan: clamp(to.colSpan, 1, GRID_COLUMNS + 1 - rect.colStart),
    rowSpan: clamp(to.rowSpan, 1, MAX_GRID_ROW + 1 - rect.rowStart),
  });
}

/** Drops the override at `bp`: it (and the larger breakpoints that followed it) show the next smaller breakpoint's. */
export function resetToInherited(layout: Layout, bp: Breakpoint): Layout {
  const smaller = smallerOf(bp);
  if (smaller === undefined) return layout;
  return setAtBreakpoint(layout, bp, {
    colStart: layout.colStart[smaller],
    colSpan: layout.colSpan[smaller],
    rowStart: layout.rowStart[smaller],
    rowSpan: layout.rowSpan[smaller],
  });
}

export type GridStep = { dCol: number; dRow: number };

/** A keyboard step: arrows move the cell one column or row, with Shift they grow or shrink it instead. */
export function applyKeyStep(layout: Layout, bp: Breakpoint, step: GridStep, isResize: boolean): Layout {
  const rect = cellRect(layout, bp);
  return isResize
    ? resizeCell(layout, bp, { colSpan: rect.colSpan + step.dCol, rowSpan: rect.rowSpan + step.dRow })
    : moveCell(layout, bp, { colStart: rect.colStart + step.dCol, rowStart: rect.rowStart + step.dRow });
}

/** The arrow keys' steps; any other key is not a layout step. */
export function keyStep(key: string): GridStep | undefined {
  switch (key) {
    case "ArrowLeft":
      return { dCol: -1, dRow: 0 };
    case "ArrowRight":
      return { dCol: 1, dRow: 0 };
    case "ArrowUp":
      return { dCol: 0, dRow: -1 };
    case "ArrowDown":
      return { dCol: 0, dRow: 1 };
    default:
      return undefined;
  }
}

/**
 * Snaps a pointer's travel in pixels to whole grid steps: a column is its width plus the gap, a row its height plus
 * the gap; the step is taken once the pointer is past half of it.
 */
export function snapToGrid(dx: number, dy: number, pitch: { column: number; row: number }): GridStep {
  return {
    dCol: pitch.column > 0 ? roundHalfAway(dx / pitch.column) : 0,
    dRow: pitch.row > 0 ? roundHalfAway(dy / pitch.row) : 0,
  };
}

/** Indexes of the cells that share at least one grid square with another cell. */
export function overlappingCells(rects: readonly CellRect[]): Set<number> {
  const overlapping = new Set<number>();
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      if (overlaps(rects[i] as CellRect, rects[j] as CellRect)) {
        overlapping.add(i);
        overlapping.add(j);
      }
    }
  }
  return overlapping;
}

export function overlaps(a: CellRect, b: CellRect): boolean {
  return (
    a.colStart < b.colStart + b.colSpan &&
    b.colStart < a.colStart + a.colSpan &&
    a.rowStart < b.rowStart + b.rowSpan &&
    b.rowStart < a.rowStart + a.rowSpan
  );
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value) || min));
}

function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
