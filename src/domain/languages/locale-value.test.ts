import { describe, expect, it } from "vitest";
import { formatLocaleValue } from "~/domain/languages/locale-value";

const numeric = { type: "NumericField" as const, options: {} };
const date = { type: "TextField" as const, options: { format: "date" } };
const text = { type: "TextField" as const, options: {} };

describe("values shown in the reader's locale", () => {
  it("writes numbers with the locale's decimal separator, as the number input shows them", () => {
    expect(formatLocaleValue(numeric, "1234.5", "de-DE")).toBe("1234,5");
    expect(formatLocaleValue(numeric, "-0.25", "en-US")).toBe("-0.25");
  });

  it("writes dates in the locale's medium style, on the stored calendar day", () => {
    expect(formatLocaleValue(date, "2026-11-02", "de-DE")).toBe("02.11.2026");
    expect(formatLocaleValue(date, "2026-11-02", "en-US")).toBe("Nov 2, 2026");
    // Not a date after all (stored before the format was set): as stored.
    expect(formatLocaleValue(date, "next week", "de-DE")).toBe("next week");
  });

  it("leaves text as stored, even when it looks like a number", () => {
    expect(formatLocaleValue(text, "12.5", "de-DE")).toBe("12.5");
  });
});
