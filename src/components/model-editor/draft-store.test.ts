import { describe, expect, it, vi } from "vitest";
import { DESCRIPTION_KEY, NAME_KEY, valueKey } from "~/components/model-editor/draft-keys";
import { DraftStore } from "~/components/model-editor/draft-store";
import type { TModel } from "~/domain/model-schema";

const GROUP = "11111111-1111-4111-8111-111111111111";
const REPEATER = "22222222-2222-4222-8222-222222222222";
const FIELD = "33333333-3333-4333-8333-333333333333";
const ROW_FIELD = "44444444-4444-4444-8444-444444444444";

function model(patch: Partial<TModel> = {}, rows: number[] = [0, 1]): TModel {
  return {
    id: "55555555-5555-4555-8555-555555555555",
    name: "Pack",
    description: "",
    gtin: null,
    uniqueProductIdentifiers: [],
    templateId: "66666666-6666-4666-8666-666666666666",
    dataValues: [
      { dataSectionId: GROUP, dataFieldId: FIELD, row: 0, value: "12" },
      ...rows.map((row) => ({ dataSectionId: REPEATER, dataFieldId: ROW_FIELD, row, value: `row ${row}` })),
    ],
    owner: "user",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    version: 1,
    publishOnStatusChange: false,
    ...patch,
  };
}

function store(initial = model()) {
  return new DraftStore(initial, {
    validate: (_key, value) => (value === "bad" ? "Bad value." : undefined),
    repeaterPathOf: (sectionId) => (sectionId === REPEATER ? [REPEATER] : []),
  });
}

const fieldKey = valueKey(GROUP, FIELD, 0);

describe("DraftStore", () => {
  it("counts an edit until it is typed back to the saved value", () => {
    const drafts = store();
    drafts.setInput(fieldKey, "13");
    expect(drafts.editCount).toBe(1);
    expect(drafts.value(fieldKey)).toBe("13");
    drafts.setInput(fieldKey, "12");
    expect(drafts.editCount).toBe(0);
  });

  it("reads an emptied input as no value", () => {
    const drafts = store();
    drafts.setInput(fieldKey, "");
    expect(drafts.pendingEdits().get(fieldKey)).toBeNull();
  });

  it("notifies only the key that changed", () => {
    const drafts = store();
    const own = vi.fn();
    const other = vi.fn();
    drafts.subscribeKey(fieldKey, own);
    drafts.subscribeKey(valueKey(REPEATER, ROW_FIELD, 1), other);
    drafts.setInput(fieldKey, "1");
    drafts.setInput(fieldKey, "14");
    expect(own).toHaveBeenCalledTimes(2);
    expect(other).not.toHaveBeenCalled();
  });

  it("lists rows per repeater and keeps the same array while they do not change", () => {
    const drafts = store();
    const rows = drafts.rows(REPEATER);
    expect(rows).toEqual([0, 1]);
    drafts.applyModel(model({ version: 2 }));
    expect(drafts.rows(REPEATER)).toBe(rows);
    drafts.applyModel(model({ version: 3 }, [0, 2]));
    expect(drafts.rows(REPEATER)).toEqual([0, 2]);
  });

  it("after a save drops the sent edits but keeps those typed while it ran", () => {
    const drafts = store();
    drafts.setInput(fieldKey, "20");
    drafts.setInput(NAME_KEY, "Pack 2");
    const sent = drafts.pendingEdits();
    drafts.setInput(NAME_KEY, "Pack 3");
    const saved = model({ version: 2, name: "Pack 2" });
    saved.dataValues[0] = { dataSectionId: GROUP, dataFieldId: FIELD, row: 0, value: "20" };
    drafts.applyModel(saved, sent);
    expect(drafts.version).toBe(2);
    expect([...drafts.pendingEdits()]).toEqual([[NAME_KEY, "Pack 3"]]);
  });

  it("keeps edits over a newer model, and a row edited here but removed elsewhere as a new row with the edit", () => {
    const drafts = store();
    drafts.setInput(fieldKey, "30");
    drafts.setInput(valueKey(REPEATER, ROW_FIELD, 1), "changed");
    const { droppedEdits, keptRows } = drafts.applyModel(model({ version: 5, description: "from elsewhere" }, [0]));
    expect(droppedEdits).toBe(0);
    expect(keptRows).toBe(1);
    expect(drafts.value(DESCRIPTION_KEY)).toBe("from elsewhere");
    // Row 1 is gone from the saved state; the draft re-adds it under a fresh number, with the edit.
    expect(drafts.savedRowsOf(REPEATER)).toEqual([0]);
    expect(drafts.rows(REPEATER)).toEqual([0, 2]);
    expect(drafts.isNewRow(REPEATER, 2)).toBe(true);
    expect([...drafts.pendingEdits()]).toEqual([
      [fieldKey, "30"],
      [valueKey(REPEATER, ROW_FIELD, 2), "changed"],
    ]);
  });

  it("re-adds a removed row whole: its other saved values come with the edit", () => {
    const OTHER = "77777777-7777-4777-8777-777777777777";
    const withTwoFields = model({}, [0, 1]);
    withTwoFields.dataValues.push({ dataSectionId: REPEATER, dataFieldId: OTHER, row: 1, value: "kept" });
    const drafts = store(withTwoFields);
    drafts.setInput(valueKey(REPEATER, ROW_FIELD, 1), "changed");
    drafts.applyModel(model({ version: 2 }, [0]));
    expect(drafts.value(valueKey(REPEATER, ROW_FIELD, 2))).toBe("changed");
    expect(drafts.value(valueKey(REPEATER, OTHER, 2))).toBe("kept");
    // A row removed elsewhere that this draft did not edit simply goes.
    const untouched = store(withTwoFields);
    expect(untouched.applyModel(model({ version: 2 }, [0])).keptRows).toBe(0);
    expect(untouched.rows(REPEATER)).toEqual([0]);
  });

  it("reports problems of edits only, and shows server errors until the value changes", () => {
    const drafts = store();
    drafts.setInput(fieldKey, "bad");
    expect(drafts.problems()).toEqual([{ key: fieldKey, message: "Bad value." }]);
    drafts.setServerErrors(new Map([[fieldKey, "Refused"]]));
    expect(drafts.serverError(fieldKey)).toBe("Refused");
    drafts.setInput(fieldKey, "ok");
    expect(drafts.serverError(fieldKey)).toBeUndefined();
    drafts.discard();
    expect(drafts.editCount).toBe(0);
  });
});

