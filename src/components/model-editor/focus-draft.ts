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

/** Ends the checks of the last reveal's scroll, when another reveal comes before the page has come to rest. */
let endScrollCheck: (() => void) | undefined;

/** Frames the control must hold still (its place and the page's scroll unchanged) before the checks end. */
const STILL_FRAMES = 10;
/** The checks end after about two seconds of frames whatever moves. */
const MAX_CHECK_FRAMES = 120;

/**
 * Checks a reveal's scroll until the page comes to rest, two ways; a control out of view, still the one asked for,
 * is scrolled to again.
 * - At the page's next scroll event (once per frame, where the page came to rest with everything that moved it that
 *   frame). In a virtualised list, a far card rendered anew for a reveal, last measured taller, was brought to the
 *   window's centre in the frame a reveal scrolled to an input deep inside it — after our scroll, and by no
 *   `scrollTo`, `scrollIntoView` or `focus` call of ours, the virtualiser's or any script's (each logged in the e2e
 *   run) — leaving the input focused 2,858 px below the window (docs/editor.md §Nested repeaters).
 * - In every frame while the page is not scrolled by anyone else: what renders around the control after the scroll
 *   (cards above it in a list whose scroll anchoring is off, growing to their measured heights) moves it without a
 *   scroll event, and once left the input focused below the window at 375 px in a CI run. These checks end once the
 *   control has held still for STILL_FRAMES frames, or when anyone else scrolls the page.
 * The member taking the scroll (wheel, touch, a key, a pointer), the next reveal, or the control gone ends both.
 */
function checkUntilAtRest(control: HTMLElement, { focus, block }: { focus: boolean; block: ScrollLogicalPosition }): void {
  endScrollCheck?.();
  const controller = new AbortController();
  let frame = 0;
  const end = () => {
    controller.abort();
    cancelAnimationFrame(frame);
    if (endScrollCheck === end) endScrollCheck = undefined;
  };
  endScrollCheck = end;
  const isAskedFor = () => control.isConnected && (!focus || control === document.activeElement);
  // Where our last scroll left the page and the control: a page scrolled elsewhere was scrolled by someone else.
  let scrolledTo = window.scrollY;
  let top = control.getBoundingClientRect().top;
  const bringBack = () => {
    if (!isInView(control)) control.scrollIntoView({ block });
    scrolledTo = window.scrollY;
    top = control.getBoundingClientRect().top;
  };
  let still = 0;
  let frames = 0;
  const onFrame = () => {
    frames += 1;
    if (!isAskedFor() || window.scrollY !== scrolledTo || frames > MAX_CHECK_FRAMES) return end();
    const now = control.getBoundingClientRect().top;
    if (now === top) still += 1;
    else {
      still = 0;
      bringBack();
    }
    if (still >= STILL_FRAMES) return end();
    frame = requestAnimationFrame(onFrame);
  };
  frame = requestAnimationFrame(onFrame);
  // The page's next scroll event only: a later one is someone else's, which onFrame ends the checks at.
  const onScroll = () => {
    if (isAskedFor()) bringBack();
  };
  window.addEventListener("scroll", onScroll, { passive: true, once: true, signal: controller.signal });
  onMemberScroll(end, controller.signal);
}

/**
 * Focuses a control (without the browser's own scroll) or not, and scrolls it into view once the lists around it
 * know their rows' heights; where the page comes to rest is checked (`checkUntilAtRest`).
 */
export function showControl(control: HTMLElement, how: { focus: boolean; block: ScrollLogicalPosition }): void {
  for (const measure of measurers) measure(control);
  if (how.focus && control !== document.activeElement) control.focus({ preventScroll: true });
  control.scrollIntoView({ block: how.block });
  checkUntilAtRest(control, how);
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
