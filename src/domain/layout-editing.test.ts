import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BREAKPOINTS,
  GRID_COLUMNS,
  LAYOUT_MEMBERS,
  layoutIssues,
  normalizeLayout,
  type Breakpoint,
  type Layout,
} from "~/domain/layout";
import {
  applyKeyStep,
  cellRect,
  inheritedFrom,
  isInherited,
  keyStep,
  moveCell,
  overlappingCells,
  resetToInherited,
  resizeCell,
  snapToGrid,
} from "~/domain/layout-editing";

// Full width and stacked at xs, a third of the row from md up (the builder's "three across at md").
const third = normalizeLayout({ colStart: { xs: 1, md: 5 }, colSpan: { xs: 12, md: 4 }, rowStart: { xs: 2, md: 1 } }, 1);

describe("inheritance", () => {
  it("reads a breakpoint equal to the smaller one as inherited, and names where it comes from", () => {
    expect(isInherited(third, "xs")).toBe(false);
    expect(isInherited(third, "sm")).toBe(true);
    expect(inheritedFrom(third, "sm")).toBe("xs");
    expect(isInherited(third, "md")).toBe(false);
    expect(inheritedFrom(third, "md")).toBe("md");
    expect(inheritedFrom(third, "xl")).toBe("md");
  });

  it("resets an override to the smaller breakpoint's placement, with the larger ones that followed it", () => {
    const reset = resetToInherited(third, "md");
    for (const bp of ["md", "lg", "xl"] as const) expect(cellRect(reset, bp)).toEqual(cellRect(third, "xs"));
    expect(isInherited(reset, "md")).toBe(true);
    expect(resetToInherited(third, "xs")).toBe(third);
  });
});

describe("moving and resizing", () => {
  it("moves at a breakpoint, carrying larger inherited breakpoints along and leaving smaller ones alone", () => {
    const moved = moveCell(third, "md", { colStart: 9, rowStart: 1 });
    expect(cellRect(moved, "md")).toEqual({ colStart: 9, colSpan: 4, rowStart: 1, rowSpan: 1 });
    expect(cellRect(moved, "xl")).toEqual(cellRect(moved, "md"));
    expect(cellRect(moved, "sm")).toEqual(cellRect(third, "sm"));
  });

  it("stops carrying at the first larger breakpoint with its own value", () => {
    const withXl = moveCell(third, "xl", { colStart: 1, rowStart: 3 });
    const moved = moveCell(withXl, "md", { colStart: 9, rowStart: 1 });
    expect(cellRect(moved, "lg").colStart).toBe(9);
    expect(cellRect(moved, "xl")).toEqual(cellRect(withXl, "xl"));
  });

  it("clamps a move so the cell stays whole inside the 12 columns and below row 1", () => {
    expect(cellRect(moveCell(third, "md", { colStart: 11, rowStart: -3 }), "md")).toMatchObject({ colStart: 9, rowStart: 1 });
  });

  it("clamps a resize to at least one column and row and never past column 12", () => {
    expect(cellRect(resizeCell(third, "md", { colSpan: 20, rowSpan: 0 }), "md")).toMatchObject({ colSpan: 8, rowSpan: 1 });
  });

  it("turns arrows into moves and shift+arrows into resizes", () => {
    const right = keyStep("ArrowRight");
    const down = keyStep("ArrowDown");
    if (!right || !down) throw new Error("arrow keys are steps");
    expect(keyStep("a")).toBeUndefined();
    expect(cellRect(applyKeyStep(third, "md", right, false), "md")).toMatchObject({ colStart: 6, colSpan: 4 });
    expect(cellRect(applyKeyStep(third, "md", right, true), "md")).toMatchObject({ colStart: 5, colSpan: 5 });
    expect(cellRect(applyKeyStep(third, "md", down, true), "md")).toMatchObject({ rowStart: 1, rowSpan: 2 });
  });
});

describe("snapToGrid", () => {
  it("snaps to the nearest whole column and row, either way", () => {
    expect(snapToGrid(149, -51, { column: 100, row: 100 })).toEqual({ dCol: 1, dRow: -1 });
    expect(snapToGrid(49, 151, { column: 100, row: 100 })).toEqual({ dCol: 0, dRow: 2 });
    expect(snapToGrid(-250, 0, { column: 100, row: 0 })).toEqual({ dCol: -3, dRow: 0 });
  });
});

describe("overlappingCells", () => {
  it("flags exactly the cells that share a square", () => {
    const rects = [
      { colStart: 1, colSpan: 6, rowStart: 1, rowSpan: 1 },
      { colStart: 7, colSpan: 6, rowStart: 1, rowSpan: 1 },
      { colStart: 5, colSpan: 4, rowStart: 1, rowSpan: 2 },
      { colStart: 1, colSpan: 12, rowStart: 3, rowSpan: 1 },
    ];
    expect([...overlappingCells(rects)].sort()).toEqual([0, 1, 2]);
    expect(overlappingCells([rects[0], rects[1], rects[3]].filter((r) => r !== undefined)).size).toBe(0);
  });
});

// ---- Properties ----

const bpArb = fc.constantFrom(...BREAKPOINTS);
const partialResponsive = (min: number, max: number) =>
  fc.record(
    {
      xs: fc.integer({ min, max }),
      sm: fc.integer({ min, max }),
      md: fc.integer({ min, max }),
      lg: fc.integer({ min, max }),
      xl: fc.integer({ min, max }),
    },
    { requiredKeys: [] },
  );
