"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { useEditor, useEditsSummary } from "~/components/model-editor/editor-context";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/** What the user tried to leave by, to be carried out once they confirm. */
type PendingLeave = { kind: "link"; href: string } | { kind: "back" } | { kind: "control"; element: HTMLElement };

/** Marks the extra history entry the guard puts on top while there are unsaved changes. */
const SENTINEL = "__editorLeaveGuard";

/**
 * Asks before unsaved changes are lost, by every way out of the page:
 * - closing or reloading the tab: the browser's own prompt (`beforeunload`);
 * - an in-app link: caught on `window` in the capture phase, before Next.js' <Link> starts a client navigation;
 * - a control that leaves, such as Sign out, marked `data-leave-guard`: caught the same way, clicked again once
 *   confirmed;
 * - Back (and a phone's back gesture): while dirty, a copy of the current history entry sits on top of it, so Back
 *   only steps onto the same page and fires `popstate`; the guard then asks, and steps back for real if confirmed
 *   or puts the copy back if not. The copy keeps Next's own history state, so the router sees a visit of the
 *   same page rather than a foreign entry.
 *
 * The copy never outlives its purpose, so Back and Forward step as if there were no guard: once the draft is clean
 * (saved or discarded) the guard steps back off it, and a confirmed leave replaces it with the next page (a link) or
 * steps off it before leaving (Back, Sign out), so no entry is left above the page's own. A copy left by a reload or a page left
 * through the browser itself is stepped off when the guard arrives on it with nothing to guard.
 */
export function LeaveGuard() {
  const router = useRouter();
  const t = useTranslations("editor");
  const { store } = useEditor();
  useEditsSummary();
  const isDirty = store.editCount > 0;
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const isLeavingRef = useRef(false);
  /** Whether the current history entry is the guard's copy. */
  const hasSentinelRef = useRef(false);
  /** Set while the guard steps back off its copy: what to do once it is off. */
  const afterDropRef = useRef<(() => void) | null>(null);

  const pushSentinel = useCallback(() => {
    if (hasSentinelRef.current || afterDropRef.current) return;
    window.history.pushState({ ...(window.history.state as object), [SENTINEL]: true }, "", window.location.href);
    hasSentinelRef.current = true;
  }, []);

  /** Steps back off the copy, if the guard stands on it, then runs `then`. */
  const dropSentinel = useCallback((then: () => void) => {
    if (!hasSentinelRef.current) {
      then();
      return;
    }
    hasSentinelRef.current = false;
    afterDropRef.current = then;
    window.history.back();
  }, []);

  useEffect(() => {
    if (!isDirty) {
      if (!isLeavingRef.current) dropSentinel(() => undefined);
      return;
    }
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isLeavingRef.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated, but those browsers need it
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (isLeavingRef.current) return;
      const control = guardedControl(event);
      if (control) {
        event.preventDefault();
        event.stopPropagation();
        setPending({ kind: "control", element: control });
        return;
      }
      const href = guardedHref(event);
      if (href === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: "link", href });
    };
    pushSentinel();
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, { capture: true });
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, { capture: true });
    };
  }, [isDirty, pushSentinel, dropSentinel]);

  // Arriving on a copy (a reload on it, Back from a page left through the browser) makes it the guard's own.
  useEffect(() => {
    if (afterDropRef.current || !isSentinel(window.history.state)) return;
    hasSentinelRef.current = true;
    if (store.editCount === 0) dropSentinel(() => undefined);
  }, [store, dropSentinel]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const afterDrop = afterDropRef.current;
      if (afterDrop) {
        afterDropRef.current = null;
        afterDrop();
        // Typed while the guard was stepping off its copy: guard again.
        if (store.editCount > 0 && !isLeavingRef.current) pushSentinel();
        return;
      }
      if (isSentinel(event.state)) {
        // Forward onto a copy left behind: keep it while there is something to guard, else step off again.
        hasSentinelRef.current = true;
        if (store.editCount === 0) dropSentinel(() => undefined);
        return;
      }
      // Back from the copy lands on the page's own entry: ask while dirty, else step on to where Back was going.
      if (!hasSentinelRef.current) return;
      hasSentinelRef.current = false;
      if (isLeavingRef.current) return;
      if (store.editCount > 0) setPending({ kind: "back" });
      else window.history.back();
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [store, pushSentinel, dropSentinel]);

  const onCancel = () => {
    if (pending?.kind === "back") pushSentinel();
    setPending(null);
  };

  const onConfirm = () => {
    const leave = pending;
    setPending(null);
    if (!leave) return;
    // Dropping the drafts lifts the guard (and the local copy of the drafts), so leaving is not asked about again.
    isLeavingRef.current = true;
    store.discard();
    // A client-side navigation keeps this page mounted until the next one renders; a later edit is guarded again.
    const guardAgain = () =>
      queueMicrotask(() => {
        isLeavingRef.current = false;
      });
    if (leave.kind === "link") {
      // The next page takes the copy's place in the history rather than sitting above it. (Stepping off the copy
      // first would not do: Next.js handles that step as a navigation of its own, which the push would race.)
      const isOnCopy = hasSentinelRef.current;
      hasSentinelRef.current = false;
      if (isOnCopy) router.replace(leave.href);
      else router.push(leave.href);
      guardAgain();
      return;
    }
    dropSentinel(() => {
      if (leave.kind === "back") window.history.back();
      else leave.element.click();
      guardAgain();
    });
  };

  const count = store.editCount;
  return (
    <ConfirmDialog
      isOpen={pending !== null}
      title={t("leaveTitle")}
      confirmLabel={t("leaveConfirm")}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {t("leaveText", { count })}
    </ConfirmDialog>
  );
}

function isSentinel(state: unknown): boolean {
  return typeof state === "object" && state !== null && SENTINEL in state;
}

/** A control that leaves the page without being a link (Sign out), marked `data-leave-guard`. */
function guardedControl(event: MouseEvent): HTMLElement | null {
  const control = event.target instanceof Element ? event.target.closest("[data-leave-guard]") : null;
  return control instanceof HTMLElement ? control : null;
}

/** The in-app URL a plain left click on a link would open, or null when the click leaves the page alone. */
function guardedHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A jump within the page (#main) loses nothing.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
