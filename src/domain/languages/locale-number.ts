/**
 * Numbers as people type them in their own locale ("12,5" and "1.234,5" in German, "1,234.5" in English) read
 * into the one stored form (`-12.5`, see decimal.ts), and stored numbers shown back in the locale's form. The
 * separators come from `Intl.NumberFormat`, so every locale the browser knows works without a table of ours.
 */
import { isDecimalString } from "~/domain/decimal";

export type NumberSymbols = { decimal: string; group: string };

const symbolsCache = new Map<string, NumberSymbols>();

/** The decimal and grouping separators of `locale`, e.g. { decimal: ",", group: "." } for de-DE. */
export function numberSymbols(locale: string): NumberSymbols {
  const cached = symbolsCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  const symbols = {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
  };
  symbolsCache.set(locale, symbols);
  return symbols;
}

// Locales that group with a (narrow) no-break space are typed with a plain one, or an apostrophe for "’".
const SPACES = /[\s\u00a0\u202f]/;
const APOSTROPHES = /['\u2019]/;
const MINUS = /^[-\u2212]/;

/**
 * The stored decimal string for `text` typed under `locale`, or undefined when it is not a number there.
 * Grouping separators are accepted only between groups of three digits of the whole part, so under de-DE
 * "1.234" is 1234 while "12.5" (not a grouping) falls back to the stored form and reads as 12.5. Digits are kept
 * as typed: "1,50" is "1.50", not "1.5".
 */
export function parseLocaleNumber(text: string, locale: string): string | undefined {
  const trimmed = text.trim();
  const localized = parseWithSymbols(trimmed, numberSymbols(locale));
  if (localized !== undefined) return localized;
  return isDecimalString(trimmed) ? trimmed : undefined;
}

function parseWithSymbols(text: string, { decimal, group }: NumberSymbols): string | undefined {
  const sign = MINUS.test(text) ? "-" : "";
  const unsigned = sign ? text.slice(1) : text;
  const pointAt = unsigned.lastIndexOf(decimal);
  const whole = pointAt === -1 ? unsigned : unsigned.slice(0, pointAt);
  const fraction = pointAt === -1 ? undefined : unsigned.slice(pointAt + decimal.length);
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return undefined;
  const wholeDigits = ungroup(whole, group);
  if (wholeDigits === undefined) return undefined;
  return `${sign}${wholeDigits}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** The digits of a whole part, either plain or grouped in threes by `group` (or what people type for it). */
function ungroup(whole: string, group: string): string | undefined {
  if (/^\d+$/.test(whole)) return whole;
  const isGroup = (char: string) =>
    char === group || (SPACES.test(group) && SPACES.test(char)) || (APOSTROPHES.test(group) && APOSTROPHES.test(char));
  const groups: string[] = [];
  let current = "";
  for (const char of whole) {
    if (/\d/.test(char)) current += char;
    else if (isGroup(char)) {
      groups.push(current);
      current = "";
    } else return undefined;
  }
  groups.push(current);
  const [first = "", ...rest] = groups;
  const isGrouped = /^\d{1,3}$/.test(first) && rest.length > 0 && rest.every((digits) => /^\d{3}$/.test(digits));
  return isGrouped ? groups.join("") : undefined;
}

/**
 * A stored decimal string written the way `locale` writes numbers, e.g. "1234.5" → "1234,5" under de-DE, or
 * "1.234,5" with `useGrouping`. Anything that is not a stored decimal (text being typed) is returned unchanged.
 */
export function formatLocaleNumber(value: string, locale: string, { useGrouping = false } = {}): string {
  if (!isDecimalString(value)) return value;
  const { decimal, group } = numberSymbols(locale);
  const sign = value.startsWith("-") ? "-" : "";
  const [whole = "", fraction] = value.slice(sign.length).split(".");
  const shownWhole = useGrouping ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return `${sign}${shownWhole}${fraction === undefined ? "" : `${decimal}${fraction}`}`;
}
