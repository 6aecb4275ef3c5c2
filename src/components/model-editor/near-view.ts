/**
 * One IntersectionObserver for every card that waits to be rendered (`repeater-cards.tsx`, nested lists): it calls a
 * card's callback once, when the card comes within a screen of the window (above or below), and forgets it. One
 * observer rather than one per card, as a three-level list holds hundreds of waiting cards.
 */

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const onNear = waiting.get(entry.target);
        stopWatching(entry.target);
        onNear?.();
      }
    },
    // A screen beyond each side: a card is there before it scrolls in, and Tab reaches the next card's controls.
    { rootMargin: "100% 0px" },
  );
  return observer;
}

function stopWatching(element: Element): void {
  waiting.delete(element);
  observer?.unobserve(element);
}

/** Calls `onNear` once `element` is within a screen of the window; returns how to stop watching it. */
export function whenNearView(element: Element, onNear: () => void): () => void {
  waiting.set(element, onNear);
  sharedObserver().observe(element);
  return () => stopWatching(element);
}
