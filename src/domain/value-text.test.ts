import { describe, expect, it } from "vitest";
import { choiceText, singleValueText, storedValueText, type ValueWords } from "~/domain/value-text";

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
