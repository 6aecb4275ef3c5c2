"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { DetailsCard } from "~/components/model-editor/details-card";
import { EditorProvider, type EditorContextValue } from "~/components/model-editor/editor-context";
import { EditorNotices } from "~/components/model-editor/editor-notices";
import { LeaveGuard } from "~/components/model-editor/leave-guard";
import { useDraftBackup } from "~/components/model-editor/use-draft-backup";
import { useSaveShortcut } from "~/components/model-editor/use-save-shortcut";
import { useUndoShortcut } from "~/components/model-editor/use-undo-shortcut";
import { ModelEditorHeader } from "~/components/model-editor/model-editor-header";
import { SaveBar } from "~/components/model-editor/save-bar";
import { SectionTree } from "~/components/model-editor/section-tree";
import { useEditorStore } from "~/components/model-editor/use-editor-store";
import { useEditorWrites } from "~/components/model-editor/use-editor-writes";
import { buildSectionViews, countFields } from "~/components/models/section-views";
import type { TModel } from "~/domain/model-schema";
import type { TTemplate } from "~/domain/template-schema";

export type ModelEditorProps = { organizationId: string; model: TModel; template: TTemplate };

/**
 * The model editor: name, description and the template's sections on the grid, with the save bar. Values live in a
 * `DraftStore` (one subscription per field, so typing re-renders one field); the writes are `useEditorWrites`.
 */
export function ModelEditor({ organizationId, model, template }: ModelEditorProps) {
  const views = useMemo(() => buildSectionViews(template.sections, { level: "Model" }), [template]);
  const itemFieldCount = useMemo(() => countFields(buildSectionViews(template.sections, { level: "Item" }).roots), [template]);
  const store = useEditorStore(model, views.index);
  const [savedName, setSavedName] = useState(model.name);
  // Marks the form once React has hydrated it, so tests (and nothing else) know typing now reaches the drafts.
  const [isHydrated, setIsHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the one extra render after hydration is the point
  useEffect(() => setIsHydrated(true), []);
  // The tab's title came from the server with the name at load time; a saved rename should show there too.
  useEffect(() => {
    document.title = `${savedName} · Passport Studio`;
  }, [savedName]);
  const target = useMemo(() => ({ organizationId, modelId: model.id }), [organizationId, model.id]);

  const {
    status,
    isConflict,
    isReloading,
    conflicts,
    chooseConflict,
    addRow,
    removeRow,
    announce,
    save,
    discard,
    reload,
    restoreStaleBackup,
  } = useEditorWrites({
    store,
    index: views.index,
    target,
    onSavedName: setSavedName,
  });
  const backup = useDraftBackup(store, { kind: "model", id: model.id }, restoreStaleBackup);
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef);
  useUndoShortcut(store, announce);

  const context = useMemo<EditorContextValue>(
    () => ({ store, index: views.index, organizationId, addRow, removeRow }),
    [store, views, organizationId, addRow, removeRow],
  );

  return (
    <EditorProvider value={context}>
      <form
        ref={formRef}
        noValidate
        onSubmit={save}
        className="space-y-6 pb-4"
        aria-labelledby="model-title"
        data-hydrated={isHydrated ? "true" : undefined}
      >
        <ModelEditorHeader
          organizationId={organizationId}
          name={savedName}
          model={model}
          template={template}
          itemFieldCount={itemFieldCount}
        />
        <EditorNotices
          offer={backup.offer}
          isStale={backup.isStale}
          onRestore={backup.restore}
          onDismiss={backup.dismiss}
          conflicts={conflicts}
          onChoose={chooseConflict}
        />
        <DetailsCard />
        <SectionTree roots={views.roots} />
        <SaveBar
          status={status}
          isConflict={isConflict}
          isReloading={isReloading}
          onDiscard={discard}
          onReload={reload}
          onAnnounce={announce}
          roots={views.roots}
        />
      </form>
      <LeaveGuard />
    </EditorProvider>
  );
}
