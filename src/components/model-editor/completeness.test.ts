import { describe, expect, it } from "vitest";
import { countFilled, missingLanguages, slotKey } from "~/components/model-editor/completeness";
import { languagesLookup } from "~/components/model-editor/editor-languages";
import { rowMinimumKey, valueKey } from "~/components/model-editor/draft-keys";
import { allRequiredSlots, type RowsOf } from "~/domain/completeness";
import { parseTemplateDefinition } from "~/domain/template-definition";
import { buildTemplateIndex } from "~/domain/template-index";

const G = "10000000-0000-4000-8000-000000000001";
const R = "10000000-0000-4000-8000-000000000002";
const A = "10000000-0000-4000-8000-000000000011";
const B = "10000000-0000-4000-8000-000000000012";
const C = "10000000-0000-4000-8000-000000000021";

function views(rowOptions: Record<string, string> = {}, aOptions: Record<string, string> = {}) {
  const parsed = parseTemplateDefinition({
    id: "8b7e0c4e-2f0a-4c55-9a51-0c5f6f1a2b3c",
    name: "Completeness",
    description: "",
    sectors: [],
    version: "1.0.0",
    sections: [
      {
        id: G,
        name: "General",
        type: "Group",
        parentId: null,
        dataFields: [
          { id: A, name: "A", type: "TextField", options: { required: "true", ...aOptions } },
          { id: B, name: "B", type: "TextField" },
        ],
      },
      {
        id: R,
        name: "Rows",
        type: "Repeatable",
        parentId: null,
        options: rowOptions,
        dataFields: [{ id: C, name: "C", type: "TextField", options: { required: "true" } }],
      },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return buildTemplateIndex(parsed.value.sections);
}

/** The draft's required slots, as the editor counts them, and their draft keys. */
const slotsOf = (index: ReturnType<typeof views>, rowsOf: RowsOf) => allRequiredSlots(index, "Model", rowsOf);
const NONE = () => undefined;
const keysOf = (index: ReturnType<typeof views>, rowsOf: RowsOf) => slotsOf(index, rowsOf).map((slot) => slotKey(slot, NONE));

describe("completeness", () => {
  it("counts each required field once, and once per row inside a repeater", () => {
    const rowsOf = (id: string) => (id === R ? [0, 3] : []);
    const keys = keysOf(views(), rowsOf);
    expect(keys).toEqual([valueKey(G, A, 0), valueKey(R, C, 0), valueKey(R, C, 3)]);
    const values = new Map([
      [valueKey(G, A, 0), "x"],
      [valueKey(R, C, 0), "  "],
    ]);
    const count = countFilled(
      slotsOf(views(), rowsOf),
      (key) => values.get(key) ?? null,
      () => [],
      NONE,
    );
    expect(count).toEqual({ filled: 1, required: 3 });
  });

  it("counts a required multilingual field once, filled when every published language is, and names the languages missing", () => {
    const index = views({}, { multilingual: "true" });
    const languagesOf = languagesLookup(index, { defaultLanguage: "en", publishedLanguages: ["de", "en", "fr"] });
    const rowsOf = (id: string) => (id === R ? [0] : []);
    const slots = slotsOf(index, rowsOf);
    const values = new Map([
      [valueKey(G, A, 0, "en"), "Chair"],
      [valueKey(G, A, 0, "fr"), " "],
      [valueKey(R, C, 0), "x"],
    ]);
    const valueOf = (key: string) => values.get(key) ?? null;
    expect(countFilled(slots, valueOf, rowsOf, languagesOf)).toEqual({ filled: 1, required: 2 });
    expect(missingLanguages(slots, valueOf, languagesOf)).toEqual(["de", "fr"]);
    // "Jump to next missing" lands on the first language still empty.
    expect(slots.map((slot) => slotKey(slot, languagesOf, valueOf))).toEqual([valueKey(G, A, 0, "de"), valueKey(R, C, 0)]);
    values.set(valueKey(G, A, 0, "de"), "Stuhl");
    values.set(valueKey(G, A, 0, "fr"), "Chaise");
    expect(countFilled(slots, valueOf, rowsOf, languagesOf)).toEqual({ filled: 2, required: 2 });
    expect(missingLanguages(slots, valueOf, languagesOf)).toEqual([]);
    expect(slotKey(slots[0]!, languagesOf, valueOf)).toBe(valueKey(G, A, 0, "en"));
  });

  it("counts a repeater's minRows like required values, one filled per row it has", () => {
    const rowsOf = (rows: number[]) => (id: string) => (id === R ? rows : []);
    const index = views({ minRows: "2" });
    const one = slotsOf(index, rowsOf([4]));
    expect(one.map((slot) => slotKey(slot, NONE))).toEqual([
      valueKey(G, A, 0),
      valueKey(R, C, 4),
      rowMinimumKey(R, 0),
      rowMinimumKey(R, 1),
    ]);
    const values = new Map([[valueKey(R, C, 4), "x"]]);
    const valueOf = (key: string) => values.get(key) ?? null;
    expect(countFilled(one, valueOf, rowsOf([4]), NONE)).toEqual({ filled: 2, required: 4 });
    expect(countFilled(slotsOf(index, rowsOf([])), valueOf, rowsOf([]), NONE)).toEqual({ filled: 0, required: 3 });
  });
});
