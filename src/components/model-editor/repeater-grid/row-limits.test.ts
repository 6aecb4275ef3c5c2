import { describe, expect, it } from "vitest";
import {
  fullText,
  roomFor,
  rowCountText,
  rowLimitsOf,
  shortText,
  tooManyText,
} from "~/components/model-editor/repeater-grid/row-limits";

const limits = rowLimitsOf({ type: "Repeatable", options: { minRows: "2", maxRows: "3" } });

describe("row limits in the editor", () => {
  it("counts rows against maxRows and the room left", () => {
    expect(rowCountText(limits, 1)).toBe("1 of 3 rows");
    expect(rowCountText({}, 1)).toBe("1 row");
    expect(roomFor(limits, 1)).toBe(2);
    expect(roomFor(limits, 5)).toBe(0);
    expect(roomFor({}, 5)).toBe(Infinity);
  });

  it("explains a full repeater, and one left over its limit", () => {
    expect(fullText("Materials", limits, 2)).toBeUndefined();
    expect(fullText("Materials", limits, 3)).toBe("Materials allows at most 3 rows; delete a row to add another.");
    expect(fullText("Materials", limits, 5)).toBe("Materials allows at most 3 rows; it has 2 more, so no row can be added.");
    expect(fullText("Materials", {}, 500)).toBeUndefined();
  });

  it("says how many rows a repeater below minRows needs", () => {
    expect(shortText(limits, 1)).toBe("Needs at least 2 rows.");
    expect(shortText(limits, 2)).toBeUndefined();
    expect(shortText({}, 0)).toBeUndefined();
  });

  it("refuses a paste or import that would go past maxRows", () => {
    expect(tooManyText("Materials", limits, 1, 2)).toBeUndefined();
    expect(tooManyText("Materials", limits, 1, 3)).toBe(
      "That needs 3 more rows, but Materials allows at most 3 rows (it has 1); nothing was added.",
    );
    expect(tooManyText("Materials", {}, 1, 3000)).toBeUndefined();
  });
});
