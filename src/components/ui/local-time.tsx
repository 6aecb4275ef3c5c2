"use client";

import { useLocale, useTimeZone } from "next-intl";
import { formatDateTime } from "~/i18n/format";

export type LocalTimeProps = { value: string; className?: string };

/**
 * A timestamp in the reader's time zone, named, in the member's language (formatDateTime, src/i18n/format.ts). The
 * zone is next-intl's, the one the server rendered with (the browser's `tz` cookie), so hydration keeps the text and
 * a time loaded later in the browser reads the same as one the server sent (docs/editor.md, Times).
 */
export function LocalTime({ value, className }: LocalTimeProps) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <time dateTime={value} className={className}>
      {formatDateTime(value, locale, timeZone)}
    </time>
  );
}
