import { describe, expect, it } from "vitest";
import type { DraftBackup } from "~/components/model-editor/draft-backup";
import { valueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import { rebaseBackup, type CurrentState, unsavedBackup } from "~/components/model-editor/stale-backup";

const GENERAL = "general";
const ROWS = "rows";
const a = valueKey(GENERAL, "a", 0);
const b = valueKey(GENERAL, "b", 0);
const c = valueKey(GENERAL, "c", 0);
const cell = (row: number) => valueKey(ROWS, "x", row);

function current(values: [string, DraftValue][], rows: number[]): CurrentState {
  return {
    values: new Map(values),
    savedRowsOf: (id) => (id === ROWS ? rows : []),
    repeaterPathOf: (sectionId) => (sectionId === ROWS ? [ROWS] : []),
  };
}

function backup(
  edits: [string, DraftValue][],
  base: [string, DraftValue][],
  rows: [string, number[]][] = [],
  savedRows: [string, number[]][] = [],
): DraftBackup {
  return { version: 1, savedAt: "2026-01-01T00:00:00.000Z", snapshot: { edits, rows }, base: { values: base, rows: savedRows } };
}

describe("a draft kept from an earlier version", () => {
  it("is a conflict where both sides changed a value, and a plain edit where only the draft did", () => {
    const kept = backup(
      [
        [a, "mine"],
        [b, "mine"],
        [c, "same"],
      ],
      [
        [a, "old"],
        [b, "old"],
        [c, "old"],
      ],
    );
    const now = current(
      [
        [a, "theirs"],
        [b, "old"],
        [c, "same"],
      ],
      [],
    );
    const { snapshot, conflicts, droppedEdits } = rebaseBackup(kept, now);
    expect(conflicts).toEqual([{ key: a, mine: "mine", theirs: "theirs" }]);
    expect(snapshot.edits).toEqual([
      [a, "mine"],
      [b, "mine"],
      [c, "same"],
    ]);
    expect(droppedEdits).toBe(0);
  });

  it("gives an added row a free number when its number was taken meanwhile, and drops edits in rows removed since", () => {
    const kept = backup(
      [
        [cell(1), "removed elsewhere"],
        [cell(2), "new row"],
      ],
      [[cell(1), "one"]],
      [[ROWS, [0, 1, 2]]],
      [[ROWS, [0, 1]]],
    );
    // Meanwhile row 1 was removed and another row 2 added.
    const now = current(
      [
        [cell(0), "zero"],
        [cell(2), "their row"],
      ],
      [0, 2],
    );
    const { snapshot, conflicts, droppedEdits } = rebaseBackup(kept, now);
    expect(snapshot.rows).toEqual([[ROWS, [0, 3, 2]]]);
    expect(snapshot.edits).toEqual([[cell(3), "new row"]]);
    expect(droppedEdits).toBe(1);
    expect(conflicts).toEqual([]);
  });
});

describe("what a kept draft still has unsaved", () => {
  it("is nothing when every edit and row list is what the saved state holds now (saved since)", () => {
    const kept = backup(
      [
        [a, "typed"],
        [cell(1), "x"],
      ],
      [[a, "old"]],
      [[ROWS, [0, 1]]],
      [[ROWS, [0]]],
    );
    expect(
      unsavedBackup(
        kept,
        current(
          [
            [a, "typed"],
            [cell(1), "x"],
          ],
          [0, 1],
        ),
      ),
    ).toBeUndefined();
    expect(
      unsavedBackup(
        { ...kept, version: 2 },
        current(
          [
            [a, "typed"],
            [cell(1), "x"],
          ],
          [0, 1],
        ),
      ),
    ).toBeUndefined();
  });

  it("keeps only the edits and rows that differ from the saved state", () => {
    const kept = backup(
      [
        [a, "typed"],
        [b, "saved"],
        [cell(1), "x"],
      ],
      [
        [a, "old"],
        [b, "old"],
      ],
      [[ROWS, [0, 1]]],
      [[ROWS, [0]]],
    );
    const rest = unsavedBackup(
      kept,
      current(
        [
          [a, "old"],
          [b, "saved"],
        ],
        [0],
      ),
    );
    expect(rest?.snapshot).toEqual({
      edits: [
        [a, "typed"],
        [cell(1), "x"],
      ],
      rows: [[ROWS, [0, 1]]],
    });
    expect(rest?.base).toEqual(kept.base);
  });
});
