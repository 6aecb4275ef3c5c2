import { describe, expect, it } from "vitest";
import { cacheHeaders, matchesIfNoneMatch, readerPolicy } from "~/server/http/cache-policy";

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

describe("cache policies", () => {
  it("shares only the public level read without a grant, under the model's surrogate key", () => {
    const modelId = "m1";
    expect(cacheHeaders(readerPolicy({ accessLevel: "public", modelId, isGrantRead: false }))).toEqual({
      "Cache-Control": "public, max-age=5, s-maxage=5, stale-while-revalidate=5",
      "Surrogate-Key": "model-m1",
      "Cache-Tag": "model-m1",
    });
    const privately = { "Cache-Control": "private, max-age=0, must-revalidate" };
    expect(cacheHeaders(readerPolicy({ accessLevel: "public", modelId, isGrantRead: true }))).toEqual(privately);
    expect(cacheHeaders(readerPolicy({ accessLevel: "restricted", modelId, isGrantRead: false }))).toEqual(privately);
  });

  it("stores nothing under none, and a static answer for its max age", () => {
    expect(cacheHeaders({ kind: "none" })).toEqual({ "Cache-Control": "no-store" });
    expect(cacheHeaders({ kind: "static", maxAgeS: 300 })).toEqual({ "Cache-Control": "public, max-age=300" });
  });
});
