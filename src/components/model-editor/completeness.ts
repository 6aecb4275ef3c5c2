import { rowMinimumKey, valueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import { isSlotFilled, type RequiredSlot, type RowsOf, type TCompleteness } from "~/domain/completeness";

/**
 * The editor's side of completeness: the rule — which values and rows count, in which order — is the domain's one
 * walk (`requiredSlots` in src/domain/completeness.ts, which the models list counts by too); here its slots meet the
 * draft store's keys, so the count follows the draft as the user types.
 */

/** The draft key a slot stands for: a value's key, or the key "Jump to next missing" maps to the Add row button. */
export function slotKey(slot: RequiredSlot): string {
  return slot.kind === "row"
    ? rowMinimumKey(slot.repeaterId, slot.position)
    : valueKey(slot.dataSectionId, slot.dataFieldId, slot.row);
}

/** Whether a slot is filled in the draft. */
export function isDraftSlotFilled(slot: RequiredSlot, valueOf: (key: string) => DraftValue, rowsOf: RowsOf): boolean {
  return isSlotFilled(slot, (triple) => valueOf(valueKey(triple.dataSectionId, triple.dataFieldId, triple.row)), rowsOf);
}

export function countFilled(slots: readonly RequiredSlot[], valueOf: (key: string) => DraftValue, rowsOf: RowsOf): TCompleteness {
  return { filled: slots.filter((slot) => isDraftSlotFilled(slot, valueOf, rowsOf)).length, required: slots.length };
}

/** "7 of 9 required filled", or undefined when nothing is required. */
export function completenessText({ filled, required }: TCompleteness): string | undefined {
  return required === 0 ? undefined : `${filled} of ${required} required filled`;
}
