import { parseRowMinimumKey, rowMinimumKey, valueKey } from "~/components/model-editor/draft-keys";
import type { DraftValue } from "~/components/model-editor/draft-store";
import type { SectionView, SubSectionView } from "~/components/models/section-views";
import { isFilled } from "~/domain/completeness";
import { readFieldOptions } from "~/domain/field-options";
import { readSectionOptions } from "~/domain/section-options";

export type Completeness = { filled: number; required: number };

/**
 * The keys of the required fields a section holds, in document order: its own at `row`, then its nested sections'.
 * A repeater holds its required fields once per row, in the order of its rows, so an empty row counts against
 * completeness like an empty field does; then one key per row its `minRows` asks for (the server's `rowMinimums`:
 * only a repeater that shows fields of this owner holds its rows).
 */
export function requiredKeys(view: SectionView, row: number, rowsOf: (repeaterId: string) => readonly number[]): string[] {
  if (!view.isRepeater) return rowContent(view, row, rowsOf);
  const rows = rowsOf(view.section.id).flatMap((repeaterRow) => rowContent(view, repeaterRow, rowsOf));
  const { minRows = 0 } = readSectionOptions(view.section);
  const minimum = hasAnyField(view) ? Array.from({ length: minRows }, (_, i) => rowMinimumKey(view.section.id, i)) : [];
  return [...rows, ...minimum];
}

export function hasAnyField(view: SectionView): boolean {
  return view.fields.length > 0 || view.subSections.some(({ view: child }) => hasAnyField(child));
}

function rowContent(view: SectionView, row: number, rowsOf: (repeaterId: string) => readonly number[]): string[] {
  const own = view.fields
    .filter(({ field }) => readFieldOptions(field).required)
    .map(({ field }) => valueKey(view.section.id, field.id, row));
  return [...own, ...view.subSections.flatMap(({ view: child }) => requiredKeys(child, row, rowsOf))];
}

/** Every required key of the sections shown, in document order. */
export function allRequiredKeys(roots: readonly SubSectionView[], rowsOf: (repeaterId: string) => readonly number[]): string[] {
  return roots.flatMap(({ view }) => requiredKeys(view, 0, rowsOf));
}

/** Whether a required key is filled: its value holds something, or the repeater has the row a row-minimum key needs. */
export function isKeyFilled(
  key: string,
  valueOf: (key: string) => DraftValue,
  rowsOf: (repeaterId: string) => readonly number[],
): boolean {
  const rowMinimum = parseRowMinimumKey(key);
  return rowMinimum ? rowsOf(rowMinimum.repeaterId).length > rowMinimum.position : isFilled(valueOf(key));
}

export function countFilled(
  keys: readonly string[],
  valueOf: (key: string) => DraftValue,
  rowsOf: (repeaterId: string) => readonly number[],
): Completeness {
  return { filled: keys.filter((key) => isKeyFilled(key, valueOf, rowsOf)).length, required: keys.length };
}

/** "7 of 9 required filled", or undefined when nothing is required. */
export function completenessText({ filled, required }: Completeness): string | undefined {
  return required === 0 ? undefined : `${filled} of ${required} required filled`;
}
