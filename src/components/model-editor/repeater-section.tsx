"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { inputIdFor, valueKey } from "~/components/model-editor/draft-keys";
import { useEditor, useIsBusy, useRepeaterRows } from "~/components/model-editor/editor-context";
import { RepeaterRow } from "~/components/model-editor/repeater-row";
import { SectionHeading } from "~/components/models/section-heading";
import { headingLevel, type SectionView } from "~/components/models/section-views";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export type RepeaterSectionProps = {
  view: SectionView;
  depth: number;
  headingId: string;
  /** The content of one row (the section tree's, which this leaf does not know). */
  renderRow: (row: number) => ReactNode;
};

/**
 * A repeater: its rows in row order, numbered 1…n for display, "Add row" below them. Adding and removing are
 * written at once (the server answers with the model, which replaces the rows shown); edits in other rows stay.
 * Focus follows: into the new row's first input, or back to the heading after a removal.
 */
export function RepeaterSection({ view, depth, headingId, renderRow }: RepeaterSectionProps) {
  const { addRow, removeRow } = useEditor();
  const repeaterId = view.section.id;
  const rows = useRepeaterRows(repeaterId);
  const isBusy = useIsBusy();
  const [pendingRemoval, setPendingRemoval] = useState<number | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const focusRowRef = useRef<number | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const canAdd = hasAnyField(view);

  useEffect(() => {
    const row = focusRowRef.current;
    if (row === null || !rows.includes(row)) return;
    focusRowRef.current = null;
    const first = firstFieldKey(view, row);
    if (first) document.getElementById(inputIdFor(first))?.focus();
  }, [rows, view]);

  const onAdd = async () => {
    const row = await addRow(repeaterId);
    if (row === undefined) return;
    // The store usually re-renders the rows before the write's promise resumes here; if not yet, the effect
    // above focuses the row once it appears.
    const key = firstFieldKey(view, row);
    const input = key ? document.getElementById(inputIdFor(key)) : null;
    if (input) input.focus();
    else focusRowRef.current = row;
    setAnnouncement(`Row ${rows.length + 1} of ${view.section.name} added.`);
  };

  const onRequestRemove = useCallback((row: number) => setPendingRemoval(row), []);
  const removalPosition = pendingRemoval === null ? 0 : rows.indexOf(pendingRemoval) + 1;

  const onConfirmRemove = async () => {
    if (pendingRemoval === null) return;
    setIsRemoving(true);
    const isRemoved = await removeRow(repeaterId, pendingRemoval);
    setIsRemoving(false);
    setPendingRemoval(null);
    if (isRemoved) {
      setAnnouncement(`Row ${removalPosition} of ${view.section.name} removed.`);
      headingRef.current?.focus();
    }
  };

  return (
    <>
      <div ref={headingRef} tabIndex={-1} className="flex flex-wrap items-baseline justify-between gap-2 outline-none">
        <SectionHeading level={headingLevel(depth)} id={headingId}>
          {view.section.name}
        </SectionHeading>
        <p className="text-sm text-slate-600">{rows.length === 1 ? "1 row" : `${rows.length} rows`}</p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">No rows yet.</p>
      ) : (
        <ol className="space-y-3" aria-label={`${view.section.name} rows`}>
          {rows.map((row, i) => (
            <RepeaterRow
              key={row}
              view={view}
              depth={depth}
              row={row}
              position={i + 1}
              onRequestRemove={onRequestRemove}
              renderRow={renderRow}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onAdd} disabled={isBusy || !canAdd}>
          Add row<span className="sr-only"> to {view.section.name}</span>
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {announcement}
        </p>
      </div>
      <ConfirmDialog
        isOpen={pendingRemoval !== null}
        title={`Remove row ${removalPosition}?`}
        confirmLabel="Remove row"
        isPending={isRemoving}
        onConfirm={onConfirmRemove}
        onCancel={() => setPendingRemoval(null)}
      >
        Row {removalPosition} of “{view.section.name}” and everything in it, unsaved edits included, is deleted at once. The other rows
        keep their values.
      </ConfirmDialog>
    </>
  );
}

function hasAnyField(view: SectionView): boolean {
  return view.fields.length > 0 || view.subSections.some(({ view: child }) => hasAnyField(child));
}

function firstFieldKey(view: SectionView, row: number): string | undefined {
  const [first] = view.fields;
  if (first) return valueKey(view.section.id, first.field.id, row);
  for (const { view: child } of view.subSections) {
    const key = firstFieldKey(child, row);
    if (key) return key;
  }
  return undefined;
}
