import type { TAppLocale } from "~/domain/app-locale";

/**
 * Numbers and dates as the member's language writes them (docs/app-text.md). Formatters are cached per locale:
 * building an Intl formatter costs far more than using one, and lists format thousands of values.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** "26 Nov 2026, 14:05" (en), "26.11.2026, 14:05" (de), "26 nov. 2026, 14:05" (fr), in the reader's time zone. */
export function formatDateTime(value: string | Date, locale: TAppLocale): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    dateTimeFormats.set(locale, format);
  }
  return format.format(typeof value === "string" ? new Date(value) : value);
}

/** "12,345.5" (en), "12.345,5" (de), "12 345,5" (fr). */
export function formatNumber(value: number, locale: TAppLocale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
