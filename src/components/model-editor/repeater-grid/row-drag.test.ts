import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { moveInList } from "~/components/model-editor/draft-rows";
import { dropMove, rowDragAnnouncements, rowDragInstructions, sortableRowId } from "~/components/model-editor/repeater-grid/row-drag";
import fr from "../../../../messages/fr.json";
import en from "../../../../messages/en.json";

const text = createTranslator({ locale: "en", messages: en, namespace: "editorRows" });

describe("dropping a dragged row", () => {
  const all = [0, 1, 2, 5, 7];

  it("puts the row where the one it was dropped on was, up or down, as the sortable list showed it", () => {
    const down = dropMove(all, all, sortableRowId(1), sortableRowId(5));
    expect(down).toEqual({ row: 1, to: 3, fromPosition: 2, toPosition: 4 });
    expect(moveInList(all, 1, down?.to ?? -1)).toEqual([0, 2, 5, 1, 7]);
    const up = dropMove(all, all, sortableRowId(7), sortableRowId(0));
    expect(moveInList(all, 7, up?.to ?? -1)).toEqual([7, 0, 1, 2, 5]);
  });

  it("counts positions among the rows shown and places the row among all of them", () => {
    const shown = [1, 5, 7];
    const drop = dropMove(shown, all, sortableRowId(7), sortableRowId(1));
    expect(drop).toEqual({ row: 7, to: 1, fromPosition: 3, toPosition: 1 });
    expect(moveInList(all, 7, drop?.to ?? -1)).toEqual([0, 7, 1, 2, 5]);
  });

  it("does nothing when dropped on itself, nowhere, or on something that is no row of the list", () => {
    expect(dropMove(all, all, sortableRowId(2), sortableRowId(2))).toBeUndefined();
    expect(dropMove(all, all, sortableRowId(2), undefined)).toBeUndefined();
    expect(dropMove(all, all, sortableRowId(2), sortableRowId(9))).toBeUndefined();
    expect(dropMove(all, all, "field-x", sortableRowId(1))).toBeUndefined();
  });

  it("announces rows by their position, not by dnd-kit's ids (a move itself is the list's status to say)", () => {
    const say = rowDragAnnouncements(text, "Hazardous substances", (row) => all.indexOf(row) + 1);
    const active = { id: sortableRowId(5) } as Parameters<typeof say.onDragStart>[0]["active"];
    const over = { id: sortableRowId(0) } as NonNullable<Parameters<typeof say.onDragOver>[0]["over"]>;
    expect(say.onDragStart({ active })).toBe("Picked up row 4 of Hazardous substances.");
    expect(say.onDragOver({ active, over })).toBe("Row 4 is over row 1.");
    expect(say.onDragOver({ active, over: { ...over, id: sortableRowId(5) } })).toBeUndefined();
    expect(say.onDragEnd({ active, over: { ...over, id: sortableRowId(5) } })).toBe("Row 4 dropped in place.");
    expect(say.onDragCancel({ active, over: null })).toBe("Moving row 4 cancelled; it is back in place.");
  });

  it("speaks the member's language", () => {
    const french = createTranslator({ locale: "fr", messages: fr, namespace: "editorRows" });
    const say = rowDragAnnouncements(french, "Substances", (row) => all.indexOf(row) + 1);
    const active = { id: sortableRowId(5) } as Parameters<typeof say.onDragStart>[0]["active"];
    expect(say.onDragStart({ active })).toBe("Ligne 4 de Substances saisie.");
    expect(rowDragInstructions(french).draggable).toMatch(/^Pour déplacer cette ligne/);
  });
});
