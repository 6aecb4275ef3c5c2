import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { describeRect } from "~/components/template-builder/cell-rect-text";
import de from "../../../messages/de.json";
import en from "../../../messages/en.json";
import fr from "../../../messages/fr.json";

const english = createTranslator({ locale: "en", messages: en, namespace: "builder" });
const german = createTranslator({ locale: "de", messages: de, namespace: "builder" });
const french = createTranslator({ locale: "fr", messages: fr, namespace: "builder" });

describe("describeRect", () => {
  it("names columns and rows in words, in the member's language", () => {
    expect(describeRect(english, { colStart: 5, colSpan: 4, rowStart: 1, rowSpan: 1 })).toBe("columns 5–8, row 1");
    expect(describeRect(english, { colStart: 12, colSpan: 1, rowStart: 2, rowSpan: 3 })).toBe("column 12, rows 2–4");
    expect(describeRect(german, { colStart: 5, colSpan: 4, rowStart: 1, rowSpan: 1 })).toBe("Spalten 5–8, Zeile 1");
    expect(describeRect(french, { colStart: 12, colSpan: 1, rowStart: 2, rowSpan: 3 })).toBe("colonne 12, lignes 2–4");
  });
});
