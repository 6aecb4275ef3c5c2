import { type RefObject, useEffect } from "react";

/**
 * Ctrl+S (Cmd+S on a Mac) saves the editor's form instead of saving the web page, from anywhere on the page; focus
 * stays where it is. `requestSubmit` runs the form's own submit handler, so the shortcut saves exactly as the Save
 * button does.
 */
export function useSaveShortcut(formRef: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      // An open dialog (a question is being asked) makes the page behind it inert; saving then would surprise.
      if (document.querySelector("dialog[open]")) return;
      formRef.current?.requestSubmit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [formRef]);
}
