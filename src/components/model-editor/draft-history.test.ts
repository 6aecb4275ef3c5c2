import { describe, expect, it } from "vitest";
import { valueKey } from "~/components/model-editor/draft-keys";
import { DraftStore, type EditorOwnerState } from "~/components/model-editor/draft-store";
import {
  beginFieldEdit,
  endFieldEdit,
  historyOf,
  historySteps,
  openFieldEdit,
  recordRowChange,
  redo,
  subscribeHistorySteps,
  undo,
  writeCells,
} from "~/components/model-editor/draft-history";

const REPEATER = "22222222-2222-4222-8222-222222222222";
const FIELD = "44444444-4444-4444-8444-444444444444";
const key = (row: number) => valueKey(REPEATER, FIELD, row);

function owner(values: string[], version = 1): EditorOwnerState {
  return { version, dataValues: values.map((value, row) => ({ dataSectionId: REPEATER, dataFieldId: FIELD, row, value })) };
}

function store() {
  return new DraftStore(owner(["a", "b", "c"]), { validate: () => undefined, repeaterPathOf: () => [REPEATER] });
}

const shown = (s: DraftStore) => s.rows(REPEATER).map((row) => s.value(key(row)));

describe("the grid's undo history over the draft", () => {
  it("undoes and redoes cell writes, row moves, removals and rows added with values, in order", () => {
    const s = store();
    writeCells(s, [{ key: key(0), value: "A" }]);
    recordRowChange(s, REPEATER, () => s.moveRow(REPEATER, 2, 0));
    recordRowChange(s, REPEATER, () => s.removeRow(REPEATER, 1));
    recordRowChange(s, REPEATER, () => {
      const row = s.insertRow(REPEATER);
      s.setInput(key(row), "new");
    });
    const states = [
      ["a", "b", "c"],
      ["A", "b", "c"],
      ["c", "A", "b"],
      ["c", "A"],
      ["c", "A", "new"],
    ];
    expect(shown(s)).toEqual(states[4]);
    for (let i = 3; i >= 0; i--) {
      undo(s);
      expect(shown(s)).toEqual(states[i]);
    }
    expect(s.editCount).toBe(0);
    expect(undo(s)).toBeUndefined();
    for (let i = 1; i <= 4; i++) {
      redo(s);
      expect(shown(s)).toEqual(states[i]);
    }
  });

  it("starts afresh once the draft is saved", () => {
    const s = store();
    writeCells(s, [{ key: key(1), value: "B" }]);
    expect(historyOf(s).canUndo).toBe(true);
    s.applyModel(owner(["a", "B", "c"], 2), s.pendingEdits());
    expect(historyOf(s).canUndo).toBe(false);
  });
});

describe("field edits in the form", () => {
  const type = (s: DraftStore, k: string, texts: string[]) => texts.forEach((text) => s.setInput(k, text));

  it("records one step per field edit, from focus to blur, however many keystrokes it took", () => {
    const s = store();
    beginFieldEdit(s, key(0));
    type(s, key(0), ["a1", "a12", "a123"]);
    expect(openFieldEdit(s)).toEqual({ key: key(0), isChanged: true });
    endFieldEdit(s, key(0));
    beginFieldEdit(s, key(1));
    endFieldEdit(s, key(1));
    beginFieldEdit(s, key(2));
    type(s, key(2), ["c!"]);
    endFieldEdit(s, key(2));
    expect(shown(s)).toEqual(["a123", "b", "c!"]);
    undo(s);
    expect(shown(s)).toEqual(["a123", "b", "c"]);
    undo(s);
    expect(shown(s)).toEqual(["a", "b", "c"]);
    expect(undo(s)).toBeUndefined();
    redo(s);
    redo(s);
    expect(shown(s)).toEqual(["a123", "b", "c!"]);
  });

  it("undoes a change still open in the focused field first, and the field's next edit starts from the undone value", () => {
    const s = store();
    writeCells(s, [{ key: key(1), value: "B" }]);
    beginFieldEdit(s, key(0));
    type(s, key(0), ["x"]);
    expect(undo(s)).toEqual([key(0)]);
    expect(shown(s)).toEqual(["a", "B", "c"]);
    expect(openFieldEdit(s)).toEqual({ key: key(0), isChanged: false });
    expect(undo(s)).toEqual([key(1)]);
    type(s, key(0), ["y"]);
    endFieldEdit(s, key(0));
    // The new edit dropped what was undone.
    expect(redo(s)).toBeUndefined();
    undo(s);
    expect(shown(s)).toEqual(["a", "b", "c"]);
  });

  it("keeps a field edit before a row change made while the field was open", () => {
    const s = store();
    beginFieldEdit(s, key(2));
    type(s, key(2), ["C"]);
    recordRowChange(s, REPEATER, () => s.moveRow(REPEATER, 2, 0));
    expect(shown(s)).toEqual(["C", "a", "b"]);
    undo(s);
    expect(shown(s)).toEqual(["a", "b", "C"]);
    undo(s);
    expect(shown(s)).toEqual(["a", "b", "c"]);
  });

  it("does not record what a save kept as an edit of the field still focused", () => {
    const s = store();
    beginFieldEdit(s, key(0));
    type(s, key(0), ["saved"]);
    s.applyModel(owner(["saved", "b", "c"], 2), s.pendingEdits());
    endFieldEdit(s, key(0));
    expect(historyOf(s).canUndo).toBe(false);
  });
});

describe("what the Undo and Redo buttons can do", () => {
  it("follows the history and the typing in the open field, telling its subscribers", () => {
    const s = store();
    let calls = 0;
    const unsubscribe = subscribeHistorySteps(s, () => calls++);
    expect(historySteps(s)).toBe("");
    beginFieldEdit(s, key(0));
    s.setInput(key(0), "x");
    expect(historySteps(s)).toBe("undo");
    undo(s);
    expect(historySteps(s)).toBe("redo");
    redo(s);
    expect(historySteps(s)).toBe("undo");
    undo(s);
    // Typing anew in the field leaves nothing to redo: Redo would record it first.
    s.setInput(key(0), "y");
    expect(historySteps(s)).toBe("undo");
    endFieldEdit(s, key(0));
    writeCells(s, [{ key: key(1), value: "B" }]);
    undo(s);
    expect(historySteps(s)).toBe("undo redo");
    expect(calls).toBeGreaterThan(0);
    unsubscribe();
    const before = calls;
    undo(s);
    expect(calls).toBe(before);
  });
});
