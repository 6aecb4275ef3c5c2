"use client";

import { useTranslations } from "next-intl";
import { columnGroups, columnId, columnName, type GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";

export type GridHeaderProps = {
  name: string;
  columns: readonly GridColumn[];
  /** The CSS grid template the rows use, so headers line up with cells. */
  template: string;
};

/** The grid's sticky header rows: the groups (when columns come from nested sections) over the field names. */
export function GridHeader({ name, columns, template }: GridHeaderProps) {
  const t = useTranslations("editorGrid");
  const hasGroups = columns.some((column) => column.group);
  const groups = columnGroups(columns);
  const headerRows = hasGroups ? 2 : 1;
  return (
    <div role="rowgroup" className="sticky top-0 z-30 bg-slate-100">
      {hasGroups && (
        <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: template }}>
          <div
            role="columnheader"
            aria-colindex={1}
            className="sticky left-0 z-10 h-10 border-r border-b border-slate-300 bg-slate-100 px-2 py-2 text-xs font-semibold text-slate-700"
          >
            {t("rowHeading")}
          </div>
          {groups.map((group, i) => (
            <div
              key={group.id}
              role="columnheader"
              aria-colindex={groups.slice(0, i).reduce((sum, g) => sum + g.span, 0) + 2}
              aria-colspan={group.span}
              style={{ gridColumn: `span ${group.span}` }}
              className="h-10 truncate border-r border-b border-slate-300 px-2 py-2 text-xs font-semibold text-slate-700"
            >
              {group.name ?? name}
            </div>
          ))}
        </div>
      )}
      <div role="row" aria-rowindex={headerRows} className="grid" style={{ gridTemplateColumns: template }}>
        <div
          role="columnheader"
          aria-colindex={1}
          className="sticky left-0 z-10 h-10 border-r border-b border-slate-300 bg-slate-100 px-2 py-2 text-right text-xs font-semibold text-slate-700"
        >
          #
        </div>
        {columns.map((column, col) => (
          <div
            key={columnId(column)}
            role="columnheader"
            aria-colindex={col + 2}
            className="h-10 truncate border-r border-b border-slate-300 px-2 py-2 text-sm font-semibold text-slate-800"
          >
            {columnName(column)}
            {column.field.options.unit ? <span className="font-normal text-slate-600"> ({column.field.options.unit})</span> : null}
          </div>
        ))}
      </div>
    </div>
  );
}