describe("DraftStore rows", () => {
  const rowKey = (row: number) => valueKey(REPEATER, ROW_FIELD, row);

  it("adds and removes rows as unsaved changes that Discard undoes", () => {
    const drafts = store();
    const added = drafts.insertRow(REPEATER);
    expect(added).toBe(2);
    expect(drafts.rows(REPEATER)).toEqual([0, 1, 2]);
    expect(drafts.isNewRow(REPEATER, 2)).toBe(true);
    drafts.setInput(rowKey(2), "typed");
    drafts.removeRow(REPEATER, 0);
    expect(drafts.rows(REPEATER)).toEqual([1, 2]);
    expect(drafts.editCount).toBe(3);
    drafts.discard();
    expect(drafts.rows(REPEATER)).toEqual([0, 1]);
    expect(drafts.editCount).toBe(0);
  });

  it("removing a new row again leaves no change behind, and a number is never reused", () => {
    const drafts = store();
    const row = drafts.insertRow(REPEATER);
    drafts.setInput(rowKey(row), "x");
    drafts.removeRow(REPEATER, row);
    expect(drafts.editCount).toBe(0);
    drafts.removeRow(REPEATER, 1);
    expect(drafts.insertRow(REPEATER)).toBe(2);
  });

  it("inserts at a position, moves and duplicates rows with their values", () => {
    const drafts = store();
    expect(drafts.insertRow(REPEATER, 0)).toBe(2);
    expect(drafts.rows(REPEATER)).toEqual([2, 0, 1]);
    drafts.moveRow(REPEATER, 1, 0);
    expect(drafts.rows(REPEATER)).toEqual([1, 2, 0]);
    const copy = drafts.duplicateRow(REPEATER, 1);
    expect(drafts.rows(REPEATER)).toEqual([1, 3, 2, 0]);
    expect(drafts.value(rowKey(copy))).toBe("row 1");
  });

  it("after a save with a reorder, edits typed meanwhile follow their renumbered row", () => {
    const drafts = store();
    drafts.moveRow(REPEATER, 1, 0);
    const sentRows = drafts.changedRows();
    drafts.setInput(rowKey(1), "typed while saving");
    const saved = model({ version: 2 });
    saved.dataValues = saved.dataValues.map((v) => (v.dataSectionId === REPEATER ? { ...v, row: 1 - v.row } : v));
    drafts.applyModel(saved, new Map(), sentRows);
    expect(drafts.rows(REPEATER)).toEqual([0, 1]);
    expect([...drafts.pendingEdits()]).toEqual([[rowKey(0), "typed while saving"]]);
  });

  it("keeps new rows over a newer model, under a fresh number when theirs was taken", () => {
    const drafts = store();
    const row = drafts.insertRow(REPEATER);
    drafts.setInput(rowKey(row), "mine");
    drafts.applyModel(model({ version: 3 }, [0, 1, 2]));
    expect(drafts.rows(REPEATER)).toEqual([0, 1, 3, 2]);
    expect(drafts.value(rowKey(3))).toBe("mine");
    expect(drafts.value(rowKey(2))).toBe("row 2");
  });

  it("keeps the draft as a snapshot and restores it", () => {
    const drafts = store();
    drafts.insertRow(REPEATER);
    drafts.setInput(fieldKey, "99");
    const snapshot = drafts.snapshot();
    const fresh = store();
    fresh.restore(snapshot);
    expect(fresh.rows(REPEATER)).toEqual([0, 1, 2]);
    expect(fresh.value(fieldKey)).toBe("99");
    expect(fresh.editCount).toBe(2);
  });
});
