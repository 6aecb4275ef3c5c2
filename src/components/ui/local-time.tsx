"use client";

import { useLocale } from "next-intl";
import { formatDateTime } from "~/i18n/format";

export type LocalTimeProps = { value: string; className?: string };

/**
 * A timestamp in the reader's own time zone, in the member's language (formatDateTime, src/i18n/format.ts). The server renders it in its zone first, so the text may
 * change on hydration; that difference is expected and not a bug.
 */
export function LocalTime({ value, className }: LocalTimeProps) {
  const locale = useLocale();
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {formatDateTime(value, locale)}
    </time>
  );
}
