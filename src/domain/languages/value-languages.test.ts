import { describe, expect, it } from "vitest";
import { GENERAL, indexOf, NAME, text, WEIGHT } from "~/domain/battery-template.fixture";
import { findDuplicateTriples } from "~/domain/data-value-validation";
import { defaultLanguageValues, inDefaultLanguage, resolveValueLanguages } from "~/domain/languages/value-languages";

const index = indexOf([
  {
    id: GENERAL,
    name: "General",
    type: "Group",
    dataFields: [
      { ...text(NAME, { multilingual: "true" }), name: "Name" },
      { id: WEIGHT, name: "Weight", type: "NumericField" },
    ],
  },
]);
const at = (fieldId: string, value: string | null, language?: string) => ({
  dataSectionId: GENERAL,
  dataFieldId: fieldId,
  row: 0,
  value,
  ...(language !== undefined && { language }),
});

describe("resolveValueLanguages", () => {
  it("gives a multilingual value without a language the default, and keeps one given", () => {
    const { values, issues } = resolveValueLanguages(index, [at(NAME, "Battery"), at(NAME, "Akku", "de")], "en");
    expect(values).toEqual([at(NAME, "Battery", "en"), at(NAME, "Akku", "de")]);
    expect(issues).toEqual([]);
  });

  it("refuses a language on a field that is not multilingual, naming the value", () => {
    const { values, issues } = resolveValueLanguages(index, [at(WEIGHT, "3", "de")], "en");
    expect(values).toEqual([at(WEIGHT, "3")]);
    expect(issues).toEqual([
      expect.objectContaining({
        path: "$[0].language",
        dataFieldId: WEIGHT,
        row: 0,
        language: "de",
        message: expect.stringContaining("Weight"),
      }),
    ]);
  });

  it("creates the server's own nulls in the default language", () => {
    expect(inDefaultLanguage(index, [at(NAME, null), at(WEIGHT, null)], "fr")).toEqual([at(NAME, null, "fr"), at(WEIGHT, null)]);
  });
});

describe("defaultLanguageValues", () => {
  it("keeps every other value and the default language's, without its language", () => {
    const values = [at(NAME, "Akku", "de"), at(NAME, "Battery", "en"), at(WEIGHT, "3")];
    expect(defaultLanguageValues(values, "en")).toEqual([at(NAME, "Battery"), at(WEIGHT, "3")]);
  });
});

describe("findDuplicateTriples with languages", () => {
  it("tells languages of one place apart, and finds the same language twice", () => {
    expect(findDuplicateTriples([at(NAME, "a", "de"), at(NAME, "b", "en"), at(NAME, "c")])).toEqual([]);
    expect(findDuplicateTriples([at(NAME, "a", "de"), at(NAME, "b", "de")])).toEqual([
      expect.objectContaining({ path: "$[1]", language: "de" }),
    ]);
  });
});
