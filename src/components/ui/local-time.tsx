"use client";

export type LocalTimeProps = { value: string; className?: string };

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * A timestamp in the reader's own time zone and locale. The server renders it in its zone first, so the text may
 * change on hydration; that difference is expected and not a bug.
 */
export function LocalTime({ value, className }: LocalTimeProps) {
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {FORMAT.format(new Date(value))}
    </time>
  );
}
