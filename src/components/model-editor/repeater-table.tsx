"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { rowListKey } from "~/components/model-editor/draft-keys";
import { useEditor } from "~/components/model-editor/editor-context";
import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { RepeaterGrid } from "~/components/model-editor/repeater-grid/repeater-grid";
import type { RowLimits } from "~/components/model-editor/repeater-grid/row-limits";
import { useNestedReveal } from "~/components/model-editor/use-nested-reveal";
import type { SectionView } from "~/components/models/section-views";

export type RepeaterTableProps = {
  view: SectionView;
  /** The whole path of the parent row a nested repeater sits in; empty for an outermost one. */
  parentPath: readonly number[];
  columns: readonly GridColumn[];
  rows: readonly number[];
  limits: RowLimits;
  /** The repeaters nested in one row (the section tree's). */
  renderNested: (row: number) => ReactNode;
};

/**
 * A repeater's table view. The table holds a row's own fields and its Groups' as columns; a repeater nested in the
 * rows has rows of its own in each, so the nested repeaters of the active row (the grid's active cell's) show under
 * the table, and follow it as the arrows, a click or Alt+↑/↓ move it (docs/editor.md §Nested repeaters).
 */
export function RepeaterTable({ view, parentPath, columns, rows, limits, renderNested }: RepeaterTableProps) {
  const { index, isReadOnly } = useEditor();
  const repeaterId = view.section.id;
  const list = useMemo(() => ({ repeaterId, parentPath }), [repeaterId, parentPath]);
  const hasNested = view.subSections.some(({ view: child }) => child.isRepeater);
  const [activeRow, setActiveRow] = useState<number>();
  const isActiveRow = useCallback((row: number) => row === activeRow, [activeRow]);
  useNestedReveal({ index, list, rows, isActive: hasNested, isShown: isActiveRow, showRow: setActiveRow });
  const isShown = activeRow !== undefined && rows.includes(activeRow);
  return (
    <>
      <RepeaterGrid
        repeaterId={rowListKey(repeaterId, parentPath)}
        name={view.section.name}
        columns={columns}
        rows={rows}
        limits={limits}
        isReadOnly={isReadOnly}
        onActiveRowChange={hasNested ? setActiveRow : undefined}
      />
      {hasNested && rows.length > 0 ? (
        <NestedRowDetails name={view.section.name} position={isShown ? rows.indexOf(activeRow) + 1 : 0}>
          {isShown ? renderNested(activeRow) : null}
        </NestedRowDetails>
      ) : null}
    </>
  );
}

/** What is nested in the table's active row (position 0: none yet), labelled by that row. */
function NestedRowDetails({ name, position, children }: { name: string; position: number; children: ReactNode }) {
  const t = useTranslations("editorRows");
  const label = position > 0 ? t("insideRow", { position, name }) : t("pickRow", { name });
  return (
    <section
      aria-label={label}
      data-testid="nested-row-details"
      className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      <p className="text-sm font-medium text-slate-800">{label}</p>
      {children}
    </section>
  );
}
