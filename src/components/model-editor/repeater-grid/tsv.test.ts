import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTsv, serialiseTsv } from "~/components/model-editor/repeater-grid/tsv";

describe("parseTsv", () => {
  it("reads Excel's CRLF rows with a final newline", () => {
    expect(parseTsv("Cobalt\t7440-48-4\t0.5\r\nLead\t7439-92-1\t1\r\n")).toEqual([
      ["Cobalt", "7440-48-4", "0.5"],
      ["Lead", "7439-92-1", "1"],
    ]);
  });

  it("reads Google Sheets' LF rows without a final newline", () => {
    expect(parseTsv("a\tb\nc\td")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("reads quoted cells holding tabs, newlines and doubled quotes", () => {
    expect(parseTsv('"line 1\r\nline 2"\t"a\tb"\t"say ""hi"""\r\nx\t\t\r\n')).toEqual([
      ["line 1\r\nline 2", "a\tb", 'say "hi"'],
      ["x", "", ""],
    ]);
  });

  it("keeps quotes inside an unquoted cell and an unclosed quote as text", () => {
    expect(parseTsv('5" screen\t"open')).toEqual([['5" screen', '"open']]);
  });

  it("keeps empty lines between rows and reads nothing from empty text", () => {
    expect(parseTsv("a\n\nb")).toEqual([["a"], [""], ["b"]]);
    expect(parseTsv("")).toEqual([]);
  });
});

describe("serialiseTsv", () => {
  it("quotes only the cells that need it", () => {
    expect(serialiseTsv([["plain", "a\tb", 'q"', "multi\nline"]])).toBe('plain\t"a\tb"\t"q"""\t"multi\nline"');
  });

  it("reads back exactly what it wrote", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "b", " ", "\t", "\n", "\r", '"', "é", "1") });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 5 })),
        (rows) => {
          expect(parseTsv(serialiseTsv(rows))).toEqual(rows);
        },
      ),
    );
  });

  it("reads as the same rows with CRLF or LF breaks and with or without a final newline", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "b", " ", "1") });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 3 }), { minLength: 1, maxLength: 4 }), (rows) => {
        const lf = rows.map((row) => row.join("\t")).join("\n");
        expect(parseTsv(lf)).toEqual(rows);
        expect(parseTsv(`${lf.replaceAll("\n", "\r\n")}\r\n`)).toEqual(rows);
      }),
    );
  });
});
