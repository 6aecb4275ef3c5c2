/**
 * The changes request an AAS value import makes (docs/aas.md §Importing values): each repeater the environment gives
 * gets exactly the environment's rows, every other value is modified where the owner has it and added where it has
 * not — and what the environment gives exactly as our export writes the stored value is no change, so the unchanged
 * export of a passport, incomplete or not, writes nothing (no new version, no history). Pure.
 */
import type { AasValueImport, ImportedValue } from "~/domain/aas/import-values";
import { fileUri } from "~/domain/aas/export-environment";
import { aasMeta, xmlSafe } from "~/domain/aas/export-metadata";
import type { TModelChangesRequest, TRowRef } from "~/domain/data-changes";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import { compareRowPaths, rowPathOf, rowPathText, splitRowPath } from "~/domain/row-path";
import { findField, repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";

export function aasValueChanges(
  imported: Pick<AasValueImport, "values" | "repeaters">,
  currentValues: readonly TDataValue[],
  index: TemplateIndex,
): TModelChangesRequest {
  const stored = new Map(currentValues.map((v) => [tripleKey(v), v.value]));
  const isStoredAt = (v: ImportedValue, path: readonly number[]) => {
    const key = tripleKey({ ...v, ...splitRowPath(path) });
    return stored.has(key) && isExportFormOf(index, v, stored.get(key) ?? null);
  };
  const deleteRows: TRowRef[] = [];
  const add: ImportedValue[] = [];
  for (const [repeaterId, { rowPaths, values }] of imported.repeaters) {
    const sections = new Set(repeaterSectionIds(index, repeaterId));
    const storedRows = currentValues.filter((v) => sections.has(v.dataSectionId));
    const numbered = numberedRows(storedRows);
    // The export lists the stored rows in order at every level and the import numbers them 0…n-1 inside their
    // parent row: the same rows holding the same values are left as they are (renumbering them would be a change).
    const isUnchanged =
      numbered.size === rowPaths.size &&
      [...rowPaths].every((path) => numbered.has(path)) &&
      values.every((v) => {
        const path = numbered.get(rowPathText(v));
        return path !== undefined && isStoredAt(v, path);
      });
    if (isUnchanged) continue;
    for (const row of new Set(storedRows.map((v) => v.row))) deleteRows.push({ dataSectionId: repeaterId, row });
    add.push(...values);
  }
  const modify: ImportedValue[] = [];
  for (const value of imported.values) {
    if (isStoredAt(value, rowPathOf(value))) continue;
    (stored.has(tripleKey(value)) ? modify : add).push(value);
  }
  return { deleteRows, add, modify };
}

/**
 * The stored rows of a repeater at every level, each by the path the export and import number it with (0…n-1 inside
 * its parent row, in row order; rowPathText) → its stored path.
 */
function numberedRows(values: readonly TDataValue[]): Map<string, number[]> {
  const paths = new Map<string, number[]>();
  for (const v of values) {
    const path = rowPathOf(v);
    for (let length = 1; length <= path.length; length++) paths.set(path.slice(0, length).join("."), path.slice(0, length));
  }
  const numbered = new Map<string, number[]>();
  const numberOf = new Map<string, number[]>();
  const childCount = new Map<string, number>();
  // Parents sort before their children, so each row's parent is numbered before it.
  for (const path of [...paths.values()].sort(compareRowPaths)) {
    const parent = numberOf.get(path.slice(0, -1).join(".")) ?? [];
    const k = childCount.get(parent.join(".")) ?? 0;
    childCount.set(parent.join("."), k + 1);
    numberOf.set(path.join("."), [...parent, k]);
    numbered.set([...parent, k].join("."), path);
  }
  return numbered;
}

/**
 * Whether an imported value is the stored one as our export writes it (docs/aas.md §Value forms): the same, or the
 * same without the characters AAS cannot carry, or — for a file — the same reference written as a URI.
 */
function isExportFormOf(index: TemplateIndex, value: ImportedValue, stored: string | null): boolean {
  if (value.value === stored) return true;
  if (stored === null || value.value === null) return false;
  if (value.value === xmlSafe(stored)) return true;
  const field = findField(index, value.dataSectionId, value.dataFieldId);
  const isFile = field?.type === "FileField" || aasMeta(field?.options).modelType === "File";
  return isFile && value.value === fileUri(stored);
}
