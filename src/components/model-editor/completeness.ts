import { placeKey, rowListKey, rowMinimumKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import type { LanguagesOf } from "~/components/model-editor/editor-languages";
import {
  isSlotFilled,
  missingLanguages as missingIn,
  type RequiredSlot,
  type RowsOf,
  type TCompleteness,
} from "~/domain/completeness";

/**
 * The editor's side of completeness: the rule — which values and rows count, in which order — is the domain's one
 * walk (`requiredSlots` in src/domain/completeness.ts, which the models list counts by too); here its slots meet the
 * draft store's keys, so the count follows the draft as the user types. A required multilingual field's value is one
 * slot, filled only when every published language is (docs/languages.md §Completeness), as the models list counts.
 */

export type DraftValues = (key: string) => DraftValue;

/** The languages of a slot that are still empty: for a multilingual value, the published ones lacking it. */
function languagesMissing(slot: RequiredSlot, valueOf: DraftValues, languagesOf: LanguagesOf): string[] {
  if (slot.kind !== "value") return [];
  const languages = languagesOf(slot);
  if (languages === undefined) return [];
  return missingIn(languages, (language) => valueOf(placeKey({ ...slot, language })));
}

/**
 * The draft key a slot stands for: a value's key (a multilingual one's in its first language still empty, else the
 * default), or the key "Jump to next missing" maps to the Add row button.
 */
export function slotKey(slot: RequiredSlot, languagesOf: LanguagesOf, valueOf: DraftValues = () => null): string {
  if (slot.kind === "row") return rowMinimumKey(rowListKey(slot.repeaterId, slot.parentRows), slot.position);
  const languages = languagesOf(slot);
  if (languages === undefined) return placeKey(slot);
  const [language] = [...languagesMissing(slot, valueOf, languagesOf), ...languages];
  return placeKey({ ...slot, language });
}

/** Every draft key of a slot: a multilingual value's in each published language. */
export function slotKeys(slot: RequiredSlot, languagesOf: LanguagesOf): string[] {
  if (slot.kind === "row") return [rowMinimumKey(rowListKey(slot.repeaterId, slot.parentRows), slot.position)];
  const languages = languagesOf(slot);
  return languages === undefined ? [placeKey(slot)] : languages.map((language) => placeKey({ ...slot, language }));
}

/** Whether a slot is filled in the draft. */
export function isDraftSlotFilled(slot: RequiredSlot, valueOf: DraftValues, rowsOf: RowsOf, languagesOf: LanguagesOf): boolean {
  const languages = slot.kind === "value" ? languagesOf(slot) : undefined;
  return isSlotFilled(slot, (place) => valueOf(placeKey(place)), rowsOf, languages);
}

export function countFilled(
  slots: readonly RequiredSlot[],
  valueOf: DraftValues,
  rowsOf: RowsOf,
  languagesOf: LanguagesOf,
): TCompleteness {
  const filled = slots.filter((slot) => isDraftSlotFilled(slot, valueOf, rowsOf, languagesOf)).length;
  return { filled, required: slots.length };
}

/** The languages in which some required multilingual value is still empty, in the published order. */
export function missingLanguages(slots: readonly RequiredSlot[], valueOf: DraftValues, languagesOf: LanguagesOf): string[] {
  const missing = new Set<string>();
  for (const slot of slots) for (const language of languagesMissing(slot, valueOf, languagesOf)) missing.add(language);
  const order = slots.map((slot) => (slot.kind === "value" ? languagesOf(slot) : undefined)).find((l) => l !== undefined) ?? [];
  return order.filter((language) => missing.has(language));
}
