/**
 * Which keys undo and redo, and who answers them (docs/editor.md, Undo and redo): the editor's history of draft
 * changes, or the browser's own undo inside a text field.
 */

export type UndoCommand = "undo" | "redo";

export type UndoKey = { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean };

/** Ctrl+Z (Cmd+Z on a Mac) undoes; Ctrl+Shift+Z and Ctrl+Y redo; anything with Alt is another shortcut. */
export function undoCommand(event: UndoKey): UndoCommand | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === "y" || (key === "z" && event.shiftKey)) return "redo";
  return key === "z" ? "undo" : undefined;
}

export type UndoFocus = {
  /** Focus is in a control that takes typed text (a text input or text area), where the browser has its own undo. */
  isTextEntry: boolean;
  /** That control is the draft field being edited (not, say, the table's search box). */
  isDraftField: boolean;
  /** The draft field holds typing its edit has not recorded yet (its value differs from when it took focus). */
  hasUncommittedTyping: boolean;
};

/**
 * The browser answers inside a text field that is no draft field, and inside a draft field while it holds typing
 * not yet recorded — as a spreadsheet's cell editor undoes typing in the cell; the editor answers everywhere else,
 * a text field back at the value it had when entered included, so Ctrl+Z goes on to the earlier changes.
 */
export function undoHandler({ isTextEntry, isDraftField, hasUncommittedTyping }: UndoFocus): "browser" | "editor" {
  if (!isTextEntry) return "editor";
  return isDraftField && !hasUncommittedTyping ? "editor" : "browser";
}

const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number"]);

/** Whether an element takes typed text with the browser's own undo. */
export function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type) && !element.readOnly;
  return element instanceof HTMLElement && element.isContentEditable;
}
