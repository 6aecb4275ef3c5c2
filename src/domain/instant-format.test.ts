import { describe, expect, it } from "vitest";
import { formatInstant, isTimeZone, timeZoneFromCookie } from "~/domain/instant-format";

describe("formatInstant", () => {
  const instant = "2026-11-28T21:17:00.000Z";

  it("writes an instant in the given zone, naming the zone", () => {
    expect(formatInstant(instant, "en", "UTC")).toBe("Nov 28, 2026, 9:17 PM UTC");
    expect(formatInstant(instant, "en", "America/New_York")).toBe("Nov 28, 2026, 4:17 PM EST");
    expect(formatInstant(new Date(instant), "de", "Europe/Berlin")).toMatch(/^28\. Nov\. 2026, 22:17 MEZ$/u);
  });

  it("is the same text for the same instant, zone and language, whatever the caller's own zone", () => {
    expect(formatInstant("2026-11-28T16:17:00-05:00", "en", "America/New_York")).toBe(
      formatInstant(instant, "en", "America/New_York"),
    );
  });

  it("leaves a text that is no instant as it is", () => {
    expect(formatInstant("not a date", "en", "UTC")).toBe("not a date");
  });
});

describe("the time-zone cookie", () => {
  it("takes a zone the runtime knows, and falls back to UTC otherwise", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(timeZoneFromCookie("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(timeZoneFromCookie("Mars/Olympus")).toBe("UTC");
    expect(timeZoneFromCookie(undefined)).toBe("UTC");
  });
});
