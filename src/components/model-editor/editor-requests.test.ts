import { describe, expect, it } from "vitest";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, parseValueKey, rowListKey, valueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import { saveRequest, type SaveRequestOptions } from "~/components/model-editor/editor-requests";

const GROUP = "11111111-1111-4111-8111-111111111111";
const REPEATER = "22222222-2222-4222-8222-222222222222";
const FIELD = "33333333-3333-4333-8333-333333333333";
const ROW_FIELD = "44444444-4444-4444-8444-444444444444";

function options(edits: [string, DraftValue][], rows: [string, number[]][] = []): SaveRequestOptions {
  return {
    edits: new Map(edits),
    rows: new Map(rows),
    savedRows: (repeaterId) => (repeaterId === REPEATER ? [0, 1, 2] : []),
    repeaterPathOf: (sectionId) => (sectionId === REPEATER ? [REPEATER] : []),
    newRow: (dataSectionId, [row = 0]) => [{ dataSectionId, dataFieldId: ROW_FIELD, row, value: null }],
    isSaved: (key) => !key.endsWith("|de") && !key.endsWith("|fr"),
  };
}

describe("saveRequest", () => {
  it("sends nothing without changes", () => {
    expect(saveRequest(options([]))).toBeUndefined();
  });

  it("sends edits as modifies and the name, description and GTIN as details, in one request", () => {
    const request = saveRequest(
      options([
        [valueKey(REPEATER, FIELD, 2), "0.5"],
        [NAME_KEY, "Pack B"],
        [valueKey(GROUP, FIELD, 0), null],
        [DESCRIPTION_KEY, null],
        [GTIN_KEY, "(01)09506000134352"],
      ]),
    );
    expect(request?.changes).toEqual({
      modify: [
        { dataSectionId: REPEATER, dataFieldId: FIELD, row: 2, value: "0.5" },
        { dataSectionId: GROUP, dataFieldId: FIELD, row: 0, value: null },
      ],
      details: { name: "Pack B", description: "", gtin: "(01)09506000134352" },
    });
    expect([...(request?.sent.keys() ?? [])]).toHaveLength(5);
  });

  it("sends removed rows as deletes and new rows as adds holding their edits", () => {
    const request = saveRequest(
      options(
        [
          [valueKey(REPEATER, FIELD, 3), "new"],
          [valueKey(REPEATER, FIELD, 0), "kept"],
        ],
        [[REPEATER, [0, 2, 3]]],
      ),
    );
    expect(request?.changes).toEqual({
      deleteRows: [{ dataSectionId: REPEATER, row: 1 }],
      add: [
        { dataSectionId: REPEATER, dataFieldId: ROW_FIELD, row: 3, value: null },
        { dataSectionId: REPEATER, dataFieldId: FIELD, row: 3, value: "new" },
      ],
      modify: [{ dataSectionId: REPEATER, dataFieldId: FIELD, row: 0, value: "kept" }],
    });
  });

  it("sends a reorder only when the draft order is not ascending", () => {
    expect(saveRequest(options([], [[REPEATER, [0, 1, 2, 3]]]))?.changes.reorder).toBeUndefined();
    const moved = saveRequest(options([], [[REPEATER, [2, 0, 1]]]));
    expect(moved?.changes).toEqual({ reorder: [{ dataSectionId: REPEATER, rows: [2, 0, 1] }] });
    expect([...(moved?.sentRows ?? [])]).toEqual([[REPEATER, [2, 0, 1]]]);
  });

  it("sends a multilingual field's value with its language, each language its own value (docs/languages.md)", () => {
    const request = saveRequest(
      options([
        [valueKey(GROUP, FIELD, 0, "en"), "Chair"],
        [valueKey(GROUP, FIELD, 0, "de"), "Stuhl"],
        [valueKey(GROUP, FIELD, 0, "fr"), null],
      ]),
    );
    // English has its place (the server made it); German and French were never written, so they are added.
    expect(request?.changes).toEqual({
      add: [
        { dataSectionId: GROUP, dataFieldId: FIELD, row: 0, language: "de", value: "Stuhl" },
        { dataSectionId: GROUP, dataFieldId: FIELD, row: 0, language: "fr", value: null },
      ],
      modify: [{ dataSectionId: GROUP, dataFieldId: FIELD, row: 0, language: "en", value: "Chair" }],
    });
  });

  it("puts the edits of a new row's multilingual value in place of its empty default-language value", () => {
    const request = saveRequest({
      ...options(
        [
          [valueKey(REPEATER, ROW_FIELD, 3, "en"), "Leg"],
          [valueKey(REPEATER, ROW_FIELD, 3, "de"), "Bein"],
        ],
        [[REPEATER, [0, 1, 2, 3]]],
      ),
      newRow: (dataSectionId, [row = 0]) => [{ dataSectionId, dataFieldId: ROW_FIELD, row, language: "en", value: null }],
    });
    expect(request?.changes).toEqual({
      add: [
        { dataSectionId: REPEATER, dataFieldId: ROW_FIELD, row: 3, language: "en", value: "Leg" },
        { dataSectionId: REPEATER, dataFieldId: ROW_FIELD, row: 3, language: "de", value: "Bein" },
      ],
    });
  });
});