/** Any valid layout a template may hold: every breakpoint inside the grid. */
const layoutArb: fc.Arbitrary<Layout> = fc
  .record({
    colStart: partialResponsive(1, 12),
    colSpan: partialResponsive(1, 12),
    rowStart: partialResponsive(1, 6),
    rowSpan: partialResponsive(1, 3),
  })
  .map((input) => normalizeLayout(input, 1))
  .map((layout) => {
    // Trim spans that would run past column 12, as the builder never produces them.
    const colSpan = { ...layout.colSpan };
    for (const bp of BREAKPOINTS) colSpan[bp] = Math.min(colSpan[bp], GRID_COLUMNS + 1 - layout.colStart[bp]);
    return { ...layout, colSpan };
  });
const editArb = fc.oneof(
  fc.record({ kind: fc.constant("move" as const), a: fc.integer({ min: -20, max: 30 }), b: fc.integer({ min: -20, max: 30 }) }),
  fc.record({ kind: fc.constant("resize" as const), a: fc.integer({ min: -20, max: 30 }), b: fc.integer({ min: -20, max: 30 }) }),
  fc.record({ kind: fc.constant("reset" as const), a: fc.constant(0), b: fc.constant(0) }),
);

type Edit = { kind: "move" | "resize" | "reset"; a: number; b: number };

function applyEdit(layout: Layout, bp: Breakpoint, edit: Edit): Layout {
  if (edit.kind === "move") return moveCell(layout, bp, { colStart: edit.a, rowStart: edit.b });
  if (edit.kind === "resize") return resizeCell(layout, bp, { colSpan: edit.a, rowSpan: edit.b });
  return resetToInherited(layout, bp);
}

describe("layout editing properties", () => {
  it("every edit of a valid layout leaves a valid layout that the import accepts", () => {
    fc.assert(
      fc.property(layoutArb, fc.array(fc.tuple(bpArb, editArb), { maxLength: 8 }), (layout, edits) => {
        const edited = edits.reduce((current, [bp, edit]) => applyEdit(current, bp, edit), layout);
        expect(layoutIssues(edited, "$")).toEqual([]);
      }),
    );
  });

  it("an edit never changes a smaller breakpoint, and shows at the edited one exactly", () => {
    fc.assert(
      fc.property(layoutArb, bpArb, editArb, (layout, bp, edit) => {
        const edited = applyEdit(layout, bp, edit);
        for (const smaller of BREAKPOINTS.slice(0, BREAKPOINTS.indexOf(bp))) {
          for (const member of LAYOUT_MEMBERS) expect(edited[member][smaller]).toBe(layout[member][smaller]);
        }
        if (edit.kind === "move") {
          const rect = cellRect(edited, bp);
          expect(rect.colStart).toBe(Math.min(Math.max(edit.a, 1), GRID_COLUMNS + 1 - rect.colSpan));
        }
        if (edit.kind === "reset" && bp !== "xs") expect(isInherited(edited, bp)).toBe(true);
      }),
    );
  });

  it("larger breakpoints that inherited the edited one keep inheriting it; overridden ones keep their values, spans trimmed to fit", () => {
    fc.assert(
      fc.property(layoutArb, bpArb, editArb, (layout, bp, edit) => {
        const edited = applyEdit(layout, bp, edit);
        for (const member of LAYOUT_MEMBERS) {
          let isFollowing = true;
          for (const larger of BREAKPOINTS.slice(BREAKPOINTS.indexOf(bp) + 1)) {
            const prev = BREAKPOINTS[BREAKPOINTS.indexOf(larger) - 1] as Breakpoint;
            isFollowing = isFollowing && layout[member][larger] === layout[member][prev];
            const carried = isFollowing ? edited[member][bp] : layout[member][larger];
            // A span gives way where a carried start would push it past column 12.
            const fits = member === "colSpan" ? Math.min(carried, GRID_COLUMNS + 1 - edited.colStart[larger]) : carried;
            expect(edited[member][larger]).toBe(fits);
          }
        }
      }),
    );
  });

  it("flags a pair of cells exactly when some grid square lies in both", () => {
    const rectArb = fc
      .record({
        colStart: fc.integer({ min: 1, max: 12 }),
        rowStart: fc.integer({ min: 1, max: 4 }),
        colSpan: fc.integer({ min: 1, max: 12 }),
        rowSpan: fc.integer({ min: 1, max: 3 }),
      })
      .map((r) => ({ ...r, colSpan: Math.min(r.colSpan, 13 - r.colStart) }));
    const squares = (r: { colStart: number; colSpan: number; rowStart: number; rowSpan: number }) => {
      const out = new Set<string>();
      for (let c = r.colStart; c < r.colStart + r.colSpan; c++)
        for (let row = r.rowStart; row < r.rowStart + r.rowSpan; row++) out.add(`${c},${row}`);
      return out;
    };
    fc.assert(
      fc.property(rectArb, rectArb, (a, b) => {
        const shared = [...squares(a)].some((square) => squares(b).has(square));
        expect(overlappingCells([a, b]).size).toBe(shared ? 2 : 0);
      }),
    );
  });
});
