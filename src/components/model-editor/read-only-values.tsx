"use client";

import { useMemo, type ReactNode } from "react";
import { EditorProvider, useEditor, useRepeaterRows, type EditorContextValue } from "~/components/model-editor/editor-context";
import { languagesLookup, type EditorLanguages } from "~/components/model-editor/editor-languages";
import type { EditorOwnerState } from "~/components/model-editor/draft-store";
import { gridColumns } from "~/components/model-editor/repeater-grid/grid-columns";
import { RepeaterGrid } from "~/components/model-editor/repeater-grid/repeater-grid";
import { rowLimitsOf } from "~/components/model-editor/repeater-grid/row-limits";
import { useEditorStore } from "~/components/model-editor/use-editor-store";
import type { SectionView } from "~/components/models/section-views";
import type { TemplateIndex } from "~/domain/template-index";

export type ReadOnlyValuesProps = {
  /** Whose saved values are shown: the model beside one of its items. */
  owner: EditorOwnerState;
  index: TemplateIndex;
  organizationId: string;
  languages: EditorLanguages;
  children: ReactNode;
};

/**
 * Another owner's saved values as an editor context that never writes (no edits, rows or saves), so the editor's own
 * table shows them (`ReadOnlyRepeater`): one grid component for editing and for reading, not a second one.
 */
export function ReadOnlyValues({ owner, index, organizationId, languages, children }: ReadOnlyValuesProps) {
  const store = useEditorStore(owner, index);
  const value = useMemo<EditorContextValue>(
    () => ({
      store,
      index,
      level: "Model",
      organizationId,
      languages,
      languagesOf: languagesLookup(index, languages),
      addRow: () => undefined,
      removeRow: () => undefined,
      saveDraft: () => Promise.resolve(true),
      isReadOnly: true,
    }),
    [store, index, organizationId, languages],
  );
  return <EditorProvider value={value}>{children}</EditorProvider>;
}

/**
 * A repeater of those values as the editor's table, read-only: virtualised (a 5,000-row repeater renders the rows in
 * view, not 5,000 of them), searchable, one tab stop, copyable. A multilingual column shows the default language,
 * as the rest of the model's values beside an item do.
 */
export function ReadOnlyRepeater({ view }: { view: SectionView }) {
  const { languagesOf, languages } = useEditor();
  const rows = useRepeaterRows(view.section.id);
  const columns = useMemo(
    () => gridColumns(view, (place) => (languagesOf(place) === undefined ? undefined : [languages.defaultLanguage])),
    [view, languagesOf, languages.defaultLanguage],
  );
  const limits = useMemo(() => rowLimitsOf(view.section), [view.section]);
  return (
    <RepeaterGrid isReadOnly repeaterId={view.section.id} name={view.section.name} columns={columns} rows={rows} limits={limits} />
  );
}
