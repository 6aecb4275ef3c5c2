import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import {
  economicOperatorIdOf,
  leiCheckDigits,
  operatorIdentifierProblem,
  VAT_COUNTRY_PREFIXES,
  ZOperatorIdentifiers,
} from "~/domain/operator-identifiers";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const isDigit = (char: string) => /\d/.test(char);

const arbLei = fc
  .array(fc.constantFrom(...ALPHANUMERIC), { minLength: 18, maxLength: 18 })
  .map((chars) => chars.join(""))
  .map((first18) => `${first18}${leiCheckDigits(first18)}`);

const arbGln = fc
  .array(fc.constantFrom(..."0123456789"), { minLength: 12, maxLength: 12 })
  .map((digits) => digits.join(""))
  .map((first12) => `${first12}${gtinCheckDigit(first12)}`);

/** One position of `value` changed to another printable ASCII character. */
function withOneChange(value: string) {
  return fc
    .tuple(fc.nat({ max: value.length - 1 }), fc.integer({ min: 0x21, max: 0x7e }))
    .map(([at, code]) => ({ at, char: String.fromCharCode(code) }))
    .filter(({ at, char }) => value[at] !== char)
    .map(({ at, char }) => ({ at, changed: `${value.slice(0, at)}${char}${value.slice(at + 1)}` }));
}

describe("operator identifiers", () => {
  it("accepts every generated valid LEI and GLN", () => {
    fc.assert(fc.property(arbLei, (lei) => operatorIdentifierProblem("LEI", lei) === undefined));
    fc.assert(fc.property(arbGln, (gln) => operatorIdentifierProblem("GLN", gln) === undefined));
  });

  it("refuses any single-character change of a GLN", () => {
    fc.assert(
      fc.property(
        arbGln.chain((gln) => withOneChange(gln)),
        ({ changed }) => operatorIdentifierProblem("GLN", changed) !== undefined,
      ),
      { numRuns: 2000 },
    );
  });

  it("refuses any single-character change of an LEI that keeps the kind of character, and any change of its check digits", () => {
    fc.assert(
      fc.property(
        arbLei.chain((lei) => withOneChange(lei).map((change) => ({ lei, ...change }))),
        ({ lei, at, changed }) => {
          const swapsKind = at < 18 && isDigit(lei[at] ?? "") !== isDigit(changed[at] ?? "");
          // MOD 97-10 over letters (two digits each) and digits misses 1 in 97 letter-for-digit swaps (below).
          fc.pre(!swapsKind || !/^[A-Z0-9]+$/.test(changed));
          return /LEI/.test(operatorIdentifierProblem("LEI", changed) ?? "");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("passes a letter-for-digit swap the check digits cannot see: a limit of ISO 17442 itself", () => {
    expect(operatorIdentifierProblem("LEI", "5UCXQ4ZVQF8JFX3UO798")).toBeUndefined();
    expect(operatorIdentifierProblem("LEI", "5UCX64ZVQF8JFX3UO798")).toBeUndefined();
  });

  it("names the rule a known bad identifier breaks", () => {
    // The 23-character "LEI" of the issue, a real LEI (GLEIF's own) with its check digits changed, a GLN off by one.
    expect(operatorIdentifierProblem("LEI", "506700GE1G29325QX363ABC")).toMatch(/20 characters/);
    expect(operatorIdentifierProblem("LEI", "506700GE1G29325QX363")).toBeUndefined();
    expect(operatorIdentifierProblem("LEI", "506700GE1G29325QX364")).toMatch(/MOD 97-10/);
    expect(operatorIdentifierProblem("GLN", "4012345000009")).toBeUndefined();
    expect(operatorIdentifierProblem("GLN", "4012345000008")).toMatch(/check digit/);
    expect(operatorIdentifierProblem("EORI", "DE123456789012345")).toBeUndefined();
    expect(operatorIdentifierProblem("EORI", "DE1234567890123456")).toMatch(/up to 15/);
    expect(operatorIdentifierProblem("EORI", "1E12345")).toMatch(/country code/);
    expect(operatorIdentifierProblem("VAT", "DE123456789")).toBeUndefined();
    expect(operatorIdentifierProblem("VAT", "DE12345678")).toMatch(/format of a VAT number of DE/);
    expect(operatorIdentifierProblem("VAT", "US123456789")).toMatch(/EU member state/);
    expect(VAT_COUNTRY_PREFIXES).toContain("EL");
  });

  it("normalises what people type and refuses a list that repeats itself or lacks the responsible operator's contact", () => {
    const parsed = ZOperatorIdentifiers.parse([{ role: "manufacturer", scheme: "VAT", value: "de 123.456.789" }]);
    expect(parsed).toEqual([{ role: "manufacturer", scheme: "VAT", value: "DE123456789" }]);
    const twice = ZOperatorIdentifiers.safeParse([
      { role: "facility", scheme: "GLN", value: "4012345000009" },
      { role: "facility", scheme: "GLN", value: "40123-45000009" },
    ]);
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual(["List each identifier once per role"]);
    const withoutContact = ZOperatorIdentifiers.safeParse([
      { role: "responsibleOperator", scheme: "EORI", value: "DE1234", name: "Acme EU GmbH" },
    ]);
    expect(withoutContact.error?.issues.map((issue) => issue.message)).toEqual(["The responsible economic operator needs a contact"]);
  });

  it("derives the economic operator id: the explicit setting, else the responsible operator, manufacturer, importer", () => {
    const identifiers = [
      { role: "importer", scheme: "EORI", value: "FR1" },
      { role: "manufacturer", scheme: "LEI", value: "506700GE1G29325QX363" },
    ] as const;
    expect(economicOperatorIdOf("DE999", identifiers)).toBe("DE999");
    expect(economicOperatorIdOf(null, identifiers)).toBe("506700GE1G29325QX363");
    expect(economicOperatorIdOf(null, [])).toBeNull();
  });
});
