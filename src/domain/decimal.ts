import { jsonStringEnd } from "~/domain/json-text";

/** The only number format stored for a NumericField: no exponent, no leading "+", no bare "." forms. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/**
 * A finite number as a plain decimal string. `String(n)` already gives the shortest digits that round-trip;
 * only its exponent form (1e21, 1e-7) needs expanding.
 */
export function toDecimalString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  const text = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = "", lead = "", rest = "", exponentText = "0"] = match;
  const digits = lead + rest;
  const pointAt = lead.length + Number(exponentText);
  if (pointAt <= 0) return `${sign}0.${"0".repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${"0".repeat(pointAt - digits.length)}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

/** Number of digits after the point of a decimal string. */
export function fractionDigits(decimal: string): number {
  const point = decimal.indexOf(".");
  return point === -1 ? 0 : decimal.length - point - 1;
}

/**
 * Exact comparison of two decimal strings (-1, 0, 1). Converting to a double first would call
 * 1000000000000000000001 equal to 1000000000000000000000 and let it pass a `max`.
 */
export function compareDecimals(a: string, b: string): number {
  const x = splitDecimal(a);
  const y = splitDecimal(b);
  if (x.isNegative !== y.isNegative) return x.isNegative ? -1 : 1;
  const magnitude = compareMagnitudes(x, y);
  return x.isNegative ? -magnitude : magnitude;
}

type SplitDecimal = { isNegative: boolean; integer: string; fraction: string };

function splitDecimal(decimal: string): SplitDecimal {
  const isNegative = decimal.startsWith("-");
  const [integerPart = "", fractionPart = ""] = (isNegative ? decimal.slice(1) : decimal).split(".");
  const integer = integerPart.replace(/^0+/, "");
  const fraction = fractionPart.replace(/0+$/, "");
  // -0 and 0 must compare equal.
  return { isNegative: isNegative && (integer !== "" || fraction !== ""), integer, fraction };
}

function compareMagnitudes(x: SplitDecimal, y: SplitDecimal): number {
  if (x.integer.length !== y.integer.length) return x.integer.length < y.integer.length ? -1 : 1;
  if (x.integer !== y.integer) return x.integer < y.integer ? -1 : 1;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const xf = x.fraction.padEnd(width, "0");
  const yf = y.fraction.padEnd(width, "0");
  return xf === yf ? 0 : xf < yf ? -1 : 1;
}

/** A JSON string (skipped) or a JSON number, in a text that JSON.parse has accepted. */
const JSON_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?/g;

/**
 * Whether a JSON text may hold an inexact number: outside its strings, 16 digits (and points) in a row, or an
 * exponent right after digits — what any inexact number's text contains. A quick scan of the whole body, so one
 * with neither (nearly all) is not tokenised: it jumps from string to string (jsonStringEnd) and reads only what lies
 * between, a tenth of a body of values (14 MB of 100,000 values: 14 against 50–70 ms for a regular expression over
 * every character).
 */
function mayHoldInexactNumber(json: string): boolean {
  let run = 0;
  for (let at = 0; at < json.length; at++) {
    const code = json.charCodeAt(at);
    if ((code >= DIGIT_0 && code <= DIGIT_9) || code === POINT) {
      if (++run >= 16) return true;
    } else if ((code === LOWER_E || code === UPPER_E) && run > 0) {
      return true;
    } else {
      run = 0;
      if (code === QUOTE) at = jsonStringEnd(json, at);
    }
  }
  return false;
}

const [DIGIT_0, DIGIT_9, POINT, LOWER_E, UPPER_E, QUOTE] = ["0", "9", ".", "e", "E", '"'].map((c) => c.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
  number,
  number,
];

/** Past this exponent a number with a non-zero digit is far outside a double's range (±1.8e308, 5e-324). */
const MAX_EXPONENT = 400;

/**
 * The first number of a JSON text (one JSON.parse accepted) that a double cannot hold as written, e.g.
 * 12345678901234567890 or 1.00000000000000000001: JSON.parse would round it without a word, and the value stored
 * would not be the one sent. Answers the number as written and why, or undefined when every number is exact
 * (0.1 and 1.50 are: the double's shortest form, toDecimalString, is the same decimal). Numbers of at most 15
 * significant digits always are, so only longer ones are compared digit by digit.
 */
export function inexactJsonNumber(json: string): { number: string; message: string } | undefined {
  return mayHoldInexactNumber(json) ? firstInexactNumber(json) : undefined;
}

/** inexactJsonNumber by reading every token: what the quick scan (mayHoldInexactNumber) spares nearly every body. */
export function firstInexactNumber(json: string): { number: string; message: string } | undefined {
  for (const match of json.matchAll(JSON_TOKEN)) {
    const [token, sign = "", integer, fraction = "", exponentText] = match;
    if (integer === undefined) continue;
    const digits = `${integer}${fraction}`.replace(/^0+/, "");
    if (exponentText === undefined && digits.length <= 15) continue;
    const exact = exactDecimal(sign, integer, fraction, Number(exponentText ?? "0"));
    const parsed = Number(token);
    if (exact !== undefined && Number.isFinite(parsed) && compareDecimals(exact, toDecimalString(parsed)) === 0) continue;
    const significant = digits.replace(/0+$/, "").length;
    return {
      number: token,
      message:
        `The number ${token} cannot be kept exactly: a JSON number is read as a double, which holds about 15 ` +
        `significant digits (this one has ${significant}, or is out of range). Send it as a string, "${token}".`,
    };
  }
  return undefined;
}

/** The plain decimal string a JSON number's parts stand for; undefined when its exponent is out of any double's range. */
function exactDecimal(sign: string, integer: string, fraction: string, exponent: number): string | undefined {
  const digits = `${integer}${fraction}`;
  if (/^0*$/.test(digits)) return "0";
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const pointAt = integer.length + exponent;
  const padded = pointAt <= 0 ? `${"0".repeat(1 - pointAt)}${digits}` : digits.padEnd(pointAt, "0");
  const at = Math.max(pointAt, 1);
  const whole = padded.slice(0, at);
  const rest = padded.slice(at);
  return `${sign}${whole}${rest === "" ? "" : `.${rest}`}`;
}
