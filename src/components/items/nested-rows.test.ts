import { describe, expect, it } from "vitest";
import { holdsRepeater, rowTree } from "~/components/items/nested-rows";
import { buildSectionViews } from "~/components/models/section-views";
import { NESTED, nestedTemplate, valueAtPath as v } from "~/domain/nested-template.fixture";
import { parseTemplateDefinition } from "~/domain/template-definition";

function footprintsView() {
  const parsed = parseTemplateDefinition(nestedTemplate());
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const { roots } = buildSectionViews(parsed.value.sections, { level: "Model" });
  const view = roots.find(({ view: root }) => root.section.id === NESTED.footprints)?.view;
  if (!view) throw new Error("no footprints");
  return view;
}

describe("rowTree", () => {
  it("shows each inner row under its parent row, never merged with another parent's row of the same number", () => {
    const view = footprintsView();
    expect(holdsRepeater(view)).toBe(true);
    const values = [
      v(NESTED.footprints, NESTED.method, [1], "ISO"),
      v(NESTED.footprints, NESTED.method, [0], "PEF"),
      v(NESTED.validity, NESTED.validUntil, [0], "2030-01-01"),
      v(NESTED.stages, NESTED.stage, [0, 0], "Raw"),
      v(NESTED.stages, NESTED.stage, [1, 0], "Recycling"),
      v(NESTED.stages, NESTED.share, [1, 0], null),
      v(NESTED.sources, NESTED.source, [0, 0, 1], "Transport"),
    ];
    const tree = rowTree(view, values, (_field, value) => value.toUpperCase());
    expect(tree.rows.map((row) => row.path)).toEqual([[0], [1]]);
    const [first, second] = tree.rows;
    expect(first?.cells.map((cell) => [cell.label, cell.text])).toEqual([
      ["Calculation method", "PEF"],
      ["Validity › Valid until", "2030-01-01"],
    ]);
    expect(first?.nested[0]?.rows.map((row) => row.cells.map((cell) => cell.text))).toEqual([["RAW"]]);
    expect(first?.nested[0]?.rows[0]?.nested[0]?.rows.map((row) => [row.path, row.cells[0]?.text])).toEqual([
      [[0, 0, 1], "TRANSPORT"],
    ]);
    // Stage 1.0 is footprint 1's first stage, not a second value of footprint 0's first one; empty values are not listed.
    expect(second?.nested[0]?.rows.map((row) => [row.path, row.cells.map((cell) => cell.text)])).toEqual([[[1, 0], ["RECYCLING"]]]);
    expect(second?.nested[0]?.rows[0]?.nested[0]?.rows).toEqual([]);
  });
});
