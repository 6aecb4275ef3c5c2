import { describe, expect, it } from "vitest";
import { appendPath } from "~/domain/json-path";

describe("appendPath", () => {
  it("writes keys with dots and indices in brackets", () => {
    expect(appendPath("$", "sections", 3, "dataFields", 1, "options", "min")).toBe("$.sections[3].dataFields[1].options.min");
  });

  it("quotes keys that are not identifiers", () => {
    expect(appendPath("$.options", "max-length")).toBe('$.options["max-length"]');
    expect(appendPath("$", "")).toBe('$[""]');
  });

  it("returns the base unchanged without segments", () => {
    expect(appendPath("$[2]")).toBe("$[2]");
  });
});
