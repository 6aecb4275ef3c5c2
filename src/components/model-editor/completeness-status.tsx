"use client";

import { useCallback, useSyncExternalStore } from "react";
import {
  allRequiredKeys,
  completenessText,
  countFilled,
  isKeyFilled,
  requiredKeys,
  type Completeness,
} from "~/components/model-editor/completeness";
import { inputIdFor } from "~/components/model-editor/draft-keys";
import { useEditor } from "~/components/model-editor/editor-context";
import { focusDraft } from "~/components/model-editor/focus-draft";
import type { SectionView, SubSectionView } from "~/components/models/section-views";
import { Button } from "~/components/ui/button";

/**
 * The completeness of the draft as the user sees it, recounted on every change; the caller re-renders only when the
 * count itself changes (the snapshot is a string).
 */
function useCompleteness(keysOf: () => string[]): Completeness {
  const { store } = useEditor();
  const snapshot = useCallback(() => {
    const { filled, required } = countFilled(
      keysOf(),
      (key) => store.value(key),
      (id) => store.rows(id),
    );
    return `${filled}/${required}`;
  }, [store, keysOf]);
  const text = useSyncExternalStore(store.subscribeChanges, snapshot, snapshot);
  const [filled, required] = text.split("/").map(Number);
  return { filled: filled ?? 0, required: required ?? 0 };
}

/** A section's "2 of 3 required filled", beside its heading (a repeater: over all its rows). */
export function SectionCompleteness({ view, row }: { view: SectionView; row: number }) {
  const { store } = useEditor();
  const keysOf = useCallback(() => requiredKeys(view, row, (id) => store.rows(id)), [view, row, store]);
  const count = useCompleteness(keysOf);
  const text = completenessText(count);
  if (!text) return null;
  const isComplete = count.filled === count.required;
  return (
    <p className={isComplete ? "text-sm text-emerald-800" : "text-sm text-slate-600"} data-testid="section-completeness">
      {text}
    </p>
  );
}

/** The whole draft's completeness, and "Jump to next missing": the next empty required field after the focused one. */
export function CompletenessStatus({ roots }: { roots: readonly SubSectionView[] }) {
  const { store } = useEditor();
  const keysOf = useCallback(() => allRequiredKeys(roots, (id) => store.rows(id)), [roots, store]);
  const count = useCompleteness(keysOf);
  const text = completenessText(count);
  if (!text) return null;

  const jump = () => {
    const keys = keysOf();
    const focusedId = document.activeElement?.id;
    const at = keys.findIndex((key) => inputIdFor(key) === focusedId);
    const ordered = [...keys.slice(at + 1), ...keys.slice(0, at + 1)];
    focusDraft(
      ordered.find(
        (key) =>
          !isKeyFilled(
            key,
            (k) => store.value(k),
            (id) => store.rows(id),
          ),
      ),
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      <span data-testid="model-completeness">{text}</span>
      {count.filled < count.required ? (
        // Keeps focus where it is on pointer down, so the jump starts from the field the user was in.
        <Button variant="ghost" size="sm" onMouseDown={(event) => event.preventDefault()} onClick={jump}>
          Jump to next missing
        </Button>
      ) : null}
    </div>
  );
}
