import { describe, expect, it } from "vitest";
import { gridColumns } from "~/components/model-editor/repeater-grid/grid-columns";
import { exportTable, mapHeaders, planImport } from "~/components/model-editor/repeater-grid/row-import";
import { batteryRepeater } from "~/components/model-editor/repeater-grid/test-support";

const hazardous = batteryRepeater("Hazardous substances");
const columns = gridColumns(hazardous.view);

describe("mapHeaders", () => {
  it("maps headers to fields by name, ignoring case, spacing and a unit, each field once", () => {
    expect(mapHeaders([" substance NAME ", "Concentration (%)", "Notes", "Substance name"], columns)).toEqual([
      0,
      2,
      undefined,
      undefined,
    ]);
  });

  it("reads back the group titles of exports", () => {
    const recycled = gridColumns(batteryRepeater("Recycled content").view);
    expect(mapHeaders(["Evidence › Certificate", "Certification body"], recycled)).toEqual([3, 4]);
  });
});

describe("planImport", () => {
  it("plans one row per data line, skips blank lines and gives each bad cell its reason", () => {
    const plan = planImport(
      [
        ["Substance name", "Concentration", "Colour"],
        ["Cobalt", "0.5", "blue"],
        ["", "", ""],
        ["", "abc", "red"],
      ],
      columns,
      hazardous.index,
      "Model",
    );
    expect(plan.rowCount).toBe(2);
    expect(plan.ignoredHeaders).toEqual(["Colour"]);
    // An empty required cell is incomplete work, not a problem (docs/editor.md); "abc" is no number.
    expect(plan.problemCount).toBe(1);
    expect(plan.cells.filter((c) => c.problem).map((c) => [c.row, c.col])).toEqual([[1, 2]]);
  });

  it("reads an exported table back into the same cells", () => {
    const values = new Map([
      ["0:0", "Cobalt"],
      ["0:2", "0.5"],
      ["1:0", "Lead"],
    ]);
    const table = exportTable(columns, [0, 1], (column, row) => values.get(`${row}:${columns.indexOf(column)}`) ?? null);
    const plan = planImport(table, columns, hazardous.index, "Model");
    expect(plan.cells.filter((c) => c.value !== null).map((c) => `${c.row}:${c.col}=${c.value}`)).toEqual([
      "0:0=Cobalt",
      "0:2=0.5",
      "1:0=Lead",
    ]);
  });
});
