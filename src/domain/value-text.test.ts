import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellEditText, cellStoredValue, choiceText, singleValueText, storedValueText, type ValueWords } from "~/domain/value-text";

const WORDS: ValueWords = {
  both: ({ min, max }) => `${min} – ${max}`,
  from: ({ min }) => `from ${min}`,
  to: ({ max }) => `up to ${max}`,
  yes: "Ja",
  no: "Nein",
};

const list = { type: "TextField", options: { list: "true" } } as const;
const range = { type: "NumericField", options: { range: "true" } } as const;
const plain = { type: "NumericField", options: {} } as const;

describe("storedValueText", () => {
  it("shows a list by its entries, not its stored JSON", () => {
    expect(storedValueText(list, '["DOC-1","DOC-2"]', WORDS)).toBe("DOC-1; DOC-2");
  });

  it("shows a range in words, either side alone too", () => {
    expect(storedValueText(range, '{"min":"10","max":"20"}', WORDS)).toBe("10 – 20");
    expect(storedValueText(range, '{"min":"10","max":null}', WORDS)).toBe("from 10");
    expect(storedValueText(range, '{"min":null,"max":"20"}', WORDS)).toBe("up to 20");
  });

  it("writes each entry or side through the caller's single-value rule", () => {
    const german = (text: string) => text.replace(".", ",");
    expect(storedValueText(range, '{"min":"1.5","max":"2.5"}', WORDS, german)).toBe("1,5 – 2,5");
    expect(storedValueText(plain, "3.25", WORDS, german)).toBe("3,25");
  });

  it("shows a yes/no field's codes in the reader's words, in a list too, and a template's own labels over them", () => {
    type Subject = Parameters<typeof singleValueText>[0];
    const read = (field: Subject, stored: string) =>
      storedValueText(field, stored, WORDS, (single) => singleValueText(field, single, WORDS, "de-DE"));
    const yesNo = { type: "TextField", options: { choices: "true|false" } } as const;
    expect(read(yesNo, "true")).toBe("Ja");
    expect(read({ ...yesNo, options: { choices: " false | true " } }, "false")).toBe("Nein");
    expect(read({ ...yesNo, options: { choices: "true|false", list: "true" } }, '["true","false"]')).toBe("Ja; Nein");
    // A label the template gives wins; a choice localizeTemplate left unlabelled (its code) does not count as one.
    expect(choiceText({ ...yesNo, choiceLabels: ["Vorhanden", "false"] }, "true", WORDS)).toBe("Vorhanden");
    expect(choiceText({ ...yesNo, choiceLabels: ["Vorhanden", "false"] }, "false", WORDS)).toBe("Nein");
    // Other choices, and a value outside the choices, stay as stored; "true" among three choices is no yes/no.
    expect(choiceText({ type: "TextField", options: { choices: "true|false|unknown" } }, "true", WORDS)).toBe("true");
    expect(read(yesNo, "maybe")).toBe("maybe");
    expect(read({ type: "TextField", options: { choices: "LFP|NMC" }, choiceLabels: ["LFP", "NMC (Nickel)"] }, "NMC")).toBe(
      "NMC (Nickel)",
    );
    // Not a choice: a number or date in the reader's locale.
    expect(read({ type: "NumericField", options: { list: "true" } }, '["1.5","2"]')).toBe("1,5; 2");
    expect(read({ type: "TextField", options: { format: "date" } }, "2027-01-15")).toBe("15.01.2027");
  });

  it("shows text that is not the field's stored form as it is (a draft being typed)", () => {
    expect(storedValueText(list, "DOC-1", WORDS)).toBe("DOC-1");
    expect(storedValueText(range, "10-20", WORDS)).toBe("10-20");
  });
});

describe("cellEditText and cellStoredValue (a table cell's text)", () => {
  const LOCALES = ["en-US", "de-DE", "fr-FR", "de-CH", "en-IN"];
  const yesNo = { type: "TextField", options: { choices: "true|false" } } as const;
  const number = { type: "NumericField", options: {} } as const;

  it("reads back every stored number as the cell writes it, in any of these locales", () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.option(fc.stringMatching(/^[0-9]{1,6}$/)))
      .map(([minus, whole, fraction]) => `${minus ? "-" : ""}${whole}${fraction === null ? "" : `.${fraction}`}`);
    fc.assert(
      fc.property(decimal, fc.constantFrom(...LOCALES), (stored, locale) => {
        expect(cellStoredValue(number, cellEditText(number, stored, WORDS, locale), locale)).toBe(stored);
      }),
    );
  });

  it("writes a number the locale's way and reads what a person types there", () => {
    expect(cellEditText(number, "1234.5", WORDS, "de-DE")).toBe("1234,5");
    expect(cellStoredValue(number, "1.234,5", "de-DE")).toBe("1234.5");
    expect(cellStoredValue(number, "12,5", "de-DE")).toBe("12.5");
    expect(cellStoredValue(number, "12,5", "en-US")).toBe("12,5");
    expect(cellStoredValue(number, "twelve", "de-DE")).toBe("twelve");
  });

  it("edits a yes/no field as the reader's word and reads the words of English, German and French", () => {
    expect(cellEditText(yesNo, "true", WORDS, "de-DE")).toBe("Ja");
    expect(cellEditText(yesNo, "false", { ...WORDS, no: "No" }, "en-US")).toBe("No");
    for (const [word, stored] of [
      ["Ja", "true"],
      ["nein", "false"],
      ["Yes", "true"],
      ["NO", "false"],
      ["oui", "true"],
      ["WAHR", "true"],
      ["0", "false"],
    ]) {
      expect(cellStoredValue(yesNo, word as string, "de-DE"), word).toBe(stored);
    }
    expect(cellStoredValue(yesNo, "vielleicht", "de-DE")).toBe("vielleicht");
  });

  it("edits a labelled choice as its label and reads the label back as the code", () => {
    const category = { type: "TextField", options: { choices: "ev|lmt" }, choiceLabels: ["EV-Batterie", "LV-Batterie"] } as const;
    expect(cellEditText(category, "lmt", WORDS, "de-DE")).toBe("LV-Batterie");
    expect(cellStoredValue(category, "lv-batterie", "de-DE")).toBe("lmt");
    expect(cellStoredValue(category, "ev", "de-DE")).toBe("ev");
  });

  it("reads a date or a date and time as the locale writes it, and edits them as stored", () => {
    const date = { type: "TextField", options: { format: "date" } } as const;
    const dateTime = { type: "TextField", options: { format: "dateTime" } } as const;
    expect(cellEditText(date, "2025-03-31", WORDS, "de-DE")).toBe("2025-03-31");
    expect(cellStoredValue(date, "31.03.2025", "de-DE")).toBe("2025-03-31");
    expect(cellStoredValue(dateTime, "3/31/2025 2:05 PM", "en-US")).toBe("2025-03-31T14:05:00");
    expect(cellStoredValue(dateTime, "2025-03-31T14:05:00Z", "de-DE")).toBe("2025-03-31T14:05:00Z");
  });

  it("leaves lists and ranges, and plain text, as they are", () => {
    expect(cellEditText(list, '["A"]', WORDS, "de-DE")).toBe('["A"]');
    expect(cellStoredValue(range, '{"min":"1,5","max":null}', "de-DE")).toBe('{"min":"1,5","max":null}');
    const text = { type: "TextField", options: {} } as const;
    expect(cellStoredValue(text, " 12,5 ", "de-DE")).toBe(" 12,5 ");
  });
});
