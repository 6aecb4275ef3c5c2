import { useCallback, useEffect, useState } from "react";
import { backupKey, clearBackup, type DraftBackup, readBackup, writeBackup } from "~/components/model-editor/draft-backup";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { unsavedBackup } from "~/components/model-editor/stale-backup";

/** A copy is written this long after the last change, so typing is not slowed by a write per keystroke. */
const WRITE_DELAY_MS = 300;

/**
 * Keeps the draft in localStorage while it has unsaved changes, and removes the copy once it has none (saved or
 * discarded). When the editor opens with a copy, that copy is offered back: `offer` until the user restores or
 * dismisses it. A copy made on another version (`isStale`: someone saved since) is offered too, with a warning, and
 * restored through `restoreStale`, which sets it on the current state and lets the user decide each conflict.
 */
export function useDraftBackup(
  store: DraftStore,
  owner: { kind: "model" | "item"; id: string },
  restoreStale: (backup: DraftBackup) => void,
) {
  const key = backupKey(owner);
  const [offer, setOffer] = useState<DraftBackup | undefined>(undefined);

  useEffect(() => {
    const found = readBackup(key);
    // Only what is not saved is offered: a copy whose changes were saved since (before it was cleared, or in
    // another tab) offers nothing and goes.
    const unsaved = found && unsavedBackup(found, { values: store.savedValues(), savedRowsOf: (id) => store.savedRowsOf(id) });
    if (!unsaved) {
      if (found) clearBackup(key);
      return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only in the browser, after hydration
    setOffer(unsaved);
  }, [key, store]);

  // While a copy is offered, the old copy stays untouched, so typing before answering does not overwrite it.
  useEffect(() => {
    if (offer) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const persist = () => {
      if (store.editCount === 0) clearBackup(key);
      else writeBackup(key, store.version, store.snapshot(), store.snapshotBase());
    };
    const unsubscribe = store.subscribeChanges(() => {
      clearTimeout(timer);
      timer = setTimeout(persist, WRITE_DELAY_MS);
    });
    // Leaving the tab writes at once, in case the delay has not run yet.
    window.addEventListener("pagehide", persist);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener("pagehide", persist);
    };
  }, [key, store, offer]);

  const restore = useCallback(() => {
    if (offer?.version === store.version) store.restore(offer.snapshot);
    else if (offer) restoreStale(offer);
    setOffer(undefined);
  }, [offer, store, restoreStale]);

  const dismiss = useCallback(() => {
    clearBackup(key);
    setOffer(undefined);
  }, [key]);

  return { offer, isStale: offer !== undefined && offer.version !== store.version, restore, dismiss };
}
