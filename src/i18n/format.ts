import type { TAppLocale } from "~/domain/languages/app-locale";
import { DEFAULT_TIME_ZONE, formatInstant } from "~/domain/instant-format";

/**
 * Numbers and dates as the member's language writes them (docs/app-text.md). Formatters are cached per locale:
 * building an Intl formatter costs far more than using one, and lists format thousands of values.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * "Nov 26, 2026, 2:05 PM EST" (en), "26. Nov. 2026, 14:05 MEZ" (de): an instant in the reader's time zone (next-intl's
 * `timeZone`, from the browser's cookie; docs/editor.md, Times), with the zone's name. The domain's one formatter.
 */
export function formatDateTime(value: string | Date, locale: TAppLocale, timeZone: string | undefined): string {
  return formatInstant(value, locale, timeZone ?? DEFAULT_TIME_ZONE);
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
