"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { itemLabel } from "~/components/items/item-label";
import { ModelValuesSummary } from "~/components/items/model-values-summary";
import { EditorProvider, type EditorContextValue } from "~/components/model-editor/editor-context";
import { EditorNotices } from "~/components/model-editor/editor-notices";
import { LeaveGuard } from "~/components/model-editor/leave-guard";
import { useDraftBackup } from "~/components/model-editor/use-draft-backup";
import { useSaveShortcut } from "~/components/model-editor/use-save-shortcut";
import { useUndoShortcut } from "~/components/model-editor/use-undo-shortcut";
import { SaveBar } from "~/components/model-editor/save-bar";
import { SectionTree } from "~/components/model-editor/section-tree";
import { useEditorStore } from "~/components/model-editor/use-editor-store";
import { useEditorWrites } from "~/components/model-editor/use-editor-writes";
import { buildSectionViews } from "~/components/models/section-views";
import { PageHeader } from "~/components/ui/page-header";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TTemplate } from "~/domain/template-schema";
import { BackLink } from "~/components/ui/back-link";

export type ItemEditorProps = { organizationId: string; model: TModel; item: TItem; template: TTemplate };

/**
 * One item's editor: the model editor's sections, store, writes and save bar, for the Item-level fields (the one
 * granularity rule), saved through the item's procedures; the model's own values sit beside it, read-only.
 */
export function ItemEditor({ organizationId, model, item, template }: ItemEditorProps) {
  const views = useMemo(() => buildSectionViews(template.sections, { level: "Item" }), [template]);
  const modelViews = useMemo(() => buildSectionViews(template.sections, { level: "Model" }), [template]);
  const store = useEditorStore(item, views.index);
  // Marks the form once React has hydrated it, so tests (and nothing else) know typing now reaches the drafts.
  const [isHydrated, setIsHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the one extra render after hydration is the point
  useEffect(() => setIsHydrated(true), []);
  const target = useMemo(() => ({ organizationId, modelId: model.id, itemId: item.id }), [organizationId, model.id, item.id]);
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
  });
  const backup = useDraftBackup(store, { kind: "item", id: item.id }, restoreStaleBackup);
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef);
  useUndoShortcut(store, announce);
  const context = useMemo<EditorContextValue>(
    () => ({ store, index: views.index, organizationId, addRow, removeRow }),
    [store, views, organizationId, addRow, removeRow],
  );
  const itemsHref = `/orgs/${organizationId}/models/${model.id}/items`;

  return (
    <EditorProvider value={context}>
      <form
        ref={formRef}
        noValidate
        onSubmit={save}
        className="space-y-6 pb-4"
        aria-labelledby="item-title"
        data-hydrated={isHydrated ? "true" : undefined}
      >
        <div className="space-y-3">
          <BackLink href={itemsHref}>Items of {model.name}</BackLink>
          <PageHeader
            eyebrow="Item"
            title={
              <span id="item-title" className="break-all">
                {itemLabel(item)}
              </span>
            }
            description={<>One {model.name}; its own passport data below, the model&apos;s shared values beside it.</>}
          />
          {item.uniqueProductIdentifiers.length > 1 ? (
            <p className="text-sm break-all text-slate-600">
              Identifiers:{" "}
              <span className="font-mono text-slate-800">{item.uniqueProductIdentifiers.map((id) => id.value).join(", ")}</span>
            </p>
          ) : null}
        </div>
        <EditorNotices
          offer={backup.offer}
          isStale={backup.isStale}
          onRestore={backup.restore}
          onDismiss={backup.dismiss}
          conflicts={conflicts}
          onChoose={chooseConflict}
        />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <SectionTree roots={views.roots} emptyText="This model's template has no Item-level fields." />
          </div>
          <ModelValuesSummary roots={modelViews.roots} dataValues={model.dataValues} />
        </div>
        <SaveBar
          status={status}
          isConflict={isConflict}
          isReloading={isReloading}
          onDiscard={discard}
          onReload={reload}
          onAnnounce={announce}
          owner="item"
          roots={views.roots}
        />
      </form>
      <LeaveGuard />
    </EditorProvider>
  );
}
