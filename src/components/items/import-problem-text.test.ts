import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { importProblemText } from "~/components/items/import-problem-text";
import { planItemImport } from "~/domain/spreadsheet/item-import-plan";
import { spreadsheetSections } from "~/domain/spreadsheet/spreadsheet-template.fixture";
import { buildTemplateIndex } from "~/domain/template-index";
import de from "../../../messages/de.json";
import en from "../../../messages/en.json";
import fr from "../../../messages/fr.json";

const index = buildTemplateIndex(spreadsheetSections());

/** A file with a problem of each kind the items sheet and a repeater sheet can have. */
const plan = planItemImport(index, [
  {
    name: "Items",
    rows: [
      ["Identifier", "Battery › Serial", "Battery › Capacity", "Chemistry", "Made on"],
      ["A-1", "s1", "abc", "Lead", "2023-02-29"],
      ["A-1", "s2", "", "", ""],
    ],
  },
  {
    name: "Battery › Cells",
    rows: [
      ["Identifier", "Row", "Label"],
      ["B-9", "1", ""],
      ["A-1", "0", ""],
    ],
  },
  { name: "Other", rows: [["x"], ["y"]] },
]);

function worded(locale: "en" | "de" | "fr", messages: typeof en): string[] {
  const text = createTranslator({ locale, messages, namespace: "itemsImport" });
  const fieldText = createTranslator({ locale, messages, namespace: "fieldInput" });
  return plan.problems.kept.map((problem) => importProblemText(problem, text, fieldText, locale));
}

describe("importProblemText", () => {
  it("words each problem of an import by its code, in the member's language", () => {
    expect(plan.problems.kept.map((p) => p.code)).toEqual([
      "unknown-sheet",
      "value",
      "value",
      "value",
      "duplicate-identifier",
      "unknown-item",
      "row-number",
    ]);
    const german = worded("de", de);
    expect(german).toContain("„A-1“ ist auch die Kennung von Zeile 2.");
    expect(german).toContain("„B-9“ ist die Kennung keiner Zeile des Artikelblatts.");
    expect(german.find((line) => line.startsWith("„Capacity“: "))).toMatch(/^„Capacity“: Geben Sie eine Zahl/);
    expect(worded("fr", fr)).toContain("« A-1 » est aussi l’identifiant de la ligne 2.");
    // English reads as the API's message says it, but from the catalogue.
    expect(worded("en", en)).toContain("“A-1” is also the identifier of row 2.");
  });
});
