import { describe, expect, it } from "vitest";
import { normalizeLayout, type LayoutInput } from "~/domain/layout";
import { placeSectionCells } from "~/domain/cell-placement";

const layout = (input: LayoutInput) => normalizeLayout(input, 1);

// Two fields side by side from md up, stacked below (as in the battery seed), and a nested section at rowStart 1.
const left = layout({ colStart: { xs: 1, md: 1 }, colSpan: { xs: 12, md: 6 }, rowStart: { xs: 1, md: 1 } });
const right = layout({ colStart: { xs: 1, md: 7 }, colSpan: { xs: 12, md: 6 }, rowStart: { xs: 2, md: 1 } });
const nested = layout({ colStart: { xs: 1 }, colSpan: { xs: 12 }, rowStart: { xs: 1 } });

describe("placeSectionCells", () => {
  it("keeps field layouts as given", () => {
    const { fields } = placeSectionCells([left, right], []);
    expect(fields[1]?.xs).toEqual({ colStart: 1, colSpan: 12, rowStart: 2, rowSpan: 1 });
    expect(fields[1]?.md).toEqual({ colStart: 7, colSpan: 6, rowStart: 1, rowSpan: 1 });
    expect(fields[1]?.xl).toEqual({ colStart: 7, colSpan: 6, rowStart: 1, rowSpan: 1 });
  });

  it("moves a nested section that would cover the fields below them, per breakpoint", () => {
    const { subSections } = placeSectionCells([left, right], [nested]);
    expect(subSections[0]?.xs.rowStart).toBe(3);
    expect(subSections[0]?.md.rowStart).toBe(2);
  });

  it("leaves a nested section placed beside the fields where it is", () => {
    const beside = layout({ colStart: { xs: 1, md: 7 }, colSpan: { xs: 12, md: 6 }, rowStart: { xs: 1, md: 1 } });
    const { subSections } = placeSectionCells([layout({ colSpan: { xs: 12, md: 6 }, rowStart: { xs: 1 } })], [beside]);
    expect(subSections[0]?.xs.rowStart).toBe(2);
    expect(subSections[0]?.md).toEqual({ colStart: 7, colSpan: 6, rowStart: 1, rowSpan: 1 });
  });

  it("lets overlapping fields flow in order at the breakpoints where they collide", () => {
    const a = layout({ colSpan: { xs: 12, md: 6 }, rowStart: { xs: 1 } });
    const b = layout({ colStart: { xs: 1, md: 7 }, colSpan: { xs: 12, md: 6 }, rowStart: { xs: 1 } });
    const { fields } = placeSectionCells([a, b], []);
    expect(fields[0]?.xs.rowStart).toBe("auto");
    expect(fields[1]?.xs).toEqual({ colStart: 1, colSpan: 12, rowStart: "auto", rowSpan: 1 });
    expect(fields[1]?.md.rowStart).toBe(1);
  });

  it("leaves out the rows no cell occupies, keeping each cell's columns, span and order", () => {
    // Rows 2, 5 and 6 were another level's fields (or a restricted one's): not shown, so not kept as empty bands.
    const at = (rowStart: number, rowSpan = 1) =>
      layout({ colSpan: { xs: 12, md: 6 }, rowStart: { xs: rowStart }, rowSpan: { xs: rowSpan } });
    const { fields, subSections } = placeSectionCells([at(1), at(3, 2), at(7)], [nested]);
    expect(fields.map((cell) => [cell.xs.rowStart, cell.xs.rowSpan])).toEqual([
      [1, 1],
      [2, 2],
      [4, 1],
    ]);
    expect(subSections[0]?.xs).toEqual({ colStart: 1, colSpan: 12, rowStart: 5, rowSpan: 1 });
    expect(fields[1]?.md).toEqual({ colStart: 1, colSpan: 6, rowStart: 2, rowSpan: 2 });
  });

  it("clamps stored values into the grid", () => {
    const wide = { ...left, colStart: { ...left.colStart, xs: 10 }, colSpan: { ...left.colSpan, xs: 12 } };
    expect(placeSectionCells([wide], []).fields[0]?.xs).toMatchObject({ colStart: 10, colSpan: 3 });
  });
});
