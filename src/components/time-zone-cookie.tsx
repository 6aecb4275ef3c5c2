"use client";

import { useTimeZone } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { TIME_ZONE_COOKIE } from "~/domain/instant-format";

/** A year: the zone changes rarely, and each page load checks it again. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Tells the server the browser's time zone (docs/editor.md, Times): when the zone the page was rendered in (next-intl's,
 * from the `tz` cookie) is not the browser's, sets the cookie and refreshes the server components, so every time on
 * the page is then written in the reader's zone, the server's and the browser's alike. Renders nothing.
 */
export function TimeZoneCookie() {
  const renderedIn = useTimeZone();
  const router = useRouter();
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!own || own === renderedIn) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${own}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
    router.refresh();
  }, [renderedIn, router]);
  return null;
}
