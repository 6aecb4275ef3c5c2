"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { EditorProvider, type EditorContextValue } from "~/components/model-editor/editor-context";
import { EditorNotices } from "~/components/model-editor/editor-notices";
import { useRegisterInEditorScope } from "~/components/model-editor/editor-scope";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { languagesLookup, type EditorLanguages } from "~/components/model-editor/editor-languages";
import type { EditorTarget } from "~/components/model-editor/editor-requests";
import { LanguageBar, LanguageChoiceProvider } from "~/components/model-editor/language-choice";
import { LeaveGuard } from "~/components/model-editor/leave-guard";
import { SaveBar } from "~/components/model-editor/save-bar";
import { useDraftBackup } from "~/components/model-editor/use-draft-backup";
import { useEditorWrites } from "~/components/model-editor/use-editor-writes";
import { useSaveShortcut } from "~/components/model-editor/use-save-shortcut";
import { useUndoShortcut } from "~/components/model-editor/use-undo-shortcut";
import type { SectionViews } from "~/components/models/section-views";

export type EditorFormProps = {
  store: DraftStore;
  views: SectionViews;
  /** The model, or one of its items when `itemId` is set: where Save writes and whose draft is backed up. */
  target: EditorTarget;
  /** The organization's default and published languages, for multilingual fields. */
  languages: EditorLanguages;
  /** The id of the page's heading, which names the form. */
  labelledBy: string;
  /** Told the saved name whenever a model answer arrives (an item has none). */
  onSavedName?: (name: string) => void;
  /** Above the notices: the page's heading. */
  header: ReactNode;
  /** Below the notices: the fields. */
  children: ReactNode;
  /**
   * The member reads but may not write (decided on the server by `mayDo`, passed down by the page): no save bar, no
   * notices about drafts, fields disabled, no row controls.
   */
  isReadOnly?: boolean;
};

/**
 * The frame every passport-data editor shares, for a model or an item: the form with its writes (`useEditorWrites`),
 * the local backup of its draft, Ctrl+S and Ctrl+Z, the notices (a backup to restore, conflicts to decide), the save
 * bar and the guard against leaving with unsaved changes.
 */
export function EditorForm({
  store,
  views,
  target,
  languages,
  labelledBy,
  onSavedName,
  header,
  children,
  isReadOnly = false,
}: EditorFormProps) {
  const owner = target.itemId === undefined ? "model" : "item";
  // Marks the form once React has hydrated it, so tests (and nothing else) know typing now reaches the drafts.
  const [isHydrated, setIsHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the one extra render after hydration is the point
  useEffect(() => setIsHydrated(true), []);
  const languagesOf = useMemo(() => languagesLookup(views.index, languages), [views.index, languages]);
  const writes = useEditorWrites({ store, index: views.index, target, languages, languagesOf, onSavedName });
  const backup = useDraftBackup(store, { kind: owner, id: target.itemId ?? target.modelId }, writes.restoreStaleBackup);
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef);
  useUndoShortcut(store, writes.announce);
  const { addRow, removeRow } = writes;
  // The context never changes with the writes' state, so no field re-renders for it: saving goes through a ref.
  const saveRef = useRef(writes.saveDraft);
  useEffect(() => {
    saveRef.current = writes.saveDraft;
  });
  const saveDraft = useCallback(() => saveRef.current(), []);
  useRegisterInEditorScope(useMemo(() => ({ store, saveDraft }), [store, saveDraft]));
  const context = useMemo<EditorContextValue>(
    () => ({
      store,
      index: views.index,
      level: owner === "item" ? "Item" : "Model",
      organizationId: target.organizationId,
      languages,
      languagesOf,
      addRow,
      removeRow,
      saveDraft,
      isReadOnly,
    }),
    [store, views, owner, target.organizationId, languages, languagesOf, addRow, removeRow, saveDraft, isReadOnly],
  );

  return (
    <EditorProvider value={context}>
      <LanguageChoiceProvider languages={languages} index={views.index}>
        <form
          ref={formRef}
          noValidate
          onSubmit={writes.save}
          className="space-y-6 pb-4"
          aria-labelledby={labelledBy}
          data-hydrated={isHydrated ? "true" : undefined}
        >
          {header}
          {isReadOnly ? null : (
            <EditorNotices
              offer={backup.offer}
              isStale={backup.isStale}
              onRestore={backup.restore}
              onDismiss={backup.dismiss}
              conflicts={writes.conflicts}
              onChoose={writes.chooseConflict}
            />
          )}
          <LanguageBar />
          {children}
          {isReadOnly ? null : (
            <SaveBar
              status={writes.status}
              isConflict={writes.isConflict}
              isReloading={writes.isReloading}
              onDiscard={writes.discard}
              onReload={writes.reload}
              onAnnounce={writes.announce}
              owner={owner}
            />
          )}
        </form>
      </LanguageChoiceProvider>
      <LeaveGuard />
    </EditorProvider>
  );
}
