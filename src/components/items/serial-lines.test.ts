import { describe, expect, it } from "vitest";
import { issuesByLine, parseSerialLines } from "~/components/items/serial-lines";

describe("pasted serial numbers", () => {
  it("takes one value per line, skipping blank lines but keeping line numbers", () => {
    expect(parseSerialLines(" A-1 \n\nA-2\r\n")).toEqual([
      { value: "A-1", line: 1 },
      { value: "A-2", line: 3 },
    ]);
  });

  it("puts the server's identifier issues on the pasted lines they are about", () => {
    const lines = parseSerialLines("A\n\nB\nA");
    const placed = issuesByLine(
      [
        { path: "$.identifiers[2]", message: '"A" is the same identifier as $.identifiers[0]; send each once' },
        { path: "$.request.identifiers[1]", message: "too long" },
        { path: "$", message: "something else" },
      ],
      lines,
    );
    expect(placed.byLine).toEqual([
      { line: 3, message: "too long" },
      { line: 4, message: '"A" is the same identifier as line 1; send each once' },
    ]);
    expect(placed.general).toEqual(["something else"]);
  });
});
