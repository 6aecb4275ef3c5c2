import { addRowButtonId, inputIdFor, parseRowMinimumKey } from "~/components/model-editor/draft-keys";

/** Moves focus to a draft's input (scrolling it into view), so keyboard and screen reader users land on what to fix. */
export function focusDraft(key: string | undefined): void {
  if (!key) return;
  const rowMinimum = parseRowMinimumKey(key);
  const input = document.getElementById(rowMinimum ? addRowButtonId(rowMinimum.repeaterId) : inputIdFor(key));
  input?.focus({ preventScroll: true });
  input?.scrollIntoView({ block: "center" });
}
