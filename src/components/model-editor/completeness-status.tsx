"use client";

import { useTranslations } from "next-intl";
import { useCallback, useSyncExternalStore } from "react";
import { countFilled, isDraftSlotFilled, missingLanguages, slotKey, slotKeys } from "~/components/model-editor/completeness";
import { inputIdFor, rowListKey } from "~/components/model-editor/draft-keys";
import { useEditor } from "~/components/model-editor/editor-context";
import { focusDraft } from "~/components/model-editor/focus-draft";
import { useLanguageChoice } from "~/components/model-editor/language-choice";
import type { SectionView } from "~/components/models/section-views";
import { Button } from "~/components/ui/button";
import { allRequiredSlots, requiredSlots, type RequiredSlot } from "~/domain/completeness";

type Counted = { filled: number; required: number; missing: string[] };

/**
 * The completeness of the draft as the user sees it, recounted on every change; the caller re-renders only when the
 * count itself changes (the snapshot is a string). `missing` names the published languages a required multilingual
 * value is still empty in.
 */
function useCompleteness(slotsOf: () => RequiredSlot[]): Counted {
  const { store, languagesOf } = useEditor();
  const snapshot = useCallback(() => {
    const slots = slotsOf();
    const valueOf = (key: string) => store.value(key);
    const rowsOf = (id: string, parentRows: readonly number[]) => store.rows(rowListKey(id, parentRows));
    const { filled, required } = countFilled(slots, valueOf, rowsOf, languagesOf);
    return [filled, required, ...missingLanguages(slots, valueOf, languagesOf)].join(" ");
  }, [store, slotsOf, languagesOf]);
  const text = useSyncExternalStore(store.subscribeChanges, snapshot, snapshot);
  const [filled = "0", required = "0", ...missing] = text.split(" ");
  return { filled: Number(filled), required: Number(required), missing };
}

/**
 * A section's "2 of 3 required filled", beside its heading (a repeater: over all its rows, its nested repeaters'
 * rows included); for sections outside repeaters.
 */
export function SectionCompleteness({ view }: { view: SectionView }) {
  const t = useTranslations("editorLanguages");
  const { store, index, level } = useEditor();
  const slotsOf = useCallback(
    () => requiredSlots(index, level, view.section.id, [], (id, parentRows) => store.rows(rowListKey(id, parentRows))),
    [index, level, view.section.id, store],
  );
  const count = useCompleteness(slotsOf);
  if (count.required === 0) return null;
  const isComplete = count.filled === count.required;
  return (
    <p className={isComplete ? "text-sm text-emerald-800" : "text-sm text-slate-600"} data-testid="section-completeness">
      {t("completeness", { filled: count.filled, required: count.required })}
    </p>
  );
}

/** The whole draft's completeness, and "Jump to next missing": the next empty required field after the focused one. */
export function CompletenessStatus() {
  const t = useTranslations("editorLanguages");
  const { store, index, level, languagesOf } = useEditor();
  const { nameOf } = useLanguageChoice();
  const slotsOf = useCallback(
    () => allRequiredSlots(index, level, (id, parentRows) => store.rows(rowListKey(id, parentRows))),
    [index, level, store],
  );
  const count = useCompleteness(slotsOf);
  if (count.required === 0) return null;

  const jump = () => {
    const slots = slotsOf();
    const focusedId = document.activeElement?.id;
    const at = slots.findIndex((slot) => slotKeys(slot, languagesOf).some((key) => inputIdFor(key) === focusedId));
    const ordered = [...slots.slice(at + 1), ...slots.slice(0, at + 1)];
    const missing = ordered.find(
      (slot) =>
        !isDraftSlotFilled(
          slot,
          (key) => store.value(key),
          (id) => store.rows(id),
          languagesOf,
        ),
    );
    // A value in a language not shown switches the editor to it first (the language revealer, language-choice.tsx).
    focusDraft(missing === undefined ? undefined : slotKey(missing, languagesOf, (key) => store.value(key)));
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      <span data-testid="model-completeness">{t("completeness", { filled: count.filled, required: count.required })}</span>
      {count.missing.length > 0 ? (
        <span data-testid="missing-languages">
          {t("missingLanguages", { count: count.missing.length, languages: count.missing.map(nameOf).join(", ") })}
        </span>
      ) : null}
      {count.filled < count.required ? (
        // Keeps focus where it is on pointer down, so the jump starts from the field the user was in.
        <Button variant="ghost" size="sm" onMouseDown={(event) => event.preventDefault()} onClick={jump}>
          {t("jumpToMissing")}
        </Button>
      ) : null}
    </div>
  );
}
