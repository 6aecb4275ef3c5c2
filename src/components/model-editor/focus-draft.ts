import { controlIdFor } from "~/components/model-editor/draft-keys";

/**
 * A list that does not render every row's inside (a long repeater's cards, a nested list's cards waiting to render, a
 * table that shows one row's nested repeaters) and can bring the row of a draft's key in: it renders the row (scrolls
 * there, shows it) and then reveals the key again, which the lists nested in that row answer in turn, down to the
 * input (`use-nested-reveal.ts`). False when the key is not in one of its rows, or its row is rendered already.
 */
export type DraftRevealer = (key: string, how: { focus: boolean }) => boolean;

const revealers = new Set<DraftRevealer>();

/** Lets `focusDraft` and undo reach inputs of rows not rendered; returns the unregister function. */
export function registerRevealer(revealer: DraftRevealer): () => void {
  revealers.add(revealer);
  return () => revealers.delete(revealer);
}

/**
 * A list that places its rows by measured heights (the virtualised cards, `repeater-cards.tsx`) and has to know a row's
 * height now, before the page scrolls to a control inside it: what was just rendered inside the row (the nested cards
 * a reveal brought in) is measured by a ResizeObserver only after the scroll event, which the list would read against
 * the old height — taking the row for out of view, it would unrender it, and the focus with it.
 */
export type RowMeasurer = (control: HTMLElement) => void;

const measurers = new Set<RowMeasurer>();

/** Lets `showControl` measure the rows around a control before scrolling to it; returns the unregister function. */
export function registerRowMeasurer(measurer: RowMeasurer): () => void {
  measurers.add(measurer);
  return () => measurers.delete(measurer);
}

function isInView(control: HTMLElement): boolean {
  const { top, bottom } = control.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
}

/** What the member does to scroll the page: the check after a reveal's scroll ends at it, the member's own scroll. */
const MEMBER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** Calls `end` when the member takes the page (wheel, touch, a key, a pointer), until `signal` aborts. */
export function onMemberScroll(end: () => void, signal: AbortSignal): void {
  for (const type of MEMBER_SCROLL_EVENTS) window.addEventListener(type, end, { capture: true, passive: true, signal });
}

/** Ends the check of the last reveal's scroll, when another reveal comes before the page has scrolled. */
let endScrollCheck: (() => void) | undefined;

/**
 * Checks a reveal's scroll when the page next reports one (the scroll event, once per frame, tells where the page
 * came to rest with everything that moved it that frame): a control out of view then, still the one asked for, is
 * scrolled to again. In a virtualised list, a far card rendered anew for a reveal, last measured taller, was brought
 * to the window's centre in the frame a reveal scrolled to an input deep inside it — after our scroll, and by no
 * `scrollTo`, `scrollIntoView` or `focus` call of ours, the virtualiser's or any script's (each logged in the e2e run)
 * — leaving the input focused 2,858 px below the window (docs/editor.md §Nested repeaters). The member taking the
 * scroll first ends the check, and so does the next scroll.
 */
function checkOnNextScroll(control: HTMLElement, { focus, block }: { focus: boolean; block: ScrollLogicalPosition }): void {
  endScrollCheck?.();
  const controller = new AbortController();
  const end = () => {
    controller.abort();
    if (endScrollCheck === end) endScrollCheck = undefined;
  };
  endScrollCheck = end;
  const { signal } = controller;
  const onScroll = () => {
    end();
    const isAskedFor = !focus || control === document.activeElement;
    if (control.isConnected && isAskedFor && !isInView(control)) control.scrollIntoView({ block });
  };
  window.addEventListener("scroll", onScroll, { passive: true, signal });
  onMemberScroll(end, signal);
}

/**
 * Focuses a control (without the browser's own scroll) or not, and scrolls it into view once the lists around it
 * know their rows' heights; where the page comes to rest is checked once more (`checkOnNextScroll`).
 */
export function showControl(control: HTMLElement, how: { focus: boolean; block: ScrollLogicalPosition }): void {
  for (const measure of measurers) measure(control);
  if (how.focus && control !== document.activeElement) control.focus({ preventScroll: true });
  control.scrollIntoView({ block: how.block });
  checkOnNextScroll(control, how);
}

/**
 * Brings the control of a key (a value's input; a row minimum's "Add row" button) into view, focused or only scrolled
 * to, rendering the rows around it first where they are not: each list on the way renders its row and asks again.
 */
export function revealDraft(key: string, { focus }: { focus: boolean }): boolean {
  const control = document.getElementById(controlIdFor(key));
  if (control) {
    showControl(control, { focus, block: focus ? "center" : "nearest" });
    return true;
  }
  for (const reveal of revealers) if (reveal(key, { focus })) return true;
  return false;
}

/**
 * Moves focus to a draft's input, or a missing row's "Add row" (scrolling it into view), so keyboard and screen reader
 * users land on what to fix.
 */
export function focusDraft(key: string | undefined): void {
  if (key) revealDraft(key, { focus: true });
}
