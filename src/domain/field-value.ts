import { valueTextProblem } from "~/domain/data-value";
import { compareDecimals, fractionDigits, isDecimalString } from "~/domain/decimal";
import { readFieldOptions } from "~/domain/field-options";
import { decodeRange, isRangeField } from "~/domain/range-value";
import { listValueProblem } from "~/domain/list-value";
import type { TDataField } from "~/domain/template-schema";
import { isUuid } from "~/domain/uuid";

export const MAX_REFERENCE_LENGTH = 2048;

/**
 * Why `value` does not fit the field's type and options, or undefined when it does. Emptiness (null or "") is
 * the caller's concern: it depends on `required` and on who writes the value. Text no field can store (too long, a
 * NUL, a lone surrogate: valueTextProblem) is refused first, for every field type.
 */
export function fieldValueProblem(field: Pick<TDataField, "type" | "options">, value: string): string | undefined {
  const unstorable = valueTextProblem(value);
  if (unstorable !== undefined) return unstorable;
  // A list's stored text is checked as a list, and each entry by the rules below (docs/field-options.md §Lists).
  if (readFieldOptions(field).list === true) return listValueProblem(field, value, (entry) => singleValueProblem(field, entry));
  if (isRangeField(field)) return rangeProblem(field, value);
  return singleValueProblem(field, value);
}

/** One value of the field's kind: the whole value, one entry of a list, or one side of a range. */
function singleValueProblem(field: Pick<TDataField, "type" | "options">, value: string): string | undefined {
  switch (field.type) {
    case "NumericField":
      return numberProblem(field, value);
    case "TextField":
      return textProblem(field, value);
    case "ProductPassportLink":
      return isUuid(value) || isHttpUrl(value) ? undefined : "must be a product passport UUID or an http(s) URL";
    case "FileField":
      return isHttpUrl(value) || isRelativeReference(value)
        ? undefined
        : `must be an http(s) URL or a relative file reference (at most ${MAX_REFERENCE_LENGTH} characters)`;
  }
}

/**
 * A range (range-value.ts): the canonical `{"min":…,"max":…}` text, each side meeting the field's own rules (bounds,
 * decimals, maxLength, date), and for numbers and dates min not above max. Text sides have no order.
 */
function rangeProblem(field: Pick<TDataField, "type" | "options">, value: string): string | undefined {
  const sides = decodeRange(value);
  if (sides === undefined) return 'must be a range {"min": …, "max": …} (either side may be null)';
  for (const side of ["min", "max"] as const) {
    const text = sides[side];
    if (text === null) continue;
    const problem = valueTextProblem(text) ?? singleValueProblem(field, text);
    if (problem !== undefined) return `${side} ${problem}`;
  }
  const { min, max } = sides;
  if (min === null || max === null) return undefined;
  return isAbove(field, min, max) ? `min (${min}) is above max (${max})` : undefined;
}

/**
 * Whether a range's min comes after its max. Decimals compare exactly; ISO dates as text (yyyy-mm-dd orders like the
 * calendar); dates with times as instants when both or neither name a zone (neither: both read in one zone), and not
 * at all when one does and the other does not (XML Schema leaves that order open within 14 hours). Text has no order.
 */
function isAbove(field: Pick<TDataField, "type" | "options">, min: string, max: string): boolean {
  if (field.type === "NumericField") return compareDecimals(min, max) > 0;
  const { format } = readFieldOptions(field);
  if (format === "date") return min > max;
  if (format !== "dateTime" || hasZone(min) !== hasZone(max)) return false;
  return dateTimeInstant(min) > dateTimeInstant(max);
}

function numberProblem(field: Pick<TDataField, "type" | "options">, value: string): string | undefined {
  if (!isDecimalString(value)) return "must be a decimal number such as -12.5 (no exponent, no +)";
  const { min, max } = field.options;
  // Options are compared as exact decimals: a double would let 1000000000000000000001 pass max 1e21.
  if (min !== undefined && isDecimalString(min) && compareDecimals(value, min) < 0) return `must be at least ${min}`;
  if (max !== undefined && isDecimalString(max) && compareDecimals(value, max) > 0) return `must be at most ${max}`;
  const { decimals } = readFieldOptions(field);
  if (decimals !== undefined && fractionDigits(value) > decimals) {
    return decimals === 0 ? "must be a whole number" : `must have at most ${decimals} digits after the point`;
  }
  return undefined;
}

function textProblem(field: Pick<TDataField, "type" | "options">, value: string): string | undefined {
  const { maxLength, choices, format } = readFieldOptions(field);
  if (maxLength !== undefined && value.length > maxLength) return `must be at most ${maxLength} characters (has ${value.length})`;
  if (choices !== undefined && !choices.includes(value)) return `must be one of: ${choices.join(", ")}`;
  if (format === "date" && !isIsoDate(value)) return "must be a date written yyyy-mm-dd, e.g. 2025-03-31";
  if (format === "dateTime" && !isXsDateTime(value)) {
    return "must be a date and time written yyyy-mm-ddThh:mm:ss, optionally with fractions of a second and a zone (Z or ±hh:mm), e.g. 2025-03-31T14:05:00+02:00";
  }
  return undefined;
}

/** A calendar date in ISO 8601's extended form, e.g. 2024-02-29; 2023-02-29 and 2024-13-01 are not dates. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// XML Schema's dateTime (the AAS value type xs:dateTime), with a four-digit year: 24:00:00 (the next day's start) is
// left out, as is a negative or five-digit year, which no product's data needs and few readers parse.
const XS_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d+)?(Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00))?$/;

/**
 * A date and time as XML Schema's `xs:dateTime` writes it: `2025-03-31T14:05:00`, optionally with fractions of a
 * second (any number of digits, as XML Schema allows) and a zone, `Z` or an offset up to ±14:00; the day must exist
 * (isIsoDate).
 */
export function isXsDateTime(value: string): boolean {
  const match = XS_DATE_TIME.exec(value);
  return match !== null && isIsoDate(match[1] ?? "");
}

/** The zone an `xs:dateTime` ends with, `Z` or an offset such as `+02:00`; undefined when it names none. */
export function dateTimeZone(value: string): string | undefined {
  return /(Z|[+-]\d{2}:\d{2})$/.exec(value)?.[1];
}

function hasZone(value: string): boolean {
  return dateTimeZone(value) !== undefined;
}

/** The instant of a valid `xs:dateTime` in milliseconds, a value without a zone read as UTC. */
function dateTimeInstant(value: string): number {
  // Date.parse reads ISO 8601 with up to three fraction digits; more would make it NaN.
  const trimmed = value.replace(/(\.\d{3})\d+/, "$1");
  return Date.parse(hasZone(trimmed) ? trimmed : `${trimmed}Z`);
}

function isHttpUrl(value: string): boolean {
  if (value.length > MAX_REFERENCE_LENGTH || value !== value.trim()) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

// A reference relative to the file store, e.g. "files/2024/manual.pdf". Anything with a scheme ("javascript:")
// or starting with "//" or "\\" (another host; browsers read "\" as "/") would lead somewhere else, so it is refused.
function isRelativeReference(value: string): boolean {
  return (
    value.length <= MAX_REFERENCE_LENGTH &&
    value.trim() === value &&
    value !== "" &&
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    !/[\u0000-\u001f\u007f]/.test(value) &&
    !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) &&
    !/^[\\/]{2}/.test(value)
  );
}
