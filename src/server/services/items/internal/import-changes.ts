import type { TRowRef } from "~/domain/data-changes";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import type { ItemImportPlan } from "~/domain/spreadsheet/item-import-plan";
import { repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";
import type { ImportTarget } from "~/server/services/items/internal/import-targets";

/** What an item holds in the sections an import writes: `tripleKey` → value (heldValues of import-targets.ts). */
export type HeldValues = ReadonlyMap<string, string | null>;

/** The repeater (of those given) each of their sections belongs to, nested sections included. */
export function repeaterOfSection(index: TemplateIndex, repeaterIds: readonly string[]): Map<string, string> {
  return new Map(repeaterIds.flatMap((id) => repeaterSectionIds(index, id).map((s) => [s, id] as const)));
}

/** The sections whose values an import reads and writes: those of the items sheet's columns and of its repeaters. */
export function importedSectionIds(plan: ItemImportPlan, repeaterOf: ReadonlyMap<string, string>): string[] {
  return [...new Set([...plan.items.flatMap((item) => item.values.map((v) => v.dataSectionId)), ...repeaterOf.keys()])];
}

/**
 * What the file changes of one item holding `held` (docs/spreadsheets.md, What an update writes): its values
 * outside repeaters are modified; per repeater whose sheet the file has, rows the item holds and the file does not
 * are deleted, rows both have are modified, the others added. A value it already holds is no change, and neither
 * is an empty cell of a field that holds no value (a required one included: an import may leave an item
 * incomplete, as the editor may), so an item imported with what it holds changes nothing (no version, no history).
 * A value in a language (a multilingual field's) is modified where the item holds it, added where not, and left
 * out where not held and empty.
 */
export function itemChanges(
  target: ImportTarget,
  repeaterIds: readonly string[],
  repeaterOf: ReadonlyMap<string, string>,
  held: HeldValues,
): { deleteRows: TRowRef[]; add: TDataValue[]; modify: TDataValue[] } {
  const heldRows = new Map<string, Set<number>>();
  for (const key of held.keys()) {
    const [sectionId = "", , row = "0"] = key.split("|");
    const repeaterId = repeaterOf.get(sectionId);
    if (repeaterId !== undefined) heldRows.set(repeaterId, (heldRows.get(repeaterId) ?? new Set()).add(Number(row)));
  }
  const deleteRows: TRowRef[] = [];
  const add: TDataValue[] = [];
  const modify: TDataValue[] = [];
  const place = (value: TDataValue, isRowHeld: boolean) => {
    const isHeld = held.has(tripleKey(value));
    if (isRowHeld && (held.get(tripleKey(value)) ?? null) === value.value) return;
    if (value.language === undefined) return (isRowHeld ? modify : add).push(value);
    if (isRowHeld && isHeld) return modify.push(value);
    if (value.value !== null) add.push(value);
  };
  for (const value of target.item.values) place(value, true);
  for (const repeaterId of repeaterIds) {
    const rows = heldRows.get(repeaterId) ?? new Set<number>();
    const values = target.item.repeaterRows.get(repeaterId) ?? [];
    const fileRows = new Set(values.map((v) => v.row));
    for (const row of rows) if (!fileRows.has(row)) deleteRows.push({ dataSectionId: repeaterId, row });
    for (const value of values) place(value, rows.has(value.row));
  }
  return { deleteRows, add, modify };
}
