import { addRowButtonId, inputIdFor, parseRowMinimumKey } from "~/components/model-editor/draft-keys";

/**
 * A list that renders only the rows in view (a long repeater's cards) and can bring a draft's row into it: it
 * scrolls there and, once the row is rendered, moves focus to the input or scrolls it into view. False when the key
 * is not one of its rows.
 */
export type DraftRevealer = (key: string, how: { focus: boolean }) => boolean;

const revealers = new Set<DraftRevealer>();

/** Lets `focusDraft` and undo reach inputs of rows not rendered; returns the unregister function. */
export function registerRevealer(revealer: DraftRevealer): () => void {
  revealers.add(revealer);
  return () => revealers.delete(revealer);
}

/** Brings the input of a key into view (focused, or only scrolled to), rendering its row first if it is not. */
export function revealDraft(key: string, { focus }: { focus: boolean }): boolean {
  const input = document.getElementById(inputIdFor(key));
  if (input) {
    if (focus && input !== document.activeElement) input.focus({ preventScroll: true });
    input.scrollIntoView({ block: focus ? "center" : "nearest" });
    return true;
  }
  for (const reveal of revealers) if (reveal(key, { focus })) return true;
  return false;
}

/** Moves focus to a draft's input (scrolling it into view), so keyboard and screen reader users land on what to fix. */
export function focusDraft(key: string | undefined): void {
  if (!key) return;
  const rowMinimum = parseRowMinimumKey(key);
  if (!rowMinimum) {
    revealDraft(key, { focus: true });
    return;
  }
  const button = document.getElementById(addRowButtonId(rowMinimum.list));
  button?.focus({ preventScroll: true });
  button?.scrollIntoView({ block: "center" });
}
