import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodIssueCount, zodIssues } from "~/domain/app-error";
import { boundedArray } from "~/domain/bounded-array";

describe("boundedArray", () => {
  const schema = boundedArray(z.strictObject({ n: z.number(), s: z.string() }), { minItems: 1, tooFew: "Send one" });

  it("returns the parsed elements of a valid array", () => {
    expect(schema.parse([{ n: 1, s: "a" }])).toEqual([{ n: 1, s: "a" }]);
  });

  it("reports issues at the element's path", () => {
    const result = schema.safeParse([
      { n: 1, s: "a" },
      { n: "x", s: "b" },
    ]);
    expect(zodIssues(result.error!).map((issue) => issue.path)).toEqual(["$[1].n"]);
  });

  it("keeps about 100 issues of a million bad elements and counts the rest", () => {
    const result = schema.safeParse(Array(1_000_000).fill(1));
    expect(result.error!.issues.length).toBeLessThanOrEqual(101);
    expect(zodIssues(result.error!, "$", 100)).toHaveLength(100);
    expect(zodIssueCount(result.error!)).toBe(1_000_000);
    // A million elements take a fraction of a second alone, but several seconds on a busy two-core machine.
  }, 60_000);

  it("refuses a non-array and too few elements", () => {
    expect(schema.safeParse({}).success).toBe(false);
    expect(zodIssues(schema.safeParse([]).error!)).toEqual([{ path: "$", message: "Send one" }]);
  });
});
