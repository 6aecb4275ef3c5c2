import { useSyncExternalStore } from "react";

/** What the server renders with, and the browser too until it has hydrated, so both render the same text. */
export const SERVER_LOCALE = "en-US";

/** The locale the person set in their browser, used to read and show numbers their way. */
export function browserLocale(): string {
  return typeof window === "undefined" ? SERVER_LOCALE : (window.navigator.language ?? SERVER_LOCALE);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("languagechange", onChange);
  return () => window.removeEventListener("languagechange", onChange);
}

export function useBrowserLocale(): string {
  return useSyncExternalStore(subscribe, browserLocale, () => SERVER_LOCALE);
}
