"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useEditor, useEditsSummary } from "~/components/model-editor/editor-context";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/**
 * Asks before unsaved changes are lost: the browser's own prompt when the tab is closed or reloaded, and a dialog
 * when an in-app link is followed. Links are caught on `window` in the capture phase, before Next.js' <Link>
 * (whose handler React runs from the document) can start a client-side navigation.
 */
export function LeaveGuard() {
  const router = useRouter();
  const { store } = useEditor();
  useEditsSummary();
  const isDirty = store.editCount > 0;
  const [pendingHref, setPendingHref] = useState<string | null>(null);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated, but those browsers need it
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      const href = guardedHref(event);
      if (href === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPendingHref(href);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, { capture: true });
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, { capture: true });
    };
  }, [isDirty]);

  const count = store.editCount;
  return (
    <ConfirmDialog
      isOpen={pendingHref !== null}
      title="Leave without saving?"
      confirmLabel="Leave page"
      onCancel={() => setPendingHref(null)}
      onConfirm={() => {
        const href = pendingHref;
        setPendingHref(null);
        if (!href) return;
        // Dropping the drafts first lifts the guard, so the navigation is not asked about again.
        store.discard();
        router.push(href);
      }}
    >
      {count === 1 ? "You have 1 unsaved change." : `You have ${count} unsaved changes.`} If you leave this page, they are lost.
    </ConfirmDialog>
  );
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
