import { describe, expect, it } from "vitest";
import { storedValueText, type RangeWords } from "~/domain/value-text";

const WORDS: RangeWords = {
  both: ({ min, max }) => `${min} – ${max}`,
  from: ({ min }) => `from ${min}`,
  to: ({ max }) => `up to ${max}`,
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

  it("shows text that is not the field's stored form as it is (a draft being typed)", () => {
    expect(storedValueText(list, "DOC-1", WORDS)).toBe("DOC-1");
    expect(storedValueText(range, "10-20", WORDS)).toBe("10-20");
  });
});
