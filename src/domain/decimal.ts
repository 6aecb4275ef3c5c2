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
