/**
 * A stored value shown the way the reader's locale writes it, for read-only places (the model's values beside an
 * item's editor): numbers with the locale's decimal separator, as the number input shows them, and dates (a text
 * field with format "date") in the locale's medium date style, as a date input shows them, and dates with times
 * (format "dateTime") in its medium date and time style, with the zone the value names. Anything else as stored.
 */
import { dateTimeZone, isIsoDate, isXsDateTime } from "~/domain/field-value";
import { isYesNoField, readFieldOptions } from "~/domain/field-options";
import { formatLocaleNumber, parseLocaleNumber } from "~/domain/languages/locale-number";
import type { TDataField } from "~/domain/template-schema";

export function formatLocaleValue(field: Pick<TDataField, "type" | "options">, value: string, locale: string): string {
  const kind = localeKind(field);
  if (kind === "number") return formatLocaleNumber(value, locale);
  if (kind === "date" && isIsoDate(value)) {
    // Noon UTC, shown in UTC: the calendar day stored, whatever the reader's time zone.
    return dateFormat(locale, "date").format(new Date(`${value}T12:00:00Z`));
  }
  if (kind === "dateTime" && isXsDateTime(value)) return localeDateTime(value, locale);
  return value;
}

/**
 * The clock time a value names, as written (never moved into the reader's zone, which the value may not state), in
 * the locale's medium style, then its zone: "31 Mar 2025, 14:05:00 UTC+02:00".
 */
function localeDateTime(value: string, locale: string): string {
  const zone = dateTimeZone(value);
  const clock = (zone === undefined ? value : value.slice(0, -zone.length)).replace(/(\.\d{3})\d+$/, "$1");
  const text = dateFormat(locale, "dateTime").format(new Date(`${clock}Z`));
  if (zone === undefined) return text;
  return `${text} UTC${zone === "Z" ? "" : zone}`;
}

// A passport's table may show thousands of dates; a formatter is made once per locale and kind, not per value.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The locale's medium date (or date and time) style, in UTC: the calendar day and clock time as stored. */
function dateFormat(locale: string, kind: "date" | "dateTime"): Intl.DateTimeFormat {
  const key = `${kind} ${locale}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      ...(kind === "dateTime" && { timeStyle: "medium" }),
      timeZone: "UTC",
    });
    dateFormats.set(key, format);
  }
  return format;
}

type DatePart = "day" | "month" | "year";
const dateOrderCache = new Map<string, DatePart[]>();

/** The order in which `locale` writes day, month and year (de-DE: day, month, year; en-US: month, day, year). */
function dateOrder(locale: string): DatePart[] {
  const cached = dateOrderCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" })
    .formatToParts(new Date(Date.UTC(2000, 10, 22)))
    .flatMap((part) => (part.type === "day" || part.type === "month" || part.type === "year" ? [part.type] : []));
  dateOrderCache.set(locale, parts);
  return parts;
}

/**
 * The stored date (`yyyy-mm-dd`) for a date written the way `locale` writes dates in numbers (`29.02.2024` in
 * de-DE, `2/29/2024` in en-US, `29/02/2024` in en-GB and fr-FR; any of `.`, `/`, `-` between the parts, a four-digit
 * year), or the stored form itself; undefined for anything else or a day that does not exist.
 */
export function parseLocaleDate(text: string, locale: string): string | undefined {
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const numbers = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\.?$/.exec(trimmed)?.slice(1);
  if (!numbers) return undefined;
  const order = dateOrder(locale);
  const part = (name: DatePart) => numbers[order.indexOf(name)] ?? "";
  const [year, month, day] = [part("year"), part("month"), part("day")];
  if (year.length !== 4 || month.length > 2 || day.length > 2) return undefined;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : undefined;
}

// A spreadsheet program's date and time: the date in the locale's numbers, a space, then `h:mm`, seconds optional,
// and `AM`/`PM` where the locale's clock has them (Excel's CSV writes "31.03.2025 14:05" and "3/31/2025 2:05:00 PM").
const LOCALE_TIME = /^(.+?)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])\.?[Mm]\.?)?$/;

/**
 * The stored date and time (`xs:dateTime`, field-value.ts) for one written the way `locale` writes them in numbers
 * ("31.03.2025 14:05" in de-DE, "3/31/2025 2:05 PM" in en-US: a local time, no zone), or the stored form itself;
 * undefined for anything else or a day or time that does not exist.
 */
export function parseLocaleDateTime(text: string, locale: string): string | undefined {
  const trimmed = text.trim();
  if (isXsDateTime(trimmed)) return trimmed;
  const [, dateText = "", hourText = "", minute = "", second = "00", half] = LOCALE_TIME.exec(trimmed) ?? [];
  const date = parseLocaleDate(dateText, locale);
  let hour = Number(hourText);
  if (half !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half.toLowerCase() === "p" ? 12 : 0);
  }
  const stored = `${date}T${String(hour).padStart(2, "0")}:${minute}:${second}`;
  return date !== undefined && isXsDateTime(stored) ? stored : undefined;
}

// What a yes/no cell may say: Excel's TRUE and FALSE as it writes them in CSV in English, German and French, the words
// the app shows for them, and XML Schema's 1 and 0. None is the other's in any of these languages, so no locale is asked.
const YES_NO_WORDS = new Map<string, "true" | "false">([
  ...["true", "wahr", "vrai", "yes", "ja", "oui", "1"].map((word): [string, "true"] => [word, "true"]),
  ...["false", "falsch", "faux", "no", "nein", "non", "0"].map((word): [string, "false"] => [word, "false"]),
]);

/**
 * The stored form of a value written in `locale` (the inverse of `formatLocaleValue` for numbers and numeric
 * dates): a number through `parseLocaleNumber`, a date field's date through `parseLocaleDate`, a date and time
 * through `parseLocaleDateTime`, a yes/no field's `true` or `false` from the words YES_NO_WORDS lists (German Excel
 * writes WAHR and FALSCH), anything else as it is; undefined for one that does not read under `locale`.
 */
export function parseLocaleValue(field: Pick<TDataField, "type" | "options">, text: string, locale: string): string | undefined {
  if (isYesNoField(field)) return YES_NO_WORDS.get(text.trim().toLowerCase());
  const kind = localeKind(field);
  if (kind === "number") return parseLocaleNumber(text, locale);
  if (kind === "dateTime") return parseLocaleDateTime(text, locale);
  return kind === "date" ? parseLocaleDate(text, locale) : text;
}

/**
 * Whether a field's values are written differently by locale: a number, a date or a date and time (a text field of
 * format date or dateTime), or neither.
 */
export function localeKind(field: Pick<TDataField, "type" | "options">): "number" | "date" | "dateTime" | undefined {
  if (field.type === "NumericField") return "number";
  return field.type === "TextField" ? readFieldOptions(field).format : undefined;
}
