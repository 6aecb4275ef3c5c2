import { valueKey } from "~/components/model-editor/draft-keys";
import type { SectionView } from "~/components/models/section-views";
import type { TDataField } from "~/domain/template-schema";

/** One column of a repeater's table: a field of the repeater or of a section nested in it (its column group). */
export type GridColumn = {
  sectionId: string;
  field: TDataField;
  /** The nested section the field sits in, as "Outer › Inner"; undefined for the repeater's own fields. */
  group?: { id: string; name: string };
  /** A multilingual field's column shows its value in one language (docs/editor.md §Languages). */
  language?: string;
  /** The whole path of the parent row a nested repeater's table sits in; empty for an outermost repeater. */
  parentPath: readonly number[];
};

/** The languages a field's columns show: for a multilingual field one column each, for any other undefined. */
export type ColumnLanguages = (place: { dataSectionId: string; dataFieldId: string }) => readonly string[] | undefined;

/** A run of neighbouring columns under one group heading (or none), for the table's first header row. */
export type ColumnGroupSpan = { id: string; name: string | undefined; span: number };

/**
 * The repeater's fields in document order, its own first, then each nested Group's (depth first): a Group shares the
 * repeater's row numbers, so its fields are simply more cells of the same row. A repeater nested in it has rows of
 * its own inside each row, so it is no column: it shows under the row (docs/editor.md §Nested repeaters). The cells
 * of a nested repeater's table sit under the parent row at `parentPath`.
 */
export function gridColumns(
  view: SectionView,
  languagesOf: ColumnLanguages = () => undefined,
  parentPath: readonly number[] = [],
): GridColumn[] {
  const columns: GridColumn[] = [];
  const add = (fields: Omit<GridColumn, "parentPath">) => {
    const column = { ...fields, parentPath };
    const languages = languagesOf({ dataSectionId: column.sectionId, dataFieldId: column.field.id });
    if (languages === undefined) columns.push(column);
    else for (const language of languages) columns.push({ ...column, language });
  };
  for (const { field } of view.fields) add({ sectionId: view.section.id, field });
  const visit = (child: SectionView, path: string[]) => {
    if (child.isRepeater) return;
    const names = [...path, child.section.name];
    const group = { id: child.section.id, name: names.join(" › ") };
    for (const { field } of child.fields) add({ sectionId: child.section.id, field, group });
    for (const { view: grandchild } of child.subSections) visit(grandchild, names);
  };
  for (const { view: child } of view.subSections) visit(child, []);
  return columns;
}

export function columnGroups(columns: readonly GridColumn[]): ColumnGroupSpan[] {
  const spans: ColumnGroupSpan[] = [];
  for (const [i, column] of columns.entries()) {
    const last = spans.at(-1);
    if (last && i > 0 && columns[i - 1]?.group?.id === column.group?.id) last.span++;
    else spans.push({ id: column.group?.id ?? `own-${i}`, name: column.group?.name, span: 1 });
  }
  return spans;
}

export function cellKey(column: GridColumn, row: number): string {
  return valueKey(column.sectionId, column.field.id, [...column.parentPath, row], column.language);
}

/** A column's name in the header and for screen readers: the field's, with the language of a multilingual one. */
export function columnName(column: GridColumn): string {
  return column.language === undefined ? column.field.name : `${column.field.name} (${column.language})`;
}

/** A column's React key, unique among the columns. */
export function columnId(column: GridColumn): string {
  return column.language === undefined ? column.field.id : `${column.field.id}|${column.language}`;
}
