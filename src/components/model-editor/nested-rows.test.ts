import { describe, expect, it } from "vitest";
import { countFilled, slotKey } from "~/components/model-editor/completeness";
import {
  isInsideRow,
  parseRowListKey,
  parseValueKey,
  placeInRows,
  placeKey,
  rowListKey,
  rowMinimumKey,
  valueKey,
} from "~/components/model-editor/draft-keys";
import { recordRowChange, undo } from "~/components/model-editor/draft-history";
import { DraftStore } from "~/components/model-editor/draft-store";
import { saveRequest } from "~/components/model-editor/editor-requests";
import { withProblems } from "~/components/model-editor/repeater-grid/paste-plan";
import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { allRequiredSlots } from "~/domain/completeness";
import type { TDataValue } from "~/domain/data-value";
import { NESTED, nestedTemplate, valueAtPath as v } from "~/domain/nested-template.fixture";
import { newRowAt } from "~/domain/repeater-rows";
import { splitRowPath } from "~/domain/row-path";
import { parseTemplateDefinition } from "~/domain/template-definition";
import { buildTemplateIndex } from "~/domain/template-index";

/** The editor's draft through nested repeaters (docs/editor.md §Nested repeaters), on the shared nested fixture. */

const parsed = parseTemplateDefinition(nestedTemplate());
if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
const index = buildTemplateIndex(parsed.value.sections);
const repeaterPathOf = (sectionId: string) => index.sections.get(sectionId)?.repeaterPath ?? [];

/** Footprint 0 with stages 0 and 1; stage 0 has sources 0 and 1, stage 1 none. */
const saved: TDataValue[] = [
  v(NESTED.general, NESTED.name, [0], "Pack"),
  v(NESTED.footprints, NESTED.method, [0], "ISO 14067"),
  v(NESTED.footprints, NESTED.amount, [0], "12"),
  v(NESTED.validity, NESTED.validUntil, [0], null),
  v(NESTED.stages, NESTED.stage, [0, 0], "Raw material"),
  v(NESTED.stages, NESTED.share, [0, 0], "60"),
  v(NESTED.stages, NESTED.stage, [0, 1], "Production"),
  v(NESTED.stages, NESTED.share, [0, 1], "40"),
  v(NESTED.sources, NESTED.source, [0, 0, 0], "Mine A"),
  v(NESTED.sources, NESTED.source, [0, 0, 1], "Mine B"),
];

const stagesOf0 = rowListKey(NESTED.stages, [0]);
const sourcesOf00 = rowListKey(NESTED.sources, [0, 0]);

function draft() {
  return new DraftStore({ version: 1, dataValues: saved }, { validate: () => undefined, repeaterPathOf });
}

function save(store: DraftStore) {
  return saveRequest({
    edits: store.pendingEdits(),
    rows: store.changedRows(),
    savedRows: (list) => store.savedRowsOf(list),
    repeaterPathOf,
    isSaved: (key) => store.savedValues().has(key),
    newRow: (repeaterId, path) => {
      const { row, innerRows } = splitRowPath(path);
      return newRowAt(index, repeaterId, row, "Model", innerRows) ?? [];
    },
  })?.changes;
}

