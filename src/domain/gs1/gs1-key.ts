/**
 * GS1 keys of products (docs/gs1.md): a GTIN (AI 01) with an optional batch/lot (AI 10) and serial (AI 21), as a
 * GS1 Digital Link URI (`https://any.host/01/09506000134352/21/A1`) or an element string
 * (`(01)09506000134352(21)A1`). Pure: the identifier services normalise values with it, the resolver parses paths.
 *
 * Written here rather than taken from npm: the one Digital Link package (digital-link.js) depends on an
 * unmaintained check-digit package of a personal scope, and the rules needed are a few lines.
 */

import { identifierValueProblem } from "~/domain/identifier-values";

export type Gs1Key = { gtin: string; lot?: string; serial?: string };

export type Gs1Parse = { kind: "key"; key: Gs1Key } | { kind: "invalid"; message: string } | { kind: "not-gs1" };

/** The lengths a GTIN may have (GTIN-8, -12, -13, -14); every one is padded with zeros to 14 digits. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** Most characters of a serial (AI 21) or a batch/lot (AI 10). */
export const MAX_QUALIFIER_LENGTH = 20;

/** GS1 AI encodable character set 82: digits, letters and these 20 symbols. */
const CSET_82 = /^[0-9A-Za-z!"%&'()*+,\-./:;<=>?_]+$/;

const QUALIFIER_NAMES = { "10": "batch/lot (AI 10)", "21": "serial number (AI 21)" } as const;
type QualifierAi = keyof typeof QUALIFIER_NAMES;

/** The check digit of a GTIN's other digits: weights 3 and 1 alternating from the right, to the next multiple of 10. */
export function gtinCheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = Number(digitsWithoutCheck[digitsWithoutCheck.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-8/12/13/14 as GTIN-14, or why it is not one (wrong length, not digits, wrong check digit). */
export function normaliseGtin(gtin: string): { gtin: string } | { message: string } {
  if (!/^\d+$/.test(gtin) || !GTIN_LENGTHS.has(gtin.length)) {
    return { message: `"${clip(gtin)}" is not a GTIN: a GTIN has 8, 12, 13 or 14 digits` };
  }
  const expected = gtinCheckDigit(gtin.slice(0, -1));
  if (Number(gtin.slice(-1)) !== expected) {
    return { message: `The GTIN ${gtin} has an invalid check digit: it should end in ${expected}` };
  }
  return { gtin: gtin.padStart(14, "0") };
}

/** Checks a serial or batch/lot against the GS1 rules (1–20 characters of set 82). */
function qualifierIssue(ai: QualifierAi, value: string): string | undefined {
  const name = QUALIFIER_NAMES[ai];
  if (value.length === 0) return `The ${name} is empty`;
  if (value.length > MAX_QUALIFIER_LENGTH) return `The ${name} has more than ${MAX_QUALIFIER_LENGTH} characters`;
  if (!CSET_82.test(value)) return `The ${name} "${clip(value)}" has characters GS1 does not allow (set 82)`;
  // URI parsers drop "." and ".." path segments (even percent-encoded), so such a value could not be resolved.
  if (value === "." || value === "..") return `The ${name} cannot be "${value}": a Digital Link URI cannot carry it`;
  return undefined;
}

/**
 * A key from its parts, as the resolver's path gives them (already percent-decoded): every part checked, the GTIN
 * normalised to 14 digits.
 */
export function gs1KeyOf(parts: { gtin: string; lot?: string; serial?: string }): Gs1Parse {
  const gtin = normaliseGtin(parts.gtin);
  if ("message" in gtin) return { kind: "invalid", message: gtin.message };
  const key: Gs1Key = { gtin: gtin.gtin };
  for (const [ai, value] of [
    ["10", parts.lot],
    ["21", parts.serial],
  ] as const) {
    if (value === undefined) continue;
    const issue = qualifierIssue(ai, value);
    if (issue) return { kind: "invalid", message: issue };
    if (ai === "10") key.lot = value;
    else key.serial = value;
  }
  return { kind: "key", key };
}

/**
 * Reads a GS1 key from an identifier value. A value that does not look like one (no `(01)` element string, no
 * `/01/<digits>` in a path or http(s) URI) is `not-gs1` and stays an ordinary identifier; one that looks like one
 * but breaks a rule (check digit, length, characters, an unknown qualifier) is `invalid` with the reason.
 */
export function parseGs1Key(input: string): Gs1Parse {
  const value = input.trim();
  if (value.startsWith("(01)")) return parseElementString(value);
  const path = digitalLinkPath(value);
  return path === undefined ? { kind: "not-gs1" } : parseDigitalLinkPath(path);
}

/** The path of a Digital Link URI or path form from its `/01/` segment on, or undefined when it has none. */
function digitalLinkPath(value: string): string | undefined {
  let path: string;
  if (value.startsWith("/")) path = value;
  else if (/^https?:\/\//i.test(value)) {
    try {
      // Query and fragment carry link types and attributes, not the key.
      path = new URL(value).pathname;
    } catch {
      return undefined;
    }
  } else return undefined;
  // A Digital Link may have a path prefix before its primary key (`https://host/some/prefix/01/…`).
  const start = path.search(/\/01\/\d+(\/|$)/);
  return start < 0 ? undefined : path.slice(start);
}

/** Reads a Digital Link path that starts at its `/01/` segment (the resolver's request path). */
export function parseDigitalLinkPath(path: string): Gs1Parse {
  const segments = path.replace(/\/+$/, "").split("/").slice(1);
  const parts: Record<string, string> = {};
  let previous = -1;
  for (let i = 0; i < segments.length; i += 2) {
    const ai = segments[i] as string;
    const raw = segments[i + 1];
    const order = PATH_ORDER.indexOf(ai);
    if (order < 0) {
      return {
        kind: "invalid",
        message: `The Digital Link has "${clip(ai)}" where only 10 (batch/lot) or 21 (serial) may follow the GTIN`,
      };
    }
    if (order <= previous)
      return { kind: "invalid", message: "The Digital Link's keys must come in the order /01/, /10/, /21/, each once" };
    if (raw === undefined) return { kind: "invalid", message: `The Digital Link path ends after /${ai}/ without a value` };
    previous = order;
    try {
      parts[ai] = decodeURIComponent(raw);
    } catch {
      return { kind: "invalid", message: `The Digital Link's AI ${ai} value is not valid percent-encoding` };
    }
  }
  return gs1KeyOf({ gtin: parts["01"] ?? "", lot: parts["10"], serial: parts["21"] });
}

/** The Digital Link standard's order of the primary key and its qualifiers in a path. */
const PATH_ORDER = ["01", "10", "21"];

/**
 * `(01)…(10)…(21)…` — each value runs to the next `(NN)`, so a serial containing such a group can only be given
 * in the URI form.
 */
function parseElementString(value: string): Gs1Parse {
  const pieces = value.split(/\((\d{2,4})\)/).slice(1);
  const parts: Record<string, string> = {};
  for (let i = 0; i < pieces.length; i += 2) {
    const ai = pieces[i] as string;
    if (ai !== "01" && ai !== "10" && ai !== "21") {
      return { kind: "invalid", message: `The element string has (${ai}); only (01), (10) and (21) are accepted` };
    }
    if (ai in parts) return { kind: "invalid", message: `The element string names (${ai}) twice` };
    parts[ai] = pieces[i + 1] ?? "";
  }
  return gs1KeyOf({ gtin: parts["01"] ?? "", lot: parts["10"], serial: parts["21"] });
}

/** Percent-encodes all but RFC 3986's unreserved characters, as the Digital Link standard asks of values. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical Digital Link path of a key, `/01/{gtin-14}[/10/{lot}][/21/{serial}]`: how GS1 identifiers are stored. */
export function gs1KeyPath(key: Gs1Key): string {
  let path = `/01/${key.gtin}`;
  if (key.lot !== undefined) path += `/10/${encodeSegment(key.lot)}`;
  if (key.serial !== undefined) path += `/21/${encodeSegment(key.serial)}`;
  return path;
}

/** The element string of a key, `(01)…(10)…(21)…`, as printed under a barcode. */
export function gs1ElementString(key: Gs1Key): string {
  return `(01)${key.gtin}${key.lot === undefined ? "" : `(10)${key.lot}`}${key.serial === undefined ? "" : `(21)${key.serial}`}`;
}

/**
 * An identifier value as it is stored: a GS1 key in its canonical Digital Link path, anything else unchanged;
 * a malformed GS1 key is refused with the reason, and so is a value no identifier may hold (identifierValueProblem:
 * empty, too long, a NUL or a lone surrogate), so every sender that normalises an identifier meets that rule too.
 */
export function normaliseIdentifierValue(value: string): { value: string } | { message: string } {
  const problem = identifierValueProblem(value);
  if (problem !== undefined) return { message: problem };
  const parsed = parseGs1Key(value);
  if (parsed.kind === "invalid") return { message: parsed.message };
  return { value: parsed.kind === "key" ? gs1KeyPath(parsed.key) : value };
}

/**
 * A model's own GTIN (docs/gs1.md, "A model's GTIN") as GTIN-14: given as its digits, an element string `(01)…` or a
 * Digital Link URI or path. It names a product type, so a batch/lot or serial is refused, as is anything else
 * that is not a GTIN; the check digit is checked with the same message as an identifier's.
 */
export function normaliseModelGtin(input: string): { gtin: string } | { message: string } {
  const value = input.trim();
  const parsed = /^\d+$/.test(value) ? gs1KeyOf({ gtin: value }) : parseGs1Key(value);
  if (parsed.kind === "not-gs1") {
    return { message: `"${clip(value)}" is not a GTIN: give its 8, 12, 13 or 14 digits, (01)… or a Digital Link URI` };
  }
  if (parsed.kind === "invalid") return { message: parsed.message };
  if (parsed.key.lot !== undefined || parsed.key.serial !== undefined) {
    return { message: "A model's GTIN names the product, not a batch or one item: leave out the lot (10) and serial (21)" };
  }
  return { gtin: parsed.key.gtin };
}

/** Long input is cut in messages, so an error answer stays small. */
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** An identifier value as people read it: a GS1 key as its element string, anything else as stored. */
export function displayIdentifier(value: string): string {
  const parsed = parseGs1Key(value);
  return parsed.kind === "key" ? gs1ElementString(parsed.key) : value;
}
