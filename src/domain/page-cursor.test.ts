import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { decodeCursor, encodeCursor } from "~/domain/page-cursor";

const ZPosition = z.object({ kind: z.string(), from: z.number().int().min(0) });

describe("the one page cursor", () => {
  it("reads back every position it wrote", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (kind, from) => {
        expect(decodeCursor(encodeCursor({ kind, from }), ZPosition)).toEqual({ kind, from });
      }),
    );
  });

  it.each([
    ["not base64url", "no such cursor!"],
    ["not JSON", encodeCursor({ kind: "a", from: 1 }).slice(3)],
    ["another list's position", encodeCursor({ before: "12" })],
    ["a position out of its schema", encodeCursor({ kind: "a", from: -1 })],
    ["too long", "A".repeat(2_000)],
  ])("refuses %s with the same 400", (_, cursor) => {
    const refusal = (() => {
      try {
        decodeCursor(cursor, ZPosition);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "BAD_REQUEST", message: "The cursor is not one this API returned." });
  });
});
