import type { TRowRef } from "~/domain/data-changes";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import { rowPathText, splitRowPath } from "~/domain/row-path";
import type { ItemImportPlan } from "~/domain/spreadsheet/item-import-plan";
import { repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";
import type { ImportTarget } from "~/server/services/items/internal/import-targets";

/** What an item holds in the sections an import writes: `tripleKey` → value (heldValues of import-targets.ts). */
export type HeldValues = ReadonlyMap<string, string | null>;

/**
 * The sections whose values an import reads and writes: those of the items sheet's columns and of its repeaters
 * (with the repeaters nested in them, whose rows a deleted row takes along).
 */
export function importedSectionIds(index: TemplateIndex, plan: ItemImportPlan): string[] {
  return [
    ...new Set([
      ...plan.items.flatMap((item) => item.values.map((v) => v.dataSectionId)),
      ...plan.repeaterIds.flatMap((id) => repeaterSectionIds(index, id)),
    ]),
  ];
}

/**
 * The rows an item holds in each of the given repeaters, by their whole row path's text: a value's path cut to the
 * repeater's depth, for every one of the given repeaters that encloses it.
 */
function heldRowsOf(index: TemplateIndex, repeaterIds: readonly string[], held: HeldValues): Map<string, Map<string, number[]>> {
  const rows = new Map<string, Map<string, number[]>>(repeaterIds.map((id) => [id, new Map()]));
  for (const key of held.keys()) {
    const [sectionId = "", , pathText = "0"] = key.split("|");
    const path = pathText.split(".").map(Number);
    index.sections.get(sectionId)?.repeaterPath.forEach((repeaterId, depth) => {
      const rowPath = path.slice(0, depth + 1);
      rows.get(repeaterId)?.set(rowPath.join("."), rowPath);
    });
  }
  return rows;
}

/**
 * What the file changes of one item holding `held` (docs/spreadsheets.md, What an update writes): its values
 * outside repeaters are modified; per repeater whose sheet the file has, rows the item holds and the file does not
 * are deleted (a nested one by its whole path, and not when a row around it is deleted already, which takes it
 * along), rows both have are modified, the others added (the write completes the rows around a new one). A value it
 * already holds is no change, and neither is an empty cell of a field that holds no value (a required one included:
 * an import may leave an item incomplete, as the editor may), so an item imported with what it holds changes
 * nothing (no version, no history). A value in a language (a multilingual field's) is modified where the item holds
 * it, added where not, and left out where not held and empty.
 */
export function itemChanges(
  target: ImportTarget,
  index: TemplateIndex,
  repeaterIds: readonly string[],
  held: HeldValues,
): { deleteRows: TRowRef[]; add: TDataValue[]; modify: TDataValue[] } {
  const heldRows = heldRowsOf(index, repeaterIds, held);
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
  const depthOf = (id: string) => index.sections.get(id)?.repeaterPath.length ?? 0;
  // Outermost first, so a deleted row is known before the rows nested in it are looked at.
  const deleted = new Set<string>();
  for (const repeaterId of [...repeaterIds].sort((a, b) => depthOf(a) - depthOf(b))) {
    const rows = heldRows.get(repeaterId) ?? new Map<string, number[]>();
    const values = target.item.repeaterRows.get(repeaterId) ?? [];
    const fileRows = new Set(values.map(rowPathText));
    const enclosing = index.sections.get(repeaterId)?.repeaterPath.slice(0, -1) ?? [];
    for (const [pathText, path] of rows) {
      if (fileRows.has(pathText)) continue;
      const isInDeletedRow = enclosing.some((id, depth) => deleted.has(`${id}|${path.slice(0, depth + 1).join(".")}`));
      deleted.add(`${repeaterId}|${pathText}`);
      if (!isInDeletedRow) deleteRows.push({ dataSectionId: repeaterId, ...splitRowPath(path) });
    }
    for (const value of values) place(value, rows.has(rowPathText(value)));
  }
  return { deleteRows, add, modify };
}
