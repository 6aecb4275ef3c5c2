import { describe, expect, it } from "vitest";
import { columnGroups, gridColumns } from "~/components/model-editor/repeater-grid/grid-columns";
import { planFillDown, planPaste } from "~/components/model-editor/repeater-grid/paste-plan";
import { batteryRepeater } from "~/components/model-editor/repeater-grid/test-support";
import { parseTsv } from "~/components/model-editor/repeater-grid/tsv";

const { index, view } = batteryRepeater("Hazardous substances");
const columns = gridColumns(view);
const at = (row: number, col: number) => ({ top: row, left: col, bottom: row, right: col });

describe("gridColumns", () => {
  it("lists the repeater's fields, then nested sections' fields under their group", () => {
    expect(columns.map((c) => c.field.name)).toEqual([
      "Substance name",
      "CAS number",
      "Concentration",
      "Hazard class",
      "Location in battery",
    ]);
    const recycled = gridColumns(batteryRepeater("Recycled content").view);
    expect(recycled.map((c) => c.group?.name)).toEqual([undefined, undefined, undefined, "Evidence", "Evidence"]);
    expect(columnGroups(recycled).map(({ name, span }) => [name, span])).toEqual([
      [undefined, 3],
      ["Evidence", 2],
    ]);
  });
});

describe("planPaste", () => {
  it("places a block at the cell, adds the rows it needs and gives each refused cell its reason", () => {
    const block = parseTsv("Cobalt\t7440-48-4\t0.5\r\nLead\t7439-92-1\tlots\r\nNickel\t7440-02-0\t101\r\n");
    const plan = planPaste({ block, target: at(1, 0), columns, rowCount: 2, index, level: "Model", locale: "en-US" });
    expect(plan.rowsToAdd).toBe(2);
    expect(plan.cells).toHaveLength(9);
    const problems = plan.cells.filter((cell) => cell.problem).map(({ row, col, problem }) => ({ row, col, problem }));
    expect(problems).toEqual([
      { row: 2, col: 2, problem: expect.stringContaining("Concentration") },
      { row: 3, col: 2, problem: expect.stringContaining("100") },
    ]);
  });

  it("reads a number as the browser's locale writes it, as a cell typed there does", () => {
    const block = parseTsv("Cobalt\t7440-48-4\t12,5\r\nLead\t7439-92-1\t1.234\r\n");
    const german = planPaste({ block, target: at(0, 0), columns, rowCount: 2, index, level: "Model", locale: "de-DE" });
    expect(german.cells.filter((cell) => cell.col === 2).map(({ value, problem }) => ({ value, problem }))).toEqual([
      { value: "12.5", problem: undefined },
      // 1.234 is 1234 under de-DE, as Excel there writes it: over the concentration's 100.
      { value: "1234", problem: expect.stringContaining("100") },
    ]);
    const english = planPaste({ block, target: at(0, 0), columns, rowCount: 2, index, level: "Model", locale: "en-US" });
    expect(english.cells.filter((cell) => cell.col === 2).map(({ value }) => value)).toEqual(["12,5", "1.234"]);
  });

  it("clears cells for empty pasted cells, a required field's too (incomplete work may be saved)", () => {
    const plan = planPaste({ block: [["", "x"]], target: at(0, 0), columns, rowCount: 1, index, level: "Model", locale: "en-US" });
    expect(plan.cells[0]).toEqual({ row: 0, col: 0, value: null });
    expect(plan.cells[1]).toEqual({ row: 0, col: 1, value: "x" });
  });

  it("leaves out cells right of the last column and fills a range with a single cell", () => {
    expect(
      planPaste({ block: [["a", "b", "c"]], target: at(0, 3), columns, rowCount: 1, index, level: "Model", locale: "en-US" })
        .clippedCells,
    ).toBe(1);
    const fill = planPaste({
      block: [["Cathode"]],
      target: { top: 0, left: 4, bottom: 2, right: 4 },
      columns,
      rowCount: 5,
      index,
      level: "Model",
      locale: "en-US",
    });
    expect(fill.cells.map((c) => [c.row, c.value])).toEqual([
      [0, "Cathode"],
      [1, "Cathode"],
      [2, "Cathode"],
    ]);
  });
});

describe("planFillDown", () => {
  const grid = [
    ["a", "1"],
    ["b", null],
    ["c", "3"],
  ];
  const valueAt = (row: number, col: number) => grid[row]?.[col] ?? null;

  it("copies the range's top row into the rows below it", () => {
    expect(planFillDown({ top: 0, left: 0, bottom: 2, right: 1 }, valueAt)).toEqual([
      { row: 1, col: 0, value: "a" },
      { row: 2, col: 0, value: "a" },
      { row: 1, col: 1, value: "1" },
      { row: 2, col: 1, value: "1" },
    ]);
  });

  it("copies the cell above into a one-row range, and nothing at the top", () => {
    expect(planFillDown(at(2, 1), valueAt)).toEqual([{ row: 2, col: 1, value: null }]);
    expect(planFillDown(at(0, 0), valueAt)).toEqual([]);
  });
});
