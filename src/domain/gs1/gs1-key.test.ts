import { identifierValueProblem } from "~/domain/identifier-values";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  displayIdentifier,
  gs1ElementString,
  gs1KeyPath,
  gtinCheckDigit,
  normaliseGtin,
  normaliseIdentifierValue,
  normaliseModelGtin,
  parseGs1Key,
} from "~/domain/gs1/gs1-key";

const CSET_82 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!\"%&'()*+,-./:;<=>?_";

/** A valid GTIN of any accepted length: random digits and their check digit. */
const gtin = fc
  .constantFrom(8, 12, 13, 14)
  .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }))
  .map((digits) => digits.join(""))
  .map((body) => `${body}${gtinCheckDigit(body)}`);

const qualifier = fc
  .array(fc.constantFrom(...CSET_82), { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join(""))
  .filter((value) => value !== "." && value !== "..");

const key = fc.record({ gtin, lot: fc.option(qualifier, { nil: undefined }), serial: fc.option(qualifier, { nil: undefined }) });

describe("GTIN check digits", () => {
  it("accepts GS1's published examples at every length and pads them to 14 digits", () => {
    expect(normaliseGtin("09506000134352")).toEqual({ gtin: "09506000134352" });
    expect(normaliseGtin("9506000134352")).toEqual({ gtin: "09506000134352" });
    expect(normaliseGtin("614141000036")).toEqual({ gtin: "00614141000036" });
    expect(normaliseGtin("96385074")).toEqual({ gtin: "00000096385074" });
  });

  it("refuses every wrong check digit and says which one is right", () => {
    fc.assert(
      fc.property(gtin, fc.integer({ min: 1, max: 9 }), (valid, shift) => {
        const wrong = `${valid.slice(0, -1)}${(Number(valid.slice(-1)) + shift) % 10}`;
        const result = normaliseGtin(wrong);
        expect(result).toEqual({ message: expect.stringContaining(`should end in ${valid.slice(-1)}`) });
      }),
    );
  });

  it("refuses other lengths and non-digits", () => {
    expect(normaliseGtin("1234567")).toHaveProperty("message");
    expect(normaliseGtin("950600013435a")).toHaveProperty("message");
    expect(normaliseGtin("123456789012345")).toHaveProperty("message");
  });
});

describe("GS1 keys", () => {
  it("reads the same key from a Digital Link URI, its path and its element string", () => {
    fc.assert(
      fc.property(key, fc.constantFrom("https://id.example.com", "http://a.b/prefix/path"), (k, origin) => {
        const expected = {
          gtin: k.gtin.padStart(14, "0"),
          ...(k.lot !== undefined && { lot: k.lot }),
          ...(k.serial !== undefined && { serial: k.serial }),
        };
        const path = gs1KeyPath({ ...k, gtin: k.gtin });
        expect(parseGs1Key(`${origin}${path}`)).toEqual({ kind: "key", key: expected });
        expect(parseGs1Key(path)).toEqual({ kind: "key", key: expected });
        // An element string value containing "(NN)" would be read as a new AI: the URI form exists for those.
        if (!/\(\d{2,4}\)/.test(`${k.lot ?? ""}${k.serial ?? ""}`)) {
          expect(parseGs1Key(gs1ElementString(k))).toEqual({ kind: "key", key: expected });
        }
      }),
    );
  });

  it("normalises every form of one key to the same canonical path, and that path to itself", () => {
    fc.assert(
      fc.property(key, (k) => {
        const canonical = normaliseIdentifierValue(`https://x.example${gs1KeyPath(k)}?linkType=gs1:pip#top`);
        expect(canonical).toEqual({ value: gs1KeyPath({ ...k, gtin: k.gtin.padStart(14, "0") }) });
        expect(normaliseIdentifierValue((canonical as { value: string }).value)).toEqual(canonical);
      }),
    );
  });

  it("stores the issue's examples as canonical paths", () => {
    expect(normaliseIdentifierValue("(01)09506000134352(21)A1")).toEqual({ value: "/01/09506000134352/21/A1" });
    expect(normaliseIdentifierValue("https://any.host/01/09506000134352/10/LOT%2F7")).toEqual({
      value: "/01/09506000134352/10/LOT%2F7",
    });
    expect(normaliseIdentifierValue("(01)9506000134352(10)L1(21)S1")).toEqual({ value: "/01/09506000134352/10/L1/21/S1" });
  });

  it("leaves values that are not GS1 keys alone", () => {
    fc.assert(
      fc.property(
        // Values no identifier may hold (empty, a NUL…) are refused before any parsing: identifierValueProblem.
        fc.string().filter((s) => !s.trim().startsWith("(01)") && !/\/01\/\d/.test(s) && identifierValueProblem(s) === undefined),
        (value) => {
          expect(normaliseIdentifierValue(value)).toEqual({ value });
        },
      ),
    );
    expect(normaliseIdentifierValue("SN-0001")).toEqual({ value: "SN-0001" });
    expect(normaliseIdentifierValue("https://example.com/products/abc")).toEqual({ value: "https://example.com/products/abc" });
  });

  it("refuses malformed keys with the reason", () => {
    const cases: [string, string][] = [
      ["(01)09506000134353(21)A1", "invalid check digit"],
      ["https://h/01/09506000134352/21/" + "x".repeat(21), "more than 20"],
      ["(01)09506000134352(21)A~1", "set 82"],
      ["/01/09506000134352/21/A1/10/L1", "order"],
      ["/01/09506000134352/22/X", "only 10"],
      ["/01/09506000134352/21", "without a value"],
      ["(01)09506000134352(17)261231", "only (01)"],
      ["(01)09506000134352(21)..", "cannot carry it"],
      ["/01/09506000134352/21/%E0%A4%A", "percent-encoding"],
    ];
    for (const [value, reason] of cases) {
      expect(normaliseIdentifierValue(value)).toEqual({ message: expect.stringContaining(reason) });
    }
  });
});

describe("displayIdentifier", () => {
  it("shows a stored GS1 key as its element string and other values as they are", () => {
    expect(displayIdentifier("/01/09506000134352/10/LOT%2F7/21/A1")).toBe("(01)09506000134352(10)LOT/7(21)A1");
    expect(displayIdentifier("SN-1")).toBe("SN-1");
  });
});

describe("normaliseModelGtin", () => {
  it("reads a GTIN from its digits, its element string or a Digital Link, as GTIN-14", () => {
    fc.assert(
      fc.property(gtin, (g) => {
        const expected = { gtin: g.padStart(14, "0") };
        expect(normaliseModelGtin(g)).toEqual(expected);
        expect(normaliseModelGtin(` (01)${g} `)).toEqual(expected);
        expect(normaliseModelGtin(`https://id.example.com/01/${g}`)).toEqual(expected);
        expect(normaliseModelGtin(`/01/${g}`)).toEqual(expected);
      }),
    );
  });

  it("refuses a wrong check digit with the identifiers' message, a lot or serial, and what is no GTIN", () => {
    expect(normaliseModelGtin("09506000134353")).toEqual({
      message: "The GTIN 09506000134353 has an invalid check digit: it should end in 2",
    });
    expect(normaliseModelGtin("(01)09506000134352(21)A1")).toEqual({ message: expect.stringContaining("leave out the lot") });
    expect(normaliseModelGtin("/01/09506000134352/10/L1")).toEqual({ message: expect.stringContaining("leave out the lot") });
    expect(normaliseModelGtin("SN-1")).toEqual({ message: expect.stringContaining("is not a GTIN") });
    expect(normaliseModelGtin("1234567")).toEqual({ message: expect.stringContaining("is not a GTIN") });
  });
});
