import { describe, expect, it } from "vitest";
import { escapeSpreadsheetCell, isFormulaLike, mustQuoteSpreadsheetCell, unescapeSpreadsheetCell } from "~/domain/spreadsheet-cell";

describe("escapeSpreadsheetCell", () => {
  it.each(["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx", '=HYPERLINK("http://x","y")', "-", "+", "="])(
    "prefixes %j with an apostrophe",
    (text) => {
      expect(escapeSpreadsheetCell(text)).toBe(`'${text}`);
      expect(mustQuoteSpreadsheetCell(escapeSpreadsheetCell(text))).toBe(true);
    },
  );

  it.each(["", "plain", "12", "-12.5", "+3", "a=b", " =x", "'quoted"])("leaves %j as it is", (text) => {
    expect(escapeSpreadsheetCell(text)).toBe(text);
    expect(mustQuoteSpreadsheetCell(text)).toBe(false);
  });

  it.each(["=1+1", "-x", "@a", "plain", "-4", "'hello", "'=x", "''=x", ""])("round-trips %j", (text) => {
    expect(unescapeSpreadsheetCell(escapeSpreadsheetCell(text))).toBe(text);
  });

  it("treats plain decimal numbers as numbers", () => {
    expect(isFormulaLike("-0.5")).toBe(false);
    expect(isFormulaLike("-0.5e3")).toBe(true);
  });
});

describe("a value that already starts with an apostrophe", () => {
  it("gets one more when formula-like text follows, so an import gives it back", () => {
    expect(escapeSpreadsheetCell("'=x")).toBe("''=x");
    expect(unescapeSpreadsheetCell("''=x")).toBe("'=x");
  });
});
