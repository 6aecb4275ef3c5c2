import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { inputIdFor } from "~/components/model-editor/draft-keys";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { isTextEntry, undoCommand, undoHandler, type UndoCommand } from "~/components/model-editor/undo-keys";
import { openFieldEdit, redo, undo } from "~/components/model-editor/draft-history";
import { revealDraft, showControl } from "~/components/model-editor/focus-draft";

/**
 * Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac) undo and redo the draft's changes from anywhere on the page, one
 * step per field edit, cell edit, paste or row operation (`draft-history.ts`); the table answers its own keys first.
 * Inside a text field holding typing not yet recorded, the browser's own undo runs instead (`undoHandler`). Focus
 * moves to the field the step changed, as a text editor's caret goes to what it undid.
 */
export function useUndoShortcut(store: DraftStore, onDone: (message: string) => void): void {
  const t = useTranslations("editor");
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = undoCommand(event);
      // An open dialog (a question is being asked) makes the page behind it inert.
      if (!command || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      const target = event.target instanceof Element ? event.target : null;
      const open = openFieldEdit(store);
      const isDraftField = open !== undefined && target?.id === inputIdFor(open.key);
      const focus = { isTextEntry: isTextEntry(target), isDraftField, hasUncommittedTyping: isDraftField && open.isChanged };
      if (undoHandler(focus) === "browser") return;
      // Nothing to do: the key is left to the browser, which may still have typing of its own to redo.
      if (!stepHistory(store, command, { focus: true })) return;
      event.preventDefault();
      onDone(t(command === "undo" ? "undone" : "redone"));
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store, onDone, t]);
}

/**
 * Undoes or redoes one step of the draft and brings a card field it changed into view: focused, from the keys (as a
 * text editor's caret goes to what it undid); only scrolled to, from the buttons, so a phone's keyboard does not
 * open. False when there was nothing to do.
 */
export function stepHistory(store: DraftStore, command: UndoCommand, { focus }: { focus: boolean }): boolean {
  const keys = command === "undo" ? undo(store) : redo(store);
  if (!keys) return false;
  const input = keys.map((key) => document.getElementById(inputIdFor(key))).find((element) => element !== null);
  if (input && input !== document.activeElement) {
    showControl(input, { focus, block: "nearest" });
  } else if (!input && keys[0] !== undefined) {
    // A card of a long repeater not rendered now (only those in view are): its list brings it in.
    revealDraft(keys[0], { focus });
  }
  return true;
}
