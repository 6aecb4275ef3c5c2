import type { TAppLocale } from "~/domain/languages/app-locale";
import { DEFAULT_TIME_ZONE, formatInstant, INSTANT_FORMAT } from "~/domain/instant-format";
import { html, SafeHtml } from "~/server/public-pages/html";

/**
 * Times on the public pages (docs/gs1.md §The passport page): the page is one cached string for every reader and no
 * cookie tells the server a zone, so each time is written in UTC with the zone named (right without script), and
 * `localTimesScript` rewrites it in the browser's zone with the app's one set of format options
 * (`src/domain/instant-format.ts`), so the page reads as the app's pages do.
 */
export function instantHtml(iso: string, locale: TAppLocale): SafeHtml {
  return html`<time datetime="${iso}" data-instant>${formatInstant(iso, locale, DEFAULT_TIME_ZONE)}</time>`;
}

/** Runs once at the end of the body; a browser that cannot say its zone keeps the server's UTC text. */
export function localTimesScript(): SafeHtml {
  return html`<script>
    ${new SafeHtml(LOCAL_TIMES_SCRIPT)};
  </script>`;
}

const LOCAL_TIMES_SCRIPT = `(() => {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!timeZone) return;
  const format = new Intl.DateTimeFormat(document.documentElement.lang, { ...${JSON.stringify(INSTANT_FORMAT)}, timeZone });
  for (const time of document.querySelectorAll("time[data-instant]")) {
    const date = new Date(time.dateTime);
    if (!Number.isNaN(date.getTime())) time.textContent = format.format(date);
  }
})()`;
