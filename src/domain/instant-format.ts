/**
 * How the app writes an instant (docs/editor.md, Times): in the reader's time zone, always with the zone's name, in
 * the member's language. The one formatter of both sides: server pages format with the zone the browser told them
 * (the `tz` cookie), client components with the same zone from next-intl's provider, so the text React hydrates is
 * the text the server sent, and two boxes never show one instant in two zones.
 */

/** The cookie in which the browser tells the server its IANA time zone. */
export const TIME_ZONE_COOKIE = "tz";

/** The zone used until the browser has said its own (a first visit, a reader without cookies). */
export const DEFAULT_TIME_ZONE = "UTC";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The parts an instant is written with, less its zone. Exported for the one place that formats without this module
 * loaded: the public passport page's script, which writes the page's times in the browser's zone with these options.
 */
export const INSTANT_FORMAT = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
} as const satisfies Intl.DateTimeFormatOptions;

/** Whether `name` is a time zone this runtime knows (the cookie is the browser's word, so it is checked). */
export function isTimeZone(name: string): boolean {
  if (name === "" || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone a cookie's value names, or the default when it names none. */
export function timeZoneFromCookie(value: string | undefined): string {
  return value !== undefined && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/**
 * "Nov 28, 2026, 4:17 PM EST" (en), "28. Nov. 2026, 16:17 EST" (de). Intl refuses `timeZoneName` beside
 * `dateStyle`/`timeStyle`, so the parts are named one by one. Formatters are cached per locale and zone: making one
 * costs far more than using it, and lists format hundreds of times.
 */
export function formatInstant(value: string | Date, locale: string, timeZone: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  const key = `${locale}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...INSTANT_FORMAT, timeZone });
    formats.set(key, format);
  }
  return format.format(date);
}
