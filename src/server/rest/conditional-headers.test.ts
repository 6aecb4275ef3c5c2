import { describe, expect, it } from "vitest";
import { matchesIfNoneMatch } from "~/server/rest/conditional-headers";

describe("matchesIfNoneMatch (RFC 9110 weak comparison)", () => {
  it("matches equal opaque tags whether either side is weak", () => {
    expect(matchesIfNoneMatch('"3-public"', '"3-public"')).toBe(true);
    expect(matchesIfNoneMatch('W/"3-public"', '"3-public"')).toBe(true);
    expect(matchesIfNoneMatch('"3-public"', 'W/"3-public"')).toBe(true);
    expect(matchesIfNoneMatch('W/"3-public"', 'W/"3-public"')).toBe(true);
  });

  it("matches `*` and any tag of a list, and nothing else", () => {
    expect(matchesIfNoneMatch(" * ", '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"a" ,"y"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"x", "y"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(null, '"a"')).toBe(false);
    expect(matchesIfNoneMatch("", '"a"')).toBe(false);
    // `W/` is case-sensitive, and the quotes are part of the tag.
    expect(matchesIfNoneMatch('w/"a"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch("a", '"a"')).toBe(false);
  });
});
