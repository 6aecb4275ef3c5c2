import { describe, expect, it } from "vitest";
import { formatDateTime, formatNumber } from "~/i18n/format";

describe("formatting for the member's language", () => {
  it("writes numbers with the language's separators", () => {
    expect(formatNumber(12345.5, "en")).toBe("12,345.5");
    expect(formatNumber(12345.5, "de")).toBe("12.345,5");
    expect(formatNumber(12345.5, "fr").replace(/\s/gu, " ")).toBe("12 345,5");
  });

  it("writes dates in the language's order and words", () => {
    const date = new Date(Date.UTC(2026, 10, 26, 14, 5));
    expect(formatDateTime(date, "en", "UTC")).toMatch(/^Nov 26, 2026, 2:05\sPM UTC$/u);
    expect(formatDateTime(date, "de", "Europe/Berlin")).toMatch(/^26\. Nov\. 2026, 15:05 MEZ$/u);
    expect(formatDateTime(date.toISOString(), "fr", "UTC")).toMatch(/^26 nov\. 2026/);
  });
});
