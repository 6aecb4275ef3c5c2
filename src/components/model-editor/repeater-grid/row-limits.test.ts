import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import {
  fullText,
  isFull,
  roomFor,
  rowCountText,
  rowLimitsOf,
  shortText,
  tooManyText,
} from "~/components/model-editor/repeater-grid/row-limits";
import de from "../../../../messages/de.json";
import en from "../../../../messages/en.json";

const text = createTranslator({ locale: "en", messages: en, namespace: "editorRows" });
const german = createTranslator({ locale: "de", messages: de, namespace: "editorRows" });

const limits = rowLimitsOf({ type: "Repeatable", options: { minRows: "2", maxRows: "3" } });

describe("row limits in the editor", () => {
  it("counts rows against maxRows and the room left", () => {
    expect(rowCountText(text, limits, 1)).toBe("1 of 3 rows");
    expect(rowCountText(text, {}, 1)).toBe("1 row");
    expect(roomFor(limits, 1)).toBe(2);
    expect(roomFor(limits, 5)).toBe(0);
    expect(roomFor({}, 5)).toBe(Infinity);
  });

  it("explains a full repeater, and one left over its limit", () => {
    expect(fullText(text, "Materials", limits, 2)).toBeUndefined();
    expect(fullText(text, "Materials", limits, 3)).toBe("Materials allows at most 3 rows; delete a row to add another.");
    expect(fullText(text, "Materials", limits, 5)).toBe("Materials allows at most 3 rows; it has 2 more, so no row can be added.");
    expect(fullText(text, "Materials", {}, 500)).toBeUndefined();
    expect([isFull(limits, 2), isFull(limits, 3), isFull(limits, 5), isFull({}, 500)]).toEqual([false, true, true, false]);
  });

  it("says how many rows a repeater below minRows needs", () => {
    expect(shortText(text, limits, 1)).toBe("Needs at least 2 rows.");
    expect(shortText(text, limits, 2)).toBeUndefined();
    expect(shortText(text, {}, 0)).toBeUndefined();
  });

  it("refuses a paste or import that would go past maxRows", () => {
    expect(tooManyText(text, "Materials", limits, 1, 2)).toBeUndefined();
    expect(tooManyText(text, "Materials", limits, 1, 3)).toBe(
      "That needs 3 more rows, but Materials allows at most 3 rows (it has 1); nothing was added.",
    );
    expect(tooManyText(text, "Materials", {}, 1, 3000)).toBeUndefined();
  });

  it("speaks the member's language, numbers written its way", () => {
    const many = rowLimitsOf({ type: "Repeatable", options: { maxRows: "2000" } });
    expect(rowCountText(german, many, 1500)).toBe("1.500 von 2.000 Zeilen");
    expect(tooManyText(german, "Stoffe", many, 1999, 2)).toBe(
      "Dafür wären 2 weitere Zeilen nötig, aber Stoffe erlaubt höchstens 2.000 Zeilen (vorhanden: 1.999); nichts wurde hinzugefügt.",
    );
    expect(rowCountText(text, many, 1500)).toBe("1,500 of 2,000 rows");
  });
});
