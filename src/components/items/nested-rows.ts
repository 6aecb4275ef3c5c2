import type { SectionView } from "~/components/models/section-views";
import type { TDataValue } from "~/domain/data-value";
import { compareRowPaths, rowPathOf } from "~/domain/row-path";
import type { TDataField } from "~/domain/template-schema";

/**
 * A repeater that holds repeaters, read-only, as a tree of its rows (docs/data-model.md §Rows): each row with its
 * own fields and its Groups' fields, and the rows of its nested repeaters inside it — never merged with another
 * parent row's rows of the same number.
 */

/** One field's value in one row, `label` naming the Group it sits in ("Validity › Valid until"). */
export type RowCell = { id: string; label: string; text: string };
export type RowNode = { path: number[]; cells: RowCell[]; nested: NestedRepeater[] };
export type NestedRepeater = { id: string; name: string; rows: RowNode[] };

/** A stored value as shown (value-text.ts, in the reader's locale). */
export type CellText = (field: TDataField, value: string) => string;

/** Whether a repeater has a repeater among the sections inside it (its rows then hold rows). */
export function holdsRepeater(view: SectionView): boolean {
  return view.subSections.some(({ view: child }) => child.isRepeater || holdsRepeater(child));
}

/** The values of a repeater's sections by place (`section/field/path`), and the row paths they sit in. */
type Values = { byPlace: Map<string, string>; paths: Map<string, number[][]> };

function valuesOf(dataValues: readonly TDataValue[]): Values {
  const byPlace = new Map<string, string>();
  const paths = new Map<string, number[][]>();
  for (const v of dataValues) {
    const path = rowPathOf(v);
    const list = paths.get(v.dataSectionId);
    if (list) list.push(path);
    else paths.set(v.dataSectionId, [path]);
    if (v.value !== null && v.value !== "") byPlace.set(`${v.dataSectionId}/${v.dataFieldId}/${path.join(".")}`, v.value);
  }
  return { byPlace, paths };
}

/** The repeater's rows inside the row at `parentPath`: every row any section inside it has a value in, in order. */
function rowPaths(view: SectionView, values: Values, parentPath: readonly number[]): number[][] {
  const rows = new Map<string, number[]>();
  const visit = (section: SectionView) => {
    for (const path of values.paths.get(section.section.id) ?? []) {
      if (path.length <= parentPath.length || !parentPath.every((row, i) => path[i] === row)) continue;
      const row = path.slice(0, parentPath.length + 1);
      rows.set(row.join("."), row);
    }
    for (const { view: child } of section.subSections) visit(child);
  };
  visit(view);
  return [...rows.values()].sort(compareRowPaths);
}

function rowNode(view: SectionView, path: number[], values: Values, text: CellText): RowNode {
  const cells: RowCell[] = [];
  const nested: NestedRepeater[] = [];
  const at = path.join(".");
  const visit = (section: SectionView, trail: string) => {
    for (const { field } of section.fields) {
      const value = values.byPlace.get(`${section.section.id}/${field.id}/${at}`);
      const label = trail ? `${trail} › ${field.name}` : field.name;
      if (value !== undefined) cells.push({ id: `${section.section.id}/${field.id}`, label, text: text(field, value) });
    }
    for (const { view: child } of section.subSections) {
      if (child.isRepeater) nested.push(repeaterTree(child, values, text, path));
      else visit(child, trail ? `${trail} › ${child.section.name}` : child.section.name);
    }
  };
  visit(view, "");
  return { path, cells, nested };
}

function repeaterTree(view: SectionView, values: Values, text: CellText, parentPath: readonly number[]): NestedRepeater {
  const rows = rowPaths(view, values, parentPath).map((path) => rowNode(view, path, values, text));
  return { id: view.section.id, name: view.section.name, rows };
}

/** The tree of a repeater's rows from the owner's values (one per place, as shown). */
export function rowTree(view: SectionView, dataValues: readonly TDataValue[], text: CellText): NestedRepeater {
  return repeaterTree(view, valuesOf(dataValues), text, []);
}
