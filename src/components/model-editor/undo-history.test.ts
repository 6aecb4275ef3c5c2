import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UndoHistory } from "~/components/model-editor/undo-history";

type Edit = { key: string; before: string | undefined; after: string };

function apply(state: Map<string, string>, edit: Edit, isUndo: boolean) {
  const value = isUndo ? edit.before : edit.after;
  if (value === undefined) state.delete(edit.key);
  else state.set(edit.key, value);
}

describe("UndoHistory", () => {
  it("undoes every edit back to the start and redoes them to the end", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.string()), { maxLength: 30 }), (writes) => {
        const state = new Map<string, string>();
        const history = new UndoHistory<Edit>();
        const states: string[] = [JSON.stringify([...state].sort())];
        for (const [key, after] of writes) {
          const edit = { key, before: state.get(key), after };
          apply(state, edit, false);
          history.record(edit);
          states.push(JSON.stringify([...state].sort()));
        }
        for (let i = writes.length; i > 0; i--) {
          const edit = history.undo();
          if (edit) apply(state, edit, true);
          expect(JSON.stringify([...state].sort())).toBe(states[i - 1]);
        }
        expect(history.canUndo).toBe(false);
        for (let i = 1; i <= writes.length; i++) {
          const edit = history.redo();
          if (edit) apply(state, edit, false);
          expect(JSON.stringify([...state].sort())).toBe(states[i]);
        }
      }),
    );
  });

  it("drops what was undone when a new entry is recorded, and merges entries the caller joins", () => {
    const history = new UndoHistory<string>();
    history.record("a");
    history.record("b");
    history.undo();
    history.record("c");
    expect(history.canRedo).toBe(false);
    history.record("d", (last, next) => (last === "c" ? `${last}${next}` : undefined));
    expect(history.undo()).toBe("cd");
    expect(history.undo()).toBe("a");
  });

  it("keeps at most its limit", () => {
    const history = new UndoHistory<number>(2);
    for (const n of [1, 2, 3]) history.record(n);
    expect([history.undo(), history.undo(), history.undo()]).toEqual([3, 2, undefined]);
  });
});
