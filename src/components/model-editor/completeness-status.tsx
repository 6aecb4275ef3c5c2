"use client";

import { useCallback, useSyncExternalStore } from "react";
import { completenessText, countFilled, isDraftSlotFilled, slotKey } from "~/components/model-editor/completeness";
import { inputIdFor } from "~/components/model-editor/draft-keys";
import { useEditor } from "~/components/model-editor/editor-context";
import { focusDraft } from "~/components/model-editor/focus-draft";
import type { SectionView } from "~/components/models/section-views";
import { Button } from "~/components/ui/button";
import { allRequiredSlots, requiredSlots, type RequiredSlot, type TCompleteness } from "~/domain/completeness";

/**
 * The completeness of the draft as the user sees it, recounted on every change; the caller re-renders only when the
 * count itself changes (the snapshot is a string).
 */
function useCompleteness(slotsOf: () => RequiredSlot[]): TCompleteness {
  const { store } = useEditor();
  const snapshot = useCallback(() => {
    const { filled, required } = countFilled(
      slotsOf(),
      (key) => store.value(key),
      (id) => store.rows(id),
    );
    return `${filled}/${required}`;
  }, [store, slotsOf]);
  const text = useSyncExternalStore(store.subscribeChanges, snapshot, snapshot);
  const [filled, required] = text.split("/").map(Number);
  return { filled: filled ?? 0, required: required ?? 0 };
}

/** A section's "2 of 3 required filled", beside its heading (a repeater: over all its rows). */
export function SectionCompleteness({ view, row }: { view: SectionView; row: number }) {
  const { store, index, level } = useEditor();
  const slotsOf = useCallback(
    () => requiredSlots(index, level, view.section.id, row, (id) => store.rows(id)),
    [index, level, view.section.id, row, store],
  );
  const count = useCompleteness(slotsOf);
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
export function CompletenessStatus() {
  const { store, index, level } = useEditor();
  const slotsOf = useCallback(() => allRequiredSlots(index, level, (id) => store.rows(id)), [index, level, store]);
  const count = useCompleteness(slotsOf);
  const text = completenessText(count);
  if (!text) return null;

  const jump = () => {
    const slots = slotsOf();
    const focusedId = document.activeElement?.id;
    const at = slots.findIndex((slot) => inputIdFor(slotKey(slot)) === focusedId);
    const ordered = [...slots.slice(at + 1), ...slots.slice(0, at + 1)];
    const missing = ordered.find(
      (slot) =>
        !isDraftSlotFilled(
          slot,
          (key) => store.value(key),
          (id) => store.rows(id),
        ),
    );
    focusDraft(missing === undefined ? undefined : slotKey(missing));
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
