import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TDataValue } from "~/domain/data-value";
import { encodeInnerRows } from "~/domain/row-path";
import { pushGroup } from "~/server/services/data-values/internal/data-value-sql";

/** A group's values come from the database in no order (GROUP_COLUMNS); pushGroup answers them in row order. */

const [s, f] = [crypto.randomUUID(), crypto.randomUUID()];

function pushed(group: { l?: string; r: number[]; i?: number[][]; v: string[] }): TDataValue[] {
  const values: TDataValue[] = [];
  const i = group.i ? group.i.map((rows) => encodeInnerRows(rows)) : null;
  pushGroup(values, { s, f, l: group.l ?? "", r: group.r, i, v: group.v });
  return values;
}

describe("pushGroup", () => {
  it("keeps a group already in row order as it came", () => {
    expect(pushed({ r: [0, 1, 2], v: ["a", "b", "c"] }).map((value) => value.value)).toEqual(["a", "b", "c"]);
  });

  it("puts a group read out of order in row order, each value with its own row", () => {
    const values = pushed({ r: [2, 0, 11, 1], v: ["c", "a", "d", "b"] });
    expect(values.map((value) => [value.row, value.value])).toEqual([
      [0, "a"],
      [1, "b"],
      [2, "c"],
      [11, "d"],
    ]);
    expect(values.every((value) => value.dataSectionId === s && value.dataFieldId === f)).toBe(true);
  });

  it("puts any group of distinct rows, dense or sparse, in row order", () => {
    const rows = fc.oneof(
      fc.uniqueArray(fc.nat(300), { maxLength: 200 }),
      fc.uniqueArray(fc.nat(1_000_000), { maxLength: 50 }),
      fc.nat(200).chain((n) =>
        fc.shuffledSubarray(
          Array.from({ length: n }, (_, row) => row),
          { minLength: n },
        ),
      ),
    );
    fc.assert(
      fc.property(rows, (r) => {
        const values = pushed({ r, v: r.map(String) });
        const sorted = [...r].sort((a, b) => a - b);
        expect(values.map((value) => value.row)).toEqual(sorted);
        expect(values.map((value) => value.value)).toEqual(sorted.map(String));
      }),
    );
  });

  it("orders the values of one row by their inner rows, as numbers, and keeps each value's language", () => {
    const values = pushed({ l: "de", r: [1, 0, 0, 0], i: [[0], [10], [2], [0]], v: ["1.0", "0.10", "0.2", "0.0"] });
    expect(values.map((value) => value.value)).toEqual(["0.0", "0.2", "0.10", "1.0"]);
    expect(values.map((value) => value.innerRows)).toEqual([[0], [2], [10], [0]]);
    expect(values.every((value) => value.language === "de")).toBe(true);
  });
});
