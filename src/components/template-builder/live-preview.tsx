"use client";

import { languagesLookup, type EditorLanguages } from "~/components/model-editor/editor-languages";
import { LanguageChoiceProvider } from "~/components/model-editor/language-choice";
import { useTranslations } from "next-intl";
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
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
  const t = useTranslations("builder");
  const width = CANVAS_WIDTH[breakpoint];
  const [frameRef, zoom] = useFitZoom(width);
  return (
    <div className="space-y-1">
      {zoom < 1 ? (
        <p className="text-xs text-slate-600" data-testid="preview-zoom">
          {t("zoom", { percent: Math.round(zoom * 100), width })}
        </p>
      ) : null}
      <div ref={frameRef} className="relative overflow-x-auto rounded-md border border-slate-200 bg-slate-100 p-2">
        <LayoutCanvas width={width} zoom={zoom} data-testid="live-preview" className="bg-slate-50 p-0">
          <PreviewTree key={key} organizationId={organizationId} sections={sections} />
        </LayoutCanvas>
      </div>
    </div>
  );
}

/**
 * How much to shrink a canvas `width` px wide so it fits its frame (at most 1): the xl canvas (1280 px) is wider
 * than the builder's column even on a 1536 px screen. Below 0.5 the canvas scrolls instead, so text stays legible.
 */
function useFitZoom(width: number): [RefObject<HTMLDivElement | null>, number] {
  const frameRef = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // The frame's content box: its width less the padding.
    const measure = () => setRoom(frame.clientWidth - 16);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  const zoom = room === null ? 1 : Math.min(1, Math.max(0.5, room / width));
  return [frameRef, Math.floor(zoom * 100) / 100];
}

/** The preview shows a multilingual field in one language: it is about the layout, not the translations. */
const PREVIEW_LANGUAGES: EditorLanguages = { defaultLanguage: "en", publishedLanguages: ["en"] };

function PreviewTree({ organizationId, sections }: Omit<LivePreviewProps, "breakpoint">) {
  const t = useTranslations("builder");
  const views = useMemo(() => buildSectionViews(sections, { level: "Model" }), [sections]);
  const [initialValues] = useState(() => initialDataValues(views.index, "Model", PREVIEW_LANGUAGES.defaultLanguage));
  const store = useEditorStore({ version: 0, dataValues: initialValues }, views.index);

  // Rows are draft changes of the editor's own store, as in the model editor; the preview never saves them.
  const context = useMemo<EditorContextValue>(
    () => ({
      store,
      index: views.index,
      level: "Model",
      organizationId,
      languages: PREVIEW_LANGUAGES,
      languagesOf: languagesLookup(views.index, PREVIEW_LANGUAGES),
      addRow: (repeaterId, at) => store.insertRow(repeaterId, at),
      removeRow: (repeaterId, row) => store.removeRow(repeaterId, row),
      // The preview never saves: its draft is for trying the layout out.
      saveDraft: () => Promise.resolve(false),
      // Rows are tried out in the preview; it is the builder's, who may change the template.
      isReadOnly: false,
    }),
    [store, views, organizationId],
  );

  return (
    <EditorProvider value={context}>
      <LanguageChoiceProvider languages={PREVIEW_LANGUAGES} index={views.index}>
        <div className="space-y-4">
          <SectionTree roots={views.roots} emptyText={t("previewNoModelFields")} />
        </div>
      </LanguageChoiceProvider>
    </EditorProvider>
  );
}
