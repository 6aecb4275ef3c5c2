import { describe, expect, it } from "vitest";
import { companyPrefixCandidates, prefixesOverlap, ZGs1CompanyPrefix } from "~/domain/gs1/gs1-company-prefix";

describe("GS1 company prefixes", () => {
  it("takes 4 to 12 digits", () => {
    expect(ZGs1CompanyPrefix.safeParse("9506000").success).toBe(true);
    expect(ZGs1CompanyPrefix.safeParse(" 0614141 ").data).toBe("0614141");
    for (const bad of ["123", "1234567890123", "95060a0", ""]) expect(ZGs1CompanyPrefix.safeParse(bad).success).toBe(false);
  });

  it("matches the GTIN-13 form: the GTIN-14 without its indicator digit", () => {
    const candidates = companyPrefixCandidates("09506000134352");
    expect(candidates[0]).toBe("9506");
    expect(candidates).toContain("9506000");
    expect(candidates.at(-1)).toBe("950600013435");
    expect(candidates).toHaveLength(9);
    // An indicator digit other than 0 (a case of the item) keeps the same company prefix.
    expect(companyPrefixCandidates("19506000134359")).toContain("9506000");
  });

  it("says when two prefixes claim the same GTINs", () => {
    expect(prefixesOverlap("9506000", "95060001")).toBe(true);
    expect(prefixesOverlap("95060001", "9506000")).toBe(true);
    expect(prefixesOverlap("9506000", "9506001")).toBe(false);
  });
});
