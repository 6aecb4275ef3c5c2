import { BREAKPOINTS, GRID_COLUMNS, type Breakpoint, type Layout } from "~/domain/layout";

/** Where one cell sits at one breakpoint; `rowStart: "auto"` lets the grid flow the cell into the next free row. */
export type BreakpointPlacement = { colStart: number; colSpan: number; rowStart: number | "auto"; rowSpan: number };
export type CellPlacement = Record<Breakpoint, BreakpointPlacement>;

export type SectionPlacements = { fields: CellPlacement[]; subSections: CellPlacement[] };

/**
 * Places a section's cells on its 12-column grid: its fields by their layout, then its nested sections by theirs.
 *
 * Two rules keep the grid readable whatever a template says, decided per breakpoint:
 * - Nested sections number their rows among themselves (a template's only sibling is usually at rowStart 1), so
 *   when taken literally they would land on top of the parent's fields, they are moved below the fields instead.
 *   A nested section deliberately placed beside the fields (no overlap) stays where it is.
 * - If cells still overlap (the import checks each layout alone, not how they fit together), explicit rows are
 *   dropped at that breakpoint and the cells flow in document order, keeping their columns and spans. Overlapping
 *   cells would otherwise be painted over each other and hide inputs.
 * - Rows no given cell occupies are left out: the cells are those shown (a model's editor and passport leave out
 *   Item-level fields, a passport the fields its reader may not see and the sections with nothing to show), and a
 *   left-out cell's row would otherwise stay behind as an empty band between the rows around it.
 */
export function placeSectionCells(fieldLayouts: readonly Layout[], subSectionLayouts: readonly Layout[]): SectionPlacements {
  const fields = fieldLayouts.map(() => ({}) as CellPlacement);
  const subSections = subSectionLayouts.map(() => ({}) as CellPlacement);
  for (const bp of BREAKPOINTS) {
    const fieldRects = fieldLayouts.map((layout) => rectAt(layout, bp));
    let subRects = subSectionLayouts.map((layout) => rectAt(layout, bp));
    if (subRects.some((sub) => fieldRects.some((field) => overlaps(sub, field)))) {
      const fieldRowsEnd = Math.max(0, ...fieldRects.map((rect) => rect.rowStart + rect.rowSpan - 1));
      subRects = subRects.map((rect) => ({ ...rect, rowStart: rect.rowStart + fieldRowsEnd }));
    }
    const all = [...fieldRects, ...subRects];
    const placed: BreakpointPlacement[] = hasOverlap(all) ? all.map((rect) => ({ ...rect, rowStart: "auto" })) : withoutEmptyRows(all);
    placed.forEach((placement, i) => {
      const cell = i < fields.length ? fields[i] : subSections[i - fields.length];
      (cell as CellPlacement)[bp] = placement;
    });
  }
  return { fields, subSections };
}

type Rect = { colStart: number; colSpan: number; rowStart: number; rowSpan: number };

/** The cells moved up over the rows none of them occupies, in order; columns and spans kept. */
function withoutEmptyRows(rects: readonly Rect[]): Rect[] {
  // The occupied rows as runs [first, last], in order, touching runs joined.
  const runs: [number, number][] = [];
  for (const { rowStart, rowSpan } of [...rects].sort((a, b) => a.rowStart - b.rowStart)) {
    const last = runs.at(-1);
    const end = rowStart + rowSpan - 1;
    if (last && rowStart <= last[1] + 1) last[1] = Math.max(last[1], end);
    else runs.push([rowStart, end]);
  }
  return rects.map((rect) => {
    let emptyAbove = 0;
    let previousEnd = 0;
    for (const [first, last] of runs) {
      if (first > rect.rowStart) break;
      emptyAbove += first - previousEnd - 1;
      previousEnd = last;
    }
    return { ...rect, rowStart: rect.rowStart - emptyAbove };
  });
}

/** The layout at one breakpoint, clamped into the grid so a stray stored value cannot widen the page. */
function rectAt(layout: Layout, bp: Breakpoint): Rect {
  const colStart = clamp(layout.colStart[bp], 1, GRID_COLUMNS);
  return {
    colStart,
    colSpan: clamp(layout.colSpan[bp], 1, GRID_COLUMNS + 1 - colStart),
    rowStart: Math.max(1, Math.trunc(layout.rowStart[bp]) || 1),
    rowSpan: Math.max(1, Math.trunc(layout.rowSpan[bp]) || 1),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value) || min));
}

function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.colStart < b.colStart + b.colSpan &&
    b.colStart < a.colStart + a.colSpan &&
    a.rowStart < b.rowStart + b.rowSpan &&
    b.rowStart < a.rowStart + a.rowSpan
  );
}

function hasOverlap(rects: readonly Rect[]): boolean {
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      if (overlaps(rects[i] as Rect, rects[j] as Rect)) return true;
    }
  }
  return false;
}
