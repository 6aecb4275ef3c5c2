import { describe, expect, it } from "vitest";
import { parseLocaleDate, parseLocaleValue } from "~/domain/languages/locale-value";
import { itemSheetsLayout, type FieldColumn } from "~/domain/spreadsheet/item-sheet-layout";
import { detectSheetLocale, ZSheetLocale } from "~/domain/spreadsheet/sheet-locale";
import { SHEET_IDS, spreadsheetSections } from "~/domain/spreadsheet/spreadsheet-template.fixture";
import { buildTemplateIndex } from "~/domain/template-index";

const columns = itemSheetsLayout(buildTemplateIndex(spreadsheetSections())).items.columns;
const column = (fieldId: string) => columns.find((c): c is FieldColumn => c.kind === "field" && c.fieldId === fieldId);
const number = column(SHEET_IDS.number);
const date = column(SHEET_IDS.date);
if (!number || !date) throw new Error("the fixture has a number and a date field");

describe("numbers and dates in a file's locale", () => {
  it("reads dates the way each locale writes them, and the stored form in every locale", () => {
    expect(parseLocaleDate("29.02.2024", "de-DE")).toBe("2024-02-29");
    expect(parseLocaleDate("2/29/2024", "en-US")).toBe("2024-02-29");
    expect(parseLocaleDate("29/02/2024", "en-GB")).toBe("2024-02-29");
    expect(parseLocaleDate("2024-02-29", "de-DE")).toBe("2024-02-29");
    expect(parseLocaleDate("29.02.2023", "de-DE")).toBeUndefined();
    expect(parseLocaleDate("29.02.24", "de-DE")).toBeUndefined();
  });

  it("reads a number with the editor's locale rule", () => {
    expect(parseLocaleValue(number.field, "97,5", "de-DE")).toBe("97.5");
    expect(parseLocaleValue(number.field, "1.234,5", "de-DE")).toBe("1234.5");
    expect(parseLocaleValue(number.field, "97,5", "en-US")).toBeUndefined();
  });

  it("detects the locale most number and date cells read in, decimal comma first for semicolon files", () => {
    const german = [
      { column: number, text: "97,5" },
      { column: date, text: "29.02.2024" },
    ];
    expect(detectSheetLocale(german, ";")).toBe("de-DE");
    expect(detectSheetLocale(german, ",")).toBe("de-DE");
    const american = [
      { column: number, text: "97.5" },
      { column: date, text: "2/29/2024" },
    ];
    expect(detectSheetLocale(american, ",")).toBe("en-US");
    expect(detectSheetLocale([{ column: date, text: "29/02/2024" }], ",")).toBe("en-GB");
    expect(detectSheetLocale([], ";")).toBe("de-DE");
  });

  it("takes a BCP 47 tag as the locale parameter, in its canonical form", () => {
    expect(ZSheetLocale.parse("de-de")).toBe("de-DE");
    expect(ZSheetLocale.safeParse("not a locale!").success).toBe(false);
  });
});
