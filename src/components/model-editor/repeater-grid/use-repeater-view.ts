"use client";

import { useCallback, useSyncExternalStore } from "react";

export type RepeaterViewMode = "table" | "cards";

/** Above this many rows a repeater opens as a table, where a screen is wide enough for one. */
export const TABLE_DEFAULT_ABOVE_ROWS = 10;
const WIDE_SCREEN = "(min-width: 768px)";
const CHANGE_EVENT = "passport-studio:repeater-view";

const storageKey = (repeaterId: string) => `passport-studio:repeater-view:${repeaterId}`;

function defaultMode(rowCount: number, isWide: boolean): RepeaterViewMode {
  return isWide && rowCount > TABLE_DEFAULT_ABOVE_ROWS ? "table" : "cards";
}

// The choices of this page, for when storage is off (private mode, policies).
const chosen = new Map<string, RepeaterViewMode>();

function readStored(repeaterId: string): RepeaterViewMode | undefined {
  try {
    const stored = window.localStorage.getItem(storageKey(repeaterId));
    if (stored === "table" || stored === "cards") return stored;
  } catch {
    // Storage is off: this page's choice, if any, applies.
  }
  return chosen.get(repeaterId);
}

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener("change", listener);
  window.addEventListener("storage", listener);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    query.removeEventListener("change", listener);
    window.removeEventListener("storage", listener);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

/**
 * The view of one repeater: the user's last choice for it in this browser (localStorage, kept per repeater of the
 * template), else a table above ~10 rows on wide screens and cards on phones. The server renders the default for
 * a wide screen, so a large repeater is never first rendered as thousands of cards.
 */
export function useRepeaterView(repeaterId: string, rowCount: number): [RepeaterViewMode, (mode: RepeaterViewMode) => void] {
  const mode = useSyncExternalStore(
    subscribe,
    () => readStored(repeaterId) ?? defaultMode(rowCount, window.matchMedia(WIDE_SCREEN).matches),
    () => defaultMode(rowCount, true),
  );
  const setMode = useCallback(
    (next: RepeaterViewMode) => {
      chosen.set(repeaterId, next);
      try {
        window.localStorage.setItem(storageKey(repeaterId), next);
      } catch {
        // Not remembered across pages, but switched for this one.
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [repeaterId],
  );
  return [mode, setMode];
}
