import { describe, expect, it } from "vitest";
import { undoCommand, undoHandler } from "~/components/model-editor/undo-keys";

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) =>
  undoCommand({ key, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta, shiftKey: !!mods.shift, altKey: !!mods.alt });

describe("undo keys", () => {
  it("reads Ctrl/Cmd+Z as undo and Ctrl/Cmd+Shift+Z or Ctrl+Y as redo, nothing else", () => {
    expect(press("z", { ctrl: true })).toBe("undo");
    expect(press("z", { meta: true })).toBe("undo");
    expect(press("Z", { ctrl: true, shift: true })).toBe("redo");
    expect(press("y", { ctrl: true })).toBe("redo");
    expect(press("z")).toBeUndefined();
    expect(press("z", { ctrl: true, alt: true })).toBeUndefined();
    expect(press("x", { ctrl: true })).toBeUndefined();
  });

  it("leaves typing not yet recorded, and text fields that are no draft, to the browser's own undo", () => {
    expect(undoHandler({ isTextEntry: true, isDraftField: true, hasUncommittedTyping: true })).toBe("browser");
    expect(undoHandler({ isTextEntry: true, isDraftField: false, hasUncommittedTyping: false })).toBe("browser");
    expect(undoHandler({ isTextEntry: true, isDraftField: true, hasUncommittedTyping: false })).toBe("editor");
    // A select or date input has no undo of its own: its open change is recorded, then undone.
    expect(undoHandler({ isTextEntry: false, isDraftField: true, hasUncommittedTyping: true })).toBe("editor");
    expect(undoHandler({ isTextEntry: false, isDraftField: false, hasUncommittedTyping: false })).toBe("editor");
  });
});
