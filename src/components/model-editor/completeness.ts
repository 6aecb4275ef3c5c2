import { placeKey, rowMinimumKey, type ValuePlace } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import type { LanguagesOf } from "~/components/model-editor/editor-languages";
import { isSlotFilled, type RequiredSlot, type RowsOf, type TCompleteness } from "~/domain/completeness";

/**
 * The editor's side of completeness: the rule — which values and rows count, in which order — is the domain's one
 * walk (`requiredSlots` in src/domain/completeness.ts, which the models list counts by too); here its slots meet the
 * draft store's keys, so the count follows the draft as the user types. A required multilingual field counts once
 * per published language (docs/languages.md): it is complete only when every published language has it.
 */

/** A slot of the walk, a value slot of a multilingual field once per language. */
export type EditorSlot = Exclude<RequiredSlot, { kind: "value" }> | ({ kind: "value" } & ValuePlace);

/** The walk's slots with each value slot of a multilingual field repeated per published language, default first. */
export function withLanguages(slots: readonly RequiredSlot[], languagesOf: LanguagesOf): EditorSlot[] {
  return slots.flatMap((slot) => {
    const languages = slot.kind === "value" ? languagesOf(slot) : undefined;
    return languages === undefined ? [slot] : languages.map((language) => ({ ...slot, language }));
  });
}

/** The draft key a slot stands for: a value's key, or the key "Jump to next missing" maps to the Add row button. */
export function slotKey(slot: EditorSlot): string {
  return slot.kind === "row" ? rowMinimumKey(slot.repeaterId, slot.position) : placeKey(slot);
}

/** Whether a slot is filled in the draft. */
export function isDraftSlotFilled(slot: EditorSlot, valueOf: (key: string) => DraftValue, rowsOf: RowsOf): boolean {
  return isSlotFilled(slot, () => (slot.kind === "value" ? valueOf(placeKey(slot)) : null), rowsOf);
}

export function countFilled(slots: readonly EditorSlot[], valueOf: (key: string) => DraftValue, rowsOf: RowsOf): TCompleteness {
  return { filled: slots.filter((slot) => isDraftSlotFilled(slot, valueOf, rowsOf)).length, required: slots.length };
}

/** The languages in which some required multilingual value is still empty, in the order the walk finds them. */
export function missingLanguages(slots: readonly EditorSlot[], valueOf: (key: string) => DraftValue, rowsOf: RowsOf): string[] {
  const missing: string[] = [];
  for (const slot of slots) {
    if (slot.kind !== "value" || slot.language === undefined || missing.includes(slot.language)) continue;
    if (!isDraftSlotFilled(slot, valueOf, rowsOf)) missing.push(slot.language);
  }
  return missing;
}
