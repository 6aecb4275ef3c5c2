import { describe, expect, it } from "vitest";
import { recordRowChange, redo, undo, writeCells } from "~/components/model-editor/draft-history";
import { DraftStore } from "~/components/model-editor/draft-store";
import { applyPlan } from "~/components/model-editor/repeater-grid/apply-plan";
import { cellKey, gridColumns } from "~/components/model-editor/repeater-grid/grid-columns";
import { planFillDown, planPaste } from "~/components/model-editor/repeater-grid/paste-plan";
import { batteryRepeater } from "~/components/model-editor/repeater-grid/test-support";

const { index, view } = batteryRepeater("Hazardous substances");
const columns = gridColumns(view);
const REPEATER = view.section.id;

/**
 * A store whose work is counted: each call of `repeaterPathOf` (the store's per-key lookup), and each call of a
 * listener, which in the app may read the whole draft (the completeness count does).
 */
function countedStore() {
  const counts = { lookups: 0, notifications: 0 };
  const store = new DraftStore(
    { version: 1, dataValues: [] },
    {
      validate: () => undefined,
      repeaterPathOf: (sectionId) => {
        counts.lookups++;
        return sectionId === REPEATER ? [REPEATER] : [];
      },
    },
  );
  const count = () => counts.notifications++;
  store.subscribeChanges(count);
  store.subscribeEdits(count);
  store.subscribeStructure(count);
  return { store, counts };
}

const block = (rows: number) => Array.from({ length: rows }, (_, r) => [`Substance ${r}`, "7440-48-4", "0.5"]);

/** Paste `rows` rows into the empty table, fill down, undo and redo both, delete them all: the work counted. */
function workFor(rows: number) {
  const { store, counts } = countedStore();
  const plan = planPaste({
    block: block(rows),
    target: { top: 0, left: 0, bottom: 0, right: 0 },
    columns,
    rowCount: 0,
    index,
    level: "Model",
    locale: "en-US",
  });
  applyPlan(store, { repeaterId: REPEATER, columns, rows: [], rowsToAdd: plan.rowsToAdd, cells: plan.cells });
  const pasted = { ...counts };
  const all = store.rows(REPEATER);
  const fills = planFillDown({ top: 0, left: 0, bottom: rows - 1, right: 2 }, (row, col) =>
    store.value(cellKey(columns[col] ?? columns[0]!, all[row] ?? -1)),
  );
  writeCells(
    store,
    fills.map(({ row, col, value }) => ({ key: cellKey(columns[col] ?? columns[0]!, all[row] ?? -1), value })),
  );
  undo(store);
  undo(store);
  redo(store);
  recordRowChange(store, REPEATER, () => store.removeRows(REPEATER, all));
  undo(store);
  return { store, pasted, total: { ...counts } };
}

describe("paste, import, fill-down, delete and undo at spreadsheet scale", () => {
  it("adds the rows and values of a paste in one update of the draft, undone and redone in one", () => {
    const { store, pasted } = workFor(1000);
    // One notification per channel (changes, edits, structure) for the whole paste of 1,000 rows.
    expect(pasted.notifications).toBe(3);
    expect(store.rows(REPEATER)).toHaveLength(1000);
    expect(store.value(cellKey(columns[0]!, store.rows(REPEATER)[999]!))).toBe("Substance 999");
  });

  it("does work in proportion to the rows: twice the rows, about twice the work, not four times", () => {
    const small = workFor(1000).total;
    const large = workFor(2000).total;
    expect(large.notifications).toBe(small.notifications);
    expect(large.lookups / small.lookups).toBeLessThan(2.5);
  });

  it("removes many rows with one pass over the draft's keys", () => {
    const { store, counts } = countedStore();
    recordRowChange(store, REPEATER, () => {
      for (const row of store.insertRows(REPEATER, 500)) store.setInput(cellKey(columns[0]!, row), "x");
    });
    const before = counts.lookups;
    recordRowChange(store, REPEATER, () => store.removeRows(REPEATER, store.rows(REPEATER)));
    expect(store.rows(REPEATER)).toHaveLength(0);
    expect(store.editCount).toBe(0);
    expect(counts.lookups - before).toBeLessThanOrEqual(500 * 2);
  });
});
