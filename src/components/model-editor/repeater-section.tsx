"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { addRowButtonId, rowListKey, valueKey } from "~/components/model-editor/draft-keys";
import { revealDraft } from "~/components/model-editor/focus-draft";
import { useEditor, useIsBusy, useRepeaterRows } from "~/components/model-editor/editor-context";
import { useLanguageChoice } from "~/components/model-editor/language-choice";
import { SectionCompleteness } from "~/components/model-editor/completeness-status";
import { RepeaterCards } from "~/components/model-editor/repeater-cards";
import { SectionHeading } from "~/components/models/section-heading";
import { hasAnyField } from "~/components/models/section-views";
import { gridColumns } from "~/components/model-editor/repeater-grid/grid-columns";
import { fullText, rowCountText, rowLimitNoteId, rowLimitsOf, shortText } from "~/components/model-editor/repeater-grid/row-limits";
import { useRepeaterView } from "~/components/model-editor/repeater-grid/use-repeater-view";
import { RepeaterTable } from "~/components/model-editor/repeater-table";
import { ViewSwitch } from "~/components/model-editor/repeater-grid/view-switch";
import { headingLevel, type SectionView } from "~/components/models/section-views";
import { Button } from "~/components/ui/button";

export type RepeaterSectionProps = {
  view: SectionView;
  depth: number;
  headingId: string;
  /** The whole path of the parent row a nested repeater sits in; empty for an outermost one. */
  parentPath: readonly number[];
  /** The content of one row (the section tree's, which this leaf does not know). */
  renderRow: (row: number) => ReactNode;
  /** The repeaters nested in one row, shown under the table for its active row (the table has no columns for them). */
  renderNested: (row: number) => ReactNode;
};

/**
 * A repeater: its rows in the draft's order, numbered 1…n for display, "Add row" below them. Adding and removing
 * change the draft only (counted as unsaved changes, undone by Discard, written by Save with everything else).
 * Focus follows: into the new row's first input, or back to the heading after a removal. A repeater nested in a row
 * of another works on its rows inside that row only (its row list, `rowListKey`).
 */