describe("nested rows in the editor's draft", () => {
  it("keys a value by its whole row path, as tripleKey does", () => {
    const key = valueKey(NESTED.sources, NESTED.source, [3, 0, 2]);
    expect(key).toBe(`${NESTED.sources}|${NESTED.source}|3.0.2`);
    expect(parseValueKey(key)).toEqual({ dataSectionId: NESTED.sources, dataFieldId: NESTED.source, row: 3, innerRows: [0, 2] });
    expect(placeKey({ dataSectionId: NESTED.general, dataFieldId: NESTED.name, row: 0 })).toBe(`${NESTED.general}|${NESTED.name}|0`);
  });

  it("lists the rows of a nested repeater under each parent row", () => {
    const store = draft();
    expect(store.rows(NESTED.footprints)).toEqual([0]);
    expect(store.rows(stagesOf0)).toEqual([0, 1]);
    expect(store.rows(sourcesOf00)).toEqual([0, 1]);
    expect(store.rows(rowListKey(NESTED.sources, [0, 1]))).toEqual([]);
  });

  it("saves a new stage with a new source inside as adds at their paths, the rows completed", () => {
    const store = draft();
    const stage = store.insertRow(stagesOf0);
    const source = store.insertRow(rowListKey(NESTED.sources, [0, stage]));
    store.setInput(valueKey(NESTED.stages, NESTED.stage, [0, stage]), "Use");
    store.setInput(valueKey(NESTED.sources, NESTED.source, [0, stage, source]), "Grid mix");
    expect(save(store)).toEqual({
      add: [
        { dataSectionId: NESTED.stages, dataFieldId: NESTED.stage, row: 0, innerRows: [2], value: "Use" },
        { dataSectionId: NESTED.stages, dataFieldId: NESTED.share, row: 0, innerRows: [2], value: null },
        { dataSectionId: NESTED.sources, dataFieldId: NESTED.source, row: 0, innerRows: [2, 0], value: "Grid mix" },
      ],
    });
  });

  it("deletes a nested row by its whole path and drops the edits and rows inside it", () => {
    const store = draft();
    store.setInput(valueKey(NESTED.sources, NESTED.source, [0, 0, 1]), "Mine C");
    store.insertRow(sourcesOf00);
    store.removeRow(stagesOf0, 0);
    expect(store.rows(stagesOf0)).toEqual([1]);
    expect(store.changedRows().has(sourcesOf00)).toBe(false);
    expect(store.pendingEdits().size).toBe(0);
    expect(save(store)).toEqual({ deleteRows: [{ dataSectionId: NESTED.stages, row: 0, innerRows: [0] }] });
  });

  it("duplicates a row with everything inside it, at every level, and Undo takes all of it back", () => {
    const store = draft();
    store.setInput(valueKey(NESTED.sources, NESTED.source, [0, 0, 1]), "Mine C");
    const copy = recordRowChange(store, NESTED.footprints, () => store.duplicateRow(NESTED.footprints, 0));
    expect(store.rows(NESTED.footprints)).toEqual([0, copy]);
    expect(store.rows(rowListKey(NESTED.stages, [copy]))).toEqual([0, 1]);
    expect(store.rows(rowListKey(NESTED.sources, [copy, 0]))).toEqual([0, 1]);
    const added = save(store)?.add ?? [];
    const at = (section: string, field: string, path: number[]) =>
      added.find((value) => placeKey(value) === valueKey(section, field, path))?.value;
    expect(at(NESTED.footprints, NESTED.method, [copy])).toBe("ISO 14067");
    expect(at(NESTED.stages, NESTED.stage, [copy, 1])).toBe("Production");
    expect(at(NESTED.stages, NESTED.share, [copy, 0])).toBe("60");
    expect(at(NESTED.sources, NESTED.source, [copy, 0, 0])).toBe("Mine A");
    // The copy holds what the draft shows, the unsaved edit included.
    expect(at(NESTED.sources, NESTED.source, [copy, 0, 1])).toBe("Mine C");

    undo(store);
    expect(store.rows(NESTED.footprints)).toEqual([0]);
    expect([...store.changedRows().keys()]).toEqual([]);
    expect([...store.pendingEdits().keys()]).toEqual([valueKey(NESTED.sources, NESTED.source, [0, 0, 1])]);
  });

  it("duplicates an inner row with its own inner rows, and leaves out an inner row the draft removed", () => {
    const store = draft();
    store.removeRow(sourcesOf00, 0);
    const copy = store.duplicateRow(stagesOf0, 0);
    expect(store.rows(stagesOf0)).toEqual([0, copy, 1]);
    expect(store.rows(rowListKey(NESTED.sources, [0, copy]))).toEqual([1]);
    const added = save(store)?.add ?? [];
    expect(added.filter((value) => value.dataSectionId === NESTED.sources).map((value) => [value.innerRows, value.value])).toEqual([
      [[copy, 1], "Mine B"],
    ]);
  });

  it("reorders nested rows inside their parent row, deepest first so every parent is named as the draft knows it", () => {
    const store = draft();
    store.moveRow(sourcesOf00, 1, 0);
    store.moveRow(stagesOf0, 1, 0);
    expect(save(store)?.reorder).toEqual([
      { dataSectionId: NESTED.sources, parentRows: [0, 0], rows: [1, 0] },
      { dataSectionId: NESTED.stages, parentRows: [0], rows: [1, 0] },
    ]);
  });

  it("moves the edits inside a reordered row with it once the server renumbered it", () => {
    const store = draft();
    store.moveRow(stagesOf0, 1, 0);
    const sentRows = store.changedRows();
    const typed = valueKey(NESTED.sources, NESTED.source, [0, 0, 1]);
    store.setInput(typed, "Typed while saving");
    // The server's answer: stage 1 is now stage 0 and the other way round.
    const renumbered = saved.map((value) =>
      value.innerRows && value.dataSectionId !== NESTED.footprints
        ? { ...value, innerRows: [1 - (value.innerRows[0] as number), ...value.innerRows.slice(1)] }
        : value,
    );
    store.applyModel({ version: 2, dataValues: renumbered }, new Map(), sentRows);
    expect([...store.pendingEdits().keys()]).toEqual([valueKey(NESTED.sources, NESTED.source, [0, 1, 1])]);
  });

  it("renumbers an edit typed while saving through both levels its rows were reordered at", () => {
    const store = draft();
    // The outer list first: the draft's lists come in the order they changed, not deepest first.
    store.moveRow(stagesOf0, 1, 0);
    store.moveRow(sourcesOf00, 1, 0);
    const sentRows = store.changedRows();
    store.setInput(valueKey(NESTED.sources, NESTED.source, [0, 0, 1]), "Typed while saving");
    // The server's answer: the stages swapped, and the sources of the old stage 0 (now stage 1) swapped too.
    const renumbered = saved.map((value) => {
      if (!value.innerRows) return value;
      const [stage = 0, source] = value.innerRows;
      return { ...value, innerRows: source === undefined ? [1 - stage] : [1 - stage, stage === 0 ? 1 - source : source] };
    });
    store.applyModel({ version: 2, dataValues: renumbered }, new Map(), sentRows);
    expect([...store.pendingEdits().keys()]).toEqual([valueKey(NESTED.sources, NESTED.source, [0, 1, 0])]);
  });

  it("counts the required fields of every nested row, and an empty stage as missing", () => {
    const store = draft();
    const stage = store.insertRow(stagesOf0);
    const slots = allRequiredSlots(index, "Model", (id, parentRows) => store.rows(rowListKey(id, parentRows)));
    const keys = slots.map((slot) => slotKey(slot, () => undefined));
    expect(keys).toEqual([
      valueKey(NESTED.general, NESTED.name, 0),
      valueKey(NESTED.footprints, NESTED.method, [0]),
      valueKey(NESTED.stages, NESTED.stage, [0, 0]),
      valueKey(NESTED.stages, NESTED.stage, [0, 1]),
      valueKey(NESTED.stages, NESTED.stage, [0, stage]),
    ]);
    const counted = countFilled(
      slots,
      (key) => store.value(key),
      (id, parentRows) => store.rows(rowListKey(id, parentRows)),
      () => undefined,
    );
    expect(counted).toEqual({ filled: 4, required: 5 });
  });

  it("undoes removing a row together with the new rows nested in it", () => {
    const store = draft();
    const stage = recordRowChange(store, stagesOf0, () => store.insertRow(stagesOf0));
    store.setInput(valueKey(NESTED.stages, NESTED.stage, [0, stage]), "Use");
    recordRowChange(store, NESTED.footprints, () => store.removeRow(NESTED.footprints, 0));
    expect(store.rows(stagesOf0)).toEqual([0, 1]);
    undo(store);
    expect(store.rows(NESTED.footprints)).toEqual([0]);
    expect(store.rows(stagesOf0)).toEqual([0, 1, stage]);
    expect(store.value(valueKey(NESTED.stages, NESTED.stage, [0, stage]))).toBe("Use");
  });

  it("checks a cell pasted into a nested table at its whole path", () => {
    const field = index.sections.get(NESTED.sources)?.fields.get(NESTED.source);
    if (!field) throw new Error("No source field");
    const column: GridColumn = { sectionId: NESTED.sources, field, parentPath: [0, 1] };
    expect(withProblems([{ row: 0, col: 0, value: "Grid mix" }], [column], index, "Model")).toEqual([
      { row: 0, col: 0, value: "Grid mix" },
    ]);
  });

  it("places a value and a nested list's Add row in the rows around them, for the lists that reveal them", () => {
    // Each list asked, outermost first: the footprints, the stages of footprint 33, the sources of its stage 4.
    const footprints = parseRowListKey(NESTED.footprints);
    const stagesOf33 = parseRowListKey(rowListKey(NESTED.stages, [33]));
    const sourcesOf334 = parseRowListKey(rowListKey(NESTED.sources, [33, 4]));
    const inside = (key: string, list: typeof footprints, row: number) => {
      const place = placeInRows(key, index);
      return place !== undefined && isInsideRow(place.repeaterPath, place.path, list, row);
    };
    const source = valueKey(NESTED.sources, NESTED.source, [33, 4, 2]);
    expect(placeInRows(source, index)).toEqual({ repeaterPath: [NESTED.footprints, NESTED.stages, NESTED.sources], path: [33, 4, 2] });
    expect([inside(source, footprints, 33), inside(source, stagesOf33, 4), inside(source, sourcesOf334, 2)]).toEqual([
      true,
      true,
      true,
    ]);
    expect([inside(source, footprints, 32), inside(source, stagesOf33, 3), inside(source, sourcesOf334, 1)]).toEqual([
      false,
      false,
      false,
    ]);
    // The Add row of the sources of stage 33.4 ends that list: inside footprint 33 and its stage 4, in no source row.
    const sourcesMinimum = rowMinimumKey(rowListKey(NESTED.sources, [33, 4]), 0);
    expect(placeInRows(sourcesMinimum, index)).toEqual({
      repeaterPath: [NESTED.footprints, NESTED.stages, NESTED.sources],
      path: [33, 4],
    });
    expect([inside(sourcesMinimum, footprints, 33), inside(sourcesMinimum, stagesOf33, 4)]).toEqual([true, true]);
    expect(placeInRows(sourcesMinimum, index)?.path[sourcesOf334.parentPath.length]).toBeUndefined();
    // Outside every repeater: in no row of any list; the model's name is no place at all.
    const name = valueKey(NESTED.general, NESTED.name, 0);
    expect(inside(name, footprints, 0)).toBe(false);
    expect(placeInRows("model|name", index)).toBeUndefined();
  });
});