describe("saveRequest through nested repeaters", () => {
  const OUTER = "55555555-5555-4555-8555-555555555555";
  const INNER = "66666666-6666-4666-8666-666666666666";
  const INNER_FIELD = "77777777-7777-4777-8777-777777777777";
  // OUTER rows 0 and 1; INNER rows 0 and 1 inside OUTER row 0, none inside row 1.
  const nested = (edits: [string, DraftValue][], rows: [string, number[]][]): SaveRequestOptions => ({
    edits: new Map(edits),
    rows: new Map(rows),
    savedRows: (list) => (list === OUTER ? [0, 1] : list === rowListKey(INNER, [0]) ? [0, 1] : []),
    repeaterPathOf: (sectionId) => (sectionId === OUTER ? [OUTER] : sectionId === INNER ? [OUTER, INNER] : []),
    newRow: (dataSectionId, [row = 0, ...innerRows]) => [
      { dataSectionId, dataFieldId: INNER_FIELD, row, ...(innerRows.length > 0 && { innerRows }), value: null },
    ],
    isSaved: () => true,
  });

  it("adds a new inner row at its whole path with the edits in it, and modifies saved inner values", () => {
    const request = saveRequest(
      nested(
        [
          [valueKey(INNER, INNER_FIELD, [1, 0]), "new"],
          [valueKey(INNER, INNER_FIELD, [0, 1]), "kept"],
        ],
        [[rowListKey(INNER, [1]), [0]]],
      ),
    );
    expect(request?.changes).toEqual({
      add: [{ dataSectionId: INNER, dataFieldId: INNER_FIELD, row: 1, innerRows: [0], value: "new" }],
      modify: [{ dataSectionId: INNER, dataFieldId: INNER_FIELD, row: 0, innerRows: [1], value: "kept" }],
    });
  });

  it("deletes an inner row by its whole path, its own row last", () => {
    const request = saveRequest(nested([], [[rowListKey(INNER, [0]), [1]]]));
    expect(request?.changes).toEqual({ deleteRows: [{ dataSectionId: INNER, row: 0, innerRows: [0] }] });
  });

  it("reorders inner rows by their parent row, before the outer rows are renumbered", () => {
    const request = saveRequest(
      nested(
        [],
        [
          [OUTER, [1, 0]],
          [rowListKey(INNER, [0]), [1, 0]],
        ],
      ),
    );
    expect(request?.changes.reorder).toEqual([
      { dataSectionId: INNER, parentRows: [0], rows: [1, 0] },
      { dataSectionId: OUTER, rows: [1, 0] },
    ]);
  });
});

describe("value keys", () => {
  it("name the language of a multilingual field's value, and no language for any other", () => {
    expect(parseValueKey(valueKey(GROUP, FIELD, 2, "fr-BE"))).toEqual({
      dataSectionId: GROUP,
      dataFieldId: FIELD,
      row: 2,
      language: "fr-BE",
    });
    expect(parseValueKey(valueKey(GROUP, FIELD, 2))).toEqual({ dataSectionId: GROUP, dataFieldId: FIELD, row: 2 });
    expect(parseValueKey(`${valueKey(GROUP, FIELD, 2, "de")}|x`)).toBeUndefined();
  });
});
