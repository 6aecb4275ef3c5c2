"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { DraftStore } from "~/components/model-editor/draft-store";

/** The page's editor as actions outside its form see it: its unsaved edits and its Save. */
export type ScopedEditor = { store: DraftStore; saveDraft: () => Promise<boolean> };

/** Holds the page's editor while it is mounted; read when needed, never rendered from. */
export class EditorSlot {
  private editor: ScopedEditor | null = null;

  /** The page's editor, or null outside an editor's page or before it mounted. */
  get(): ScopedEditor | null {
    return this.editor;
  }

  /** Puts the editor in; returns how to take it out again (only if it is still the one in). */
  put(editor: ScopedEditor): () => void {
    this.editor = editor;
    return () => {
      if (this.editor === editor) this.editor = null;
    };
  }
}

const ScopeContext = createContext<EditorSlot | null>(null);

/**
 * Wraps an editor's page, so panels beside the editor that act on the saved passport (Publish version) can see the
 * unsaved edits and save them first, instead of acting on the saved state without a word. A slot, not state: those
 * panels read it when clicked, so typing re-renders nothing outside the editor.
 */
export function EditorScope({ className, children }: { className?: string; children: ReactNode }) {
  const [slot] = useState(() => new EditorSlot());
  return (
    <ScopeContext.Provider value={slot}>
      <div className={className}>{children}</div>
    </ScopeContext.Provider>
  );
}

/** The editor puts itself in its page's scope while mounted. */
export function useRegisterInEditorScope(editor: ScopedEditor): void {
  const slot = useContext(ScopeContext);
  useEffect(() => slot?.put(editor), [slot, editor]);
}

/** The page's editor slot (null outside an editor's page): read `get()` when acting. */
export function useEditorSlot(): EditorSlot | null {
  return useContext(ScopeContext);
}
