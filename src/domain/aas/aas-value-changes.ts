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
import { findField, repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";

export function aasValueChanges(
  imported: Pick<AasValueImport, "values" | "repeaters">,
  currentValues: readonly TDataValue[],
  index: TemplateIndex,
): TModelChangesRequest {
  const stored = new Map(currentValues.map((v) => [tripleKey(v), v.value]));
  const isStoredAt = (v: ImportedValue, row: number) => {
    const key = tripleKey({ ...v, row });
    return stored.has(key) && isExportFormOf(index, v, stored.get(key) ?? null);
  };
  const deleteRows: TRowRef[] = [];
  const add: ImportedValue[] = [];
  for (const [repeaterId, { rowCount, values }] of imported.repeaters) {
    const sections = new Set(repeaterSectionIds(index, repeaterId));
    const rows = [...new Set(currentValues.filter((v) => sections.has(v.dataSectionId)).map((v) => v.row))].sort((a, b) => a - b);
    // The export lists the stored rows in order and the import numbers them 0…n-1: the same rows holding the same
    // values are left as they are (renumbering them would be a change).
    const isUnchanged = rows.length === rowCount && values.every((v) => isStoredAt(v, rows[v.row]!));
    if (isUnchanged) continue;
    for (const row of rows) deleteRows.push({ dataSectionId: repeaterId, row });
    add.push(...values);
  }
  const modify: ImportedValue[] = [];
  for (const value of imported.values) {
    if (isStoredAt(value, value.row)) continue;
    (stored.has(tripleKey(value)) ? modify : add).push(value);
  }
  return { deleteRows, add, modify };
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
