import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isInRange, navigate, rangeOf, singleCell, type GridSelection } from "~/components/model-editor/repeater-grid/grid-navigation";

const size = { rows: 5, cols: 4 };
const at = (row: number, col: number) => singleCell({ row, col });

describe("navigate", () => {
  it("moves one cell with the arrows and stops at the edges", () => {
    expect(navigate(at(2, 1), { key: "ArrowDown" }, size)).toEqual(at(3, 1));
    expect(navigate(at(2, 1), { key: "ArrowRight" }, size)).toEqual(at(2, 2));
    expect(navigate(at(0, 0), { key: "ArrowUp" }, size)).toEqual(at(0, 0));
    expect(navigate(at(0, 0), { key: "ArrowLeft" }, size)).toEqual(at(0, 0));
  });

  it("jumps to the edges with Ctrl and to the row's ends with Home and End", () => {
    expect(navigate(at(2, 1), { key: "ArrowDown", ctrlKey: true }, size)).toEqual(at(4, 1));
    expect(navigate(at(2, 1), { key: "Home" }, size)).toEqual(at(2, 0));
    expect(navigate(at(2, 1), { key: "End" }, size)).toEqual(at(2, 3));
    expect(navigate(at(2, 1), { key: "Home", ctrlKey: true }, size)).toEqual(at(0, 0));
    expect(navigate(at(2, 1), { key: "End", metaKey: true }, size)).toEqual(at(4, 3));
  });

  it("moves right with Tab, wrapping rows, and lets focus leave past the last cell", () => {
    expect(navigate(at(1, 3), { key: "Tab" }, size)).toEqual(at(2, 0));
    expect(navigate(at(2, 0), { key: "Tab", shiftKey: true }, size)).toEqual(at(1, 3));
    expect(navigate(at(4, 3), { key: "Tab" }, size)).toBeUndefined();
    expect(navigate(at(0, 0), { key: "Tab", shiftKey: true }, size)).toBeUndefined();
  });

  it("extends a range from its anchor with Shift", () => {
    const once = navigate(at(1, 1), { key: "ArrowDown", shiftKey: true }, size);
    const twice = once && navigate(once, { key: "ArrowRight", shiftKey: true }, size);
    expect(twice).toEqual({ anchor: { row: 1, col: 1 }, focus: { row: 2, col: 2 } });
    expect(twice && rangeOf(twice)).toEqual({ top: 1, left: 1, bottom: 2, right: 2 });
  });

  it("ignores other keys and Alt (kept for moving rows)", () => {
    expect(navigate(at(1, 1), { key: "a" }, size)).toBeUndefined();
    expect(navigate(at(1, 1), { key: "ArrowUp", altKey: true }, size)).toBeUndefined();
  });

  it("always lands inside the grid, with the focus inside the range", () => {
    const keys = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Tab"];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.record({ key: fc.constantFrom(...keys), ctrlKey: fc.boolean(), shiftKey: fc.boolean() }), { maxLength: 40 }),
        (rows, cols, presses) => {
          let selection: GridSelection = at(0, 0);
          for (const press of presses) {
            selection = navigate(selection, press, { rows, cols }) ?? selection;
            const { focus } = selection;
            expect(focus.row).toBeGreaterThanOrEqual(0);
            expect(focus.row).toBeLessThan(rows);
            expect(focus.col).toBeGreaterThanOrEqual(0);
            expect(focus.col).toBeLessThan(cols);
            expect(isInRange(rangeOf(selection), focus)).toBe(true);
          }
        },
      ),
    );
  });
});
