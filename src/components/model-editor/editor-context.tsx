"use client";

import { createContext, useCallback, useContext, useState, useSyncExternalStore } from "react";
import type { DraftStore } from "~/components/model-editor/draft-store";
import type { EditorLanguages, LanguagesOf } from "~/components/model-editor/editor-languages";
import { beginFieldEdit, endFieldEdit, historySteps, subscribeHistorySteps } from "~/components/model-editor/draft-history";
import type { OwnerLevel, TemplateIndex } from "~/domain/template-index";

export type EditorContextValue = {
  store: DraftStore;
  index: TemplateIndex;
  /** The level of the values being edited: "Model" in a model's editor, "Item" in an item's; what paste and import check against. */
  level: OwnerLevel;
  organizationId: string;
  /** The organization's languages: a multilingual field's value is kept in each published one (docs/languages.md). */
  languages: EditorLanguages;
  /** The published languages of a multilingual field's values; undefined for any other field. */
  languagesOf: LanguagesOf;
  /**
   * Draft row changes, as stable callbacks, so the context value never changes and no row re-renders because of
   * it. Returns the new row number (at position `at`, default last), or undefined when none was added.
   */
  addRow: (repeaterId: string, at?: number) => number | undefined;
  /** Removes a row from the draft; Discard brings it back, Save deletes it. */
  removeRow: (repeaterId: string, row: number) => void;
  /**
   * The member may read these values but not change them (their role, decided on the server by `mayDo`): fields are
   * shown disabled, and no row, save or import control is offered.
   */
  isReadOnly: boolean;
  /** Saves the draft as the Save button does; whether it is saved now (a write that needs it first, as an upgrade). */
  saveDraft: () => Promise<boolean>;
};

const EditorContext = createContext<EditorContextValue | null>(null);

export const EditorProvider = EditorContext.Provider;

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor must be used inside the model editor");
  return value;
}

/** Re-renders the caller when this one key's value, edit state or error changes, and for nothing else. */
export function useDraftKey(key: string): void {
  const { store } = useEditor();
  const subscribe = useCallback((listener: () => void) => store.subscribeKey(key, listener), [store, key]);
  const revision = useCallback(() => store.revision(key), [store, key]);
  useSyncExternalStore(subscribe, revision, revision);
}

/**
 * One draft bound to an input, re-rendering the caller for this key only. A problem with the typed value shows once
 * the user leaves the input (or tries to save), not on the first keystroke; a server error shows until the value
 * is changed. Focus and blur bound the field's edit, which undo takes back as one step (`draft-history.ts`).
 */
export function useDraftInput(key: string) {
  const { store } = useEditor();
  useDraftKey(key);
  const [isTouched, setIsTouched] = useState(false);
  const onValueChange = useCallback((text: string) => store.setInput(key, text), [store, key]);
  const onFocus = useCallback(() => beginFieldEdit(store, key), [store, key]);
  const onBlur = useCallback(() => {
    endFieldEdit(store, key);
    setIsTouched(true);
  }, [store, key]);
  const error = store.serverError(key) ?? (isTouched || store.isRevealed ? store.problem(key) : undefined);
  return { value: store.inputText(key), error, onValueChange, onFocus, onBlur };
}

/** Re-renders the caller when the number of edits or the revealed state changes. */
export function useEditsSummary(): void {
  const { store } = useEditor();
  useSyncExternalStore(store.subscribeEdits, store.editsRevision, store.editsRevision);
}

/** The rows of one repeater; a new array only when its rows change. */
export function useRepeaterRows(repeaterId: string): readonly number[] {
  const { store } = useEditor();
  const rows = useCallback(() => store.rows(repeaterId), [store, repeaterId]);
  return useSyncExternalStore(store.subscribeStructure, rows, rows);
}

/** Whether a write is running; buttons that start another write wait for it. */
export function useIsBusy(): boolean {
  const { store } = useEditor();
  const isBusy = useCallback(() => store.isBusy, [store]);
  return useSyncExternalStore(store.subscribeStructure, isBusy, isBusy);
}

/** Whether Undo and Redo can act now; re-renders the caller only when one of them changes, not on every keystroke. */
export function useHistorySteps(): { canUndo: boolean; canRedo: boolean } {
  const { store } = useEditor();
  const subscribe = useCallback((listener: () => void) => subscribeHistorySteps(store, listener), [store]);
  const steps = useCallback(() => historySteps(store), [store]);
  // The server renders both disabled: a fresh page has nothing to undo.
  const text = useSyncExternalStore(subscribe, steps, () => "");
  const names = text.split(" ");
  return { canUndo: names.includes("undo"), canRedo: names.includes("redo") };
}
