import { describe, expect, it } from "vitest";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import { NESTED, valueAtPath as v } from "~/domain/nested-template.fixture";
import type { PlannedItem } from "~/domain/spreadsheet/item-import-plan";
import { nestedItemSections } from "~/domain/spreadsheet/nested-item-template.fixture";
import { buildTemplateIndex } from "~/domain/template-index";
import { itemChanges } from "~/server/services/items/internal/import-changes";

/** What an import writes of one item in nested repeaters: rows compared and deleted by their whole path. */

const index = buildTemplateIndex(nestedItemSections());

/** Footprints 1 and 2; stages 1.1 and 1.3, sources 1.3.1 and 1.3.2; stage 2.1 (stored paths one less). */
const HELD = [
  v(NESTED.footprints, NESTED.method, [0], "PEF"),
  v(NESTED.footprints, NESTED.method, [1], "ISO"),
  v(NESTED.stages, NESTED.stage, [0, 0], "Raw"),
  v(NESTED.stages, NESTED.stage, [0, 2], "Production"),
  v(NESTED.sources, NESTED.source, [0, 2, 0], "Grid"),
  v(NESTED.sources, NESTED.source, [0, 2, 1], "Transport"),
  v(NESTED.stages, NESTED.stage, [1, 0], "Recycling"),
];
const held = new Map(HELD.map((value) => [tripleKey(value), value.value]));

function changesFor(rows: Record<string, TDataValue[]>) {
  const item: PlannedItem = { line: 3, identifiers: ["A"], values: [], repeaterRows: new Map(Object.entries(rows)) };
  return itemChanges({ item, itemId: crypto.randomUUID(), newIdentifiers: [] }, index, Object.keys(rows), held);
}

const of = (id: string) => HELD.filter((value) => value.dataSectionId === id);

describe("itemChanges in nested repeaters", () => {
  it("changes nothing for the rows the item holds", () => {
    expect(
      changesFor({
        [NESTED.footprints]: of(NESTED.footprints),
        [NESTED.stages]: of(NESTED.stages),
        [NESTED.sources]: of(NESTED.sources),
      }),
    ).toEqual({ deleteRows: [], add: [], modify: [] });
  });

  it("deletes a nested row by its whole path, modifies and adds at theirs", () => {
    const stages = [
      v(NESTED.stages, NESTED.stage, [0, 0], "Raw materials"),
      v(NESTED.stages, NESTED.stage, [1, 0], "Recycling"),
      v(NESTED.stages, NESTED.stage, [1, 3], "Use"),
    ];
    expect(changesFor({ [NESTED.stages]: stages })).toEqual({
      deleteRows: [{ dataSectionId: NESTED.stages, row: 0, innerRows: [2] }],
      add: [v(NESTED.stages, NESTED.stage, [1, 3], "Use")],
      modify: [v(NESTED.stages, NESTED.stage, [0, 0], "Raw materials")],
    });
  });

  it("names a deleted outer row once, not the rows nested in it", () => {
    const changes = changesFor({
      [NESTED.footprints]: of(NESTED.footprints).filter((value) => value.row === 1),
      [NESTED.stages]: of(NESTED.stages).filter((value) => value.row === 1),
      [NESTED.sources]: [],
    });
    expect(changes.deleteRows).toEqual([{ dataSectionId: NESTED.footprints, row: 0 }]);
  });
});
