import { describe, expect, it } from "vitest";
import { identifierSearchValues } from "~/domain/gs1/identifier-search";

const STORED = "/01/09506000134352/21/A1";

describe("identifierSearchValues", () => {
  it.each([
    "(01)09506000134352(21)A1",
    "https://id.example.com/01/09506000134352/21/A1?linkType=all",
    "/01/09506000134352/21/A1",
    "0109506000134352 21A1",
    "0109506000134352\u001d21A1",
    "010950600013435221A1",
    "01 09506000134352 21 A1",
    "]d20109506000134352 21A1",
    "  (01)9506000134352(21)A1  ",
  ])("reads %j as the stored key", (text) => {
    expect(identifierSearchValues(text)).toContain(STORED);
  });

  it("keeps the text as typed, so a plain identifier still matches", () => {
    expect(identifierSearchValues("SN-0001")).toEqual(["SN-0001"]);
    expect(identifierSearchValues("09506000134352")).toEqual(["09506000134352", "/01/09506000134352"]);
  });

  it("reads a lot and a serial from the bare form", () => {
    expect(identifierSearchValues("0109506000134352 10LOT7 21A1")).toContain("/01/09506000134352/10/LOT7/21/A1");
  });

  it("adds nothing for text that is no GS1 key", () => {
    expect(identifierSearchValues("0109506000134353 21A1")).toEqual(["0109506000134353 21A1"]);
    expect(identifierSearchValues("0109506000134352 99X")).toEqual(["0109506000134352 99X"]);
    expect(identifierSearchValues("   ")).toEqual([]);
  });
});
