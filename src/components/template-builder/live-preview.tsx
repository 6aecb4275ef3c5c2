"use client";

import { useMemo, useState } from "react";
import { LayoutCanvas } from "~/components/layout-grid/layout-grid";
import { EditorProvider, type EditorContextValue } from "~/components/model-editor/editor-context";
import { SectionTree } from "~/components/model-editor/section-tree";
import { useEditorStore } from "~/components/model-editor/use-editor-store";
import { buildSectionViews } from "~/components/models/section-views";
import { CANVAS_WIDTH } from "~/components/template-builder/breakpoint-switcher";
import type { Breakpoint } from "~/domain/layout";
import { initialDataValues } from "~/domain/model-data-values";
import type { TSection } from "~/domain/template-schema";

export type LivePreviewProps = { organizationId: string; sections: readonly TSection[]; breakpoint: Breakpoint };

/**
 * The draft as a model made from it will be edited: the real model editor's section tree, in a canvas of the chosen
 * breakpoint's width (its grids follow the canvas, not the window). Values typed here and rows added stay in the
 * browser. Keyed by the sections, so a structural edit starts a fresh preview.
 */
export function LivePreview({ organizationId, sections, breakpoint }: LivePreviewProps) {
  const key = useMemo(() => JSON.stringify(sections), [sections]);
  // `relative` makes the scroller the containing block of the editor's absolutely positioned pieces (such as the
  // screen-reader text of a repeater's view switch): they scroll with a canvas wider than the window, never widen the page.
  return (
    <div className="relative overflow-x-auto rounded-md border border-slate-200 bg-slate-100 p-2">
      <LayoutCanvas width={CANVAS_WIDTH[breakpoint]} data-testid="live-preview" className="bg-slate-50 p-0">
        <PreviewTree key={key} organizationId={organizationId} sections={sections} />
      </LayoutCanvas>
    </div>
  );
}

function PreviewTree({ organizationId, sections }: Omit<LivePreviewProps, "breakpoint">) {
  const views = useMemo(() => buildSectionViews(sections, { level: "Model" }), [sections]);
  const [initialValues] = useState(() => initialDataValues(views.index, "Model"));
  const store = useEditorStore({ version: 0, dataValues: initialValues }, views.index);

  // Rows are draft changes of the editor's own store, as in the model editor; the preview never saves them.
  const context = useMemo<EditorContextValue>(
    () => ({
      store,
      index: views.index,
      level: "Model",
      organizationId,
      addRow: (repeaterId, at) => store.insertRow(repeaterId, at),
      removeRow: (repeaterId, row) => store.removeRow(repeaterId, row),
      // The preview never saves: its draft is for trying the layout out.
      saveDraft: () => Promise.resolve(false),
    }),
    [store, views, organizationId],
  );

  return (
    <EditorProvider value={context}>
      <div className="space-y-4">
        <SectionTree roots={views.roots} emptyText="This draft has no Model-level fields yet." />
      </div>
    </EditorProvider>
  );
}
