import { describe, expect, it } from "vitest";
import { issuesByLine, parseSerialLines, serialLineIssues } from "~/components/items/serial-lines";

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

describe("checking a pasted list before it is sent", () => {
  it("lists every bad line at once: malformed GS1 keys, overlong values and the same identifier in two forms", () => {
    const lines = parseSerialLines(
      [
        "(01)09506000134353",
        "SN-1",
        "x".repeat(201),
        "(01)09506000134352(21)A1",
        "https://id.example/01/09506000134352/21/A1",
        "SN-1",
      ].join("\n"),
    );
    const { byLine, general } = serialLineIssues(lines);
    expect(general).toEqual([]);
    expect(byLine.map((issue) => issue.line)).toEqual([1, 3, 5, 6]);
    expect(byLine[0]?.message).toBe("The GTIN 09506000134353 has an invalid check digit: it should end in 2");
    expect(byLine[2]?.message).toContain("the same identifier as line 4");
    expect(byLine[3]?.message).toBe('"SN-1" is the same identifier as line 2; send each once');
    expect(byLine.every((issue) => !issue.message.includes("$."))).toBe(true);
  });

  it("finds nothing in a good list", () => {
    expect(serialLineIssues(parseSerialLines("A\nB\n(01)09506000134352(21)A1")).byLine).toEqual([]);
  });
});
