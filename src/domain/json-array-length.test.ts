import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonArrayLength } from "~/domain/json-array-length";

describe("jsonArrayLength", () => {
  it("counts the elements of any JSON array as JSON.parse reads them, whatever they hold and however spaced", () => {
    const whitespace = fc.stringMatching(/^[ \t\n\r]{0,3}$/);
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 20 }), whitespace, fc.boolean(), (array, space, indent) => {
        const text = `${space}${JSON.stringify(array, null, indent ? 2 : undefined)}${space}`;
        expect(jsonArrayLength(text)).toBe((JSON.parse(text) as unknown[]).length);
      }),
    );
  });

  it("finds the end of strings of backslashes and quotes, however many in a row", () => {
    const tricky = fc.array(fc.constantFrom("\\", '"', ",", "[", "]", "a"), { maxLength: 12 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.array(fc.oneof(tricky, fc.array(tricky, { maxLength: 3 })), { maxLength: 10 }), (array) => {
        const text = JSON.stringify(array);
        expect(jsonArrayLength(text)).toBe(array.length);
      }),
    );
  });

  it("reads commas, brackets and escaped quotes inside strings as text", () => {
    expect(jsonArrayLength('["a,b", "[", "\\"],[", {"k": "}, {"}]')).toBe(4);
    expect(jsonArrayLength('[ "\\\\", 1 ]')).toBe(2);
    expect(jsonArrayLength("[ ]")).toBe(0);
    expect(jsonArrayLength("[[],[[]],{}]")).toBe(3);
  });

  it("answers undefined for a text that is not an array", () => {
    for (const text of ['{"values": [1, 2]}', '"[1,2]"', "12", "null", "", "   "]) expect(jsonArrayLength(text)).toBeUndefined();
  });
});
