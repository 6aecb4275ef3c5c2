import { describe, expect, it } from "vitest";
import { findConflicts } from "~/components/model-editor/conflicts";

describe("findConflicts", () => {
  const saved = new Map([
    ["a", "1"],
    ["b", "1"],
    ["c", "1"],
    ["gone", "1"],
  ]);
  const savedValue = (key: string) => saved.get(key) ?? null;

  it("lists only keys both sides changed to different values", () => {
    const edits = new Map([
      ["a", "mine"], // they changed it too: a conflict
      ["b", "mine"], // they did not: no conflict
      ["c", "same"], // they made the same change: no conflict
      ["gone", "mine"], // its row is gone: not a conflict, the store drops it
    ]);
    const latest = new Map([
      ["a", "theirs"],
      ["b", "1"],
      ["c", "same"],
    ]);
    expect(findConflicts(edits, savedValue, latest)).toEqual([{ key: "a", mine: "mine", theirs: "theirs" }]);
  });
});