export function RepeaterSection({ view, depth, headingId, parentPath, renderRow, renderNested }: RepeaterSectionProps) {
  const { store, index, addRow, removeRow, languagesOf, isReadOnly } = useEditor();
  const { language, languages } = useLanguageChoice();
  // A multilingual field's column shows the language chosen above the fields, or every published one on demand.
  const [isEveryLanguage, setIsEveryLanguage] = useState(false);
  const repeaterId = view.section.id;
  const list = useMemo(() => rowListKey(repeaterId, parentPath), [repeaterId, parentPath]);
  const rows = useRepeaterRows(list);
  const isBusy = useIsBusy();
  const [announcement, setAnnouncement] = useState("");
  const focusRowRef = useRef<number | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const limits = useMemo(() => rowLimitsOf(view.section), [view.section]);
  const rowsText = useTranslations("editorRows");
  const fullNote = fullText(rowsText, view.section.name, limits, rows.length);
  const shortNote = shortText(rowsText, limits, rows.length);
  const canAdd = hasAnyField(view) && !fullNote;
  const columns = useMemo(
    () =>
      gridColumns(
        view,
        (place) => (languagesOf(place) === undefined ? undefined : isEveryLanguage ? languages : [language]),
        parentPath,
      ),
    [view, languagesOf, isEveryLanguage, languages, language, parentPath],
  );
  const t = useTranslations("editorLanguages");
  // A multilingual field's value in the language shown in the card view.
  const keyOf = useCallback(
    (dataSectionId: string, dataFieldId: string, row: number) =>
      valueKey(
        dataSectionId,
        dataFieldId,
        [...parentPath, row],
        languagesOf({ dataSectionId, dataFieldId }) === undefined ? undefined : language,
      ),
    [languagesOf, language, parentPath],
  );
  const hasLanguageColumns = languages.length > 1 && columns.some((column) => column.language !== undefined);
  const [mode, setMode] = useRepeaterView(repeaterId, rows.length);
  // A repeater nested in another repeater's rows leaves the count to the outer one (see section-tree.tsx).
  const parentId = view.section.parentId;
  const isOutsideRows = parentId === null || (index.sections.get(parentId)?.repeaterId ?? null) === null;

  useEffect(() => {
    const row = focusRowRef.current;
    if (row === null || !rows.includes(row)) return;
    focusRowRef.current = null;
    const first = firstFieldKey(view, row, keyOf);
    // Through the revealers too: in the table view the new row's first cell becomes the grid's active cell, and a
    // virtualised card list renders the new card first (focus-draft.ts).
    if (first) revealDraft(first, { focus: true });
  }, [rows, view, keyOf]);

  const onAdd = () => {
    const row = addRow(list);
    if (row === undefined) return;
    // The effect above focuses the new row's first input once it has rendered.
    focusRowRef.current = row;
    setAnnouncement(rowsText("added", { position: rows.length + 1, name: view.section.name }));
  };

  const onRequestRemove = useCallback(
    (row: number) => {
      // Read from the store, so the callback stays the same while rows change and the rows' memo holds.
      const position = store.rows(list).indexOf(row) + 1;
      removeRow(list, row);
      setAnnouncement(rowsText("removed", { position, name: view.section.name }));
      headingRef.current?.focus();
    },
    [store, removeRow, list, view.section.name, rowsText],
  );

  return (
    <>
      <div ref={headingRef} tabIndex={-1} className="flex flex-wrap items-baseline justify-between gap-2 outline-none">
        <SectionHeading level={headingLevel(depth)} id={headingId}>
          {view.section.name}
        </SectionHeading>
        <div className="flex flex-wrap items-center gap-x-3">
          {isOutsideRows ? <SectionCompleteness view={view} /> : null}
          {mode === "cards" && <p className="text-sm text-slate-600">{rowCountText(rowsText, limits, rows.length)}</p>}
          <ViewSwitch name={view.section.name} mode={mode} onModeChange={setMode} />
          {mode === "table" && hasLanguageColumns ? (
            <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={isEveryLanguage}
                onChange={(event) => setIsEveryLanguage(event.currentTarget.checked)}
                className="size-4"
              />
              {t("columnPerLanguage")}
            </label>
          ) : null}
        </div>
      </div>
      {mode === "table" ? (
        <RepeaterTable view={view} parentPath={parentPath} columns={columns} rows={rows} limits={limits} renderNested={renderNested} />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">
          {rowsText("noRows")}
        </p>
      ) : (
        <RepeaterCards
          view={view}
          list={list}
          depth={depth}
          rows={rows}
          columns={columns}
          onRequestRemove={onRequestRemove}
          onMoved={setAnnouncement}
          renderRow={renderRow}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        {isReadOnly ? null : (
          <Button
            id={addRowButtonId(list)}
            variant="secondary"
            onClick={onAdd}
            disabled={isBusy || !canAdd}
            aria-describedby={fullNote || shortNote ? rowLimitNoteId(list) : undefined}
          >
            {/* Inside a row, several lists end one below the other: each button says which it adds to. */}
            {/* One child: the button lays its children out with a gap, which would double the space before "to". */}
            <span>
              {rowsText.rich("addRow", {
                name: view.section.name,
                sr: (chunks) => <span className={parentPath.length > 0 ? undefined : "sr-only"}>{chunks}</span>,
              })}
            </span>
          </Button>
        )}
        {fullNote || shortNote ? (
          <p
            id={rowLimitNoteId(list)}
            data-testid="row-limit"
            className={fullNote ? "text-sm text-slate-700" : "text-sm text-amber-800"}
          >
            {fullNote ?? shortNote}
          </p>
        ) : null}
        <p role="status" className="text-sm text-slate-600">
          {announcement}
        </p>
      </div>
    </>
  );
}

type KeyOf = (dataSectionId: string, dataFieldId: string, row: number) => string;

function firstFieldKey(view: SectionView, row: number, keyOf: KeyOf): string | undefined {
  const [first] = view.fields;
  if (first) return keyOf(view.section.id, first.field.id, row);
  for (const { view: child } of view.subSections) {
    const key = firstFieldKey(child, row, keyOf);
    if (key) return key;
  }
  return undefined;
}
