import { describe, expect, it } from "vitest";
import { formatLocaleValue, parseLocaleValue } from "~/domain/languages/locale-value";

const numeric = { type: "NumericField" as const, options: {} };
const date = { type: "TextField" as const, options: { format: "date" } };
const dateTime = { type: "TextField" as const, options: { format: "dateTime" } };
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

  it("writes dates with times in the locale's medium style, at the clock time and zone the value names", () => {
    expect(formatLocaleValue(dateTime, "2026-11-02T14:05:09+02:00", "de-DE")).toBe("02.11.2026, 14:05:09 UTC+02:00");
    expect(formatLocaleValue(dateTime, "2026-11-02T14:05:09.123456Z", "en-GB")).toBe("2 Nov 2026, 14:05:09 UTC");
    // No zone named: the clock time alone, not moved into any zone.
    expect(formatLocaleValue(dateTime, "2026-11-02T23:30:00", "fr-FR")).toBe("2 nov. 2026, 23:30:00");
    expect(formatLocaleValue(dateTime, "yesterday", "de-DE")).toBe("yesterday");
  });

  it("reads dates with times the way a spreadsheet program writes them in the locale, as a local time", () => {
    const read = (text: string, locale: string) => parseLocaleValue(dateTime, text, locale);
    expect(read("31.03.2025 14:05", "de-DE")).toBe("2025-03-31T14:05:00");
    expect(read("31/03/2025 09:05:30", "fr-FR")).toBe("2025-03-31T09:05:30");
    expect(read("3/31/2025 2:05 PM", "en-US")).toBe("2025-03-31T14:05:00");
    expect(read("3/31/2025 12:00:00 am", "en-US")).toBe("2025-03-31T00:00:00");
    // The stored form reads under every locale, zone and all.
    expect(read(" 2025-03-31T14:05:00+02:00 ", "de-DE")).toBe("2025-03-31T14:05:00+02:00");
    for (const text of ["31.03.2025", "31.03.2025 24:00", "31.03.2025 14:60", "3/31/2025 13:05 PM", "29.02.2025 10:00", "soon"]) {
      expect(read(text, "de-DE") ?? read(text, "en-US")).toBeUndefined();
    }
  });

  it("leaves text as stored, even when it looks like a number", () => {
    expect(formatLocaleValue(text, "12.5", "de-DE")).toBe("12.5");
  });
});
