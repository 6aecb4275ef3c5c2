import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkTexts } from "~/domain/text-chunks";

describe("chunkTexts", () => {
  it("keeps every text once, in order, each group within the limit unless one text alone passes it", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 })), fc.integer({ min: 1, max: 100 }), (texts, max) => {
        const chunks = chunkTexts(texts, max);
        expect(chunks.flat()).toEqual(texts);
        for (const chunk of chunks) {
          expect(chunk.length).toBeGreaterThan(0);
          if (chunk.length > 1) expect(chunk.join(",").length).toBeLessThanOrEqual(max);
        }
      }),
    );
  });

  it("makes one group when all fit, and one per text when none fit together", () => {
    expect(chunkTexts(["ab", "cd"], 10)).toEqual([["ab", "cd"]]);
    expect(chunkTexts(["abcd", "efgh", "ij"], 4)).toEqual([["abcd"], ["efgh"], ["ij"]]);
    expect(chunkTexts([], 4)).toEqual([]);
  });
});
