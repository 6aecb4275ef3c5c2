import type { TDataValue } from "~/domain/data-value";
import { fieldLevel, type OwnerLevel, repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";

/**
 * What a row of a repeater contains: a value for every field of the owner's level (a model's or an item's) in the
 * repeater and its nested sections. The server completes every row it is sent; the editor asks for new rows with the values below.
 */

type Slot = { dataSectionId: string; dataFieldId: string };
type RowSlots = { list: Slot[]; at: Map<string, Map<string, number>> };

/** The fields one row of the repeater holds, in document order, and the position of each. */
function rowSlots(index: TemplateIndex, repeaterId: string, level: OwnerLevel): RowSlots {
  const list: Slot[] = [];
  const at: RowSlots["at"] = new Map();
  for (const sectionId of repeaterSectionIds(index, repeaterId)) {
    const entry = index.sections.get(sectionId);
    if (!entry) continue;
    const bySection = new Map<string, number>();
    at.set(sectionId, bySection);
    for (const field of entry.fields.values()) {
      if (fieldLevel(entry, field) !== level) continue;
      bySection.set(field.id, list.length);
      list.push({ dataSectionId: sectionId, dataFieldId: field.id });
    }
  }
  return { list, at };
}

/**
 * `added` plus a null for every field of each repeater row the added values touch (in the repeater and its nested
 * sections) that `added` does not hold, so every row is complete. Request values come first, then the fills, row by
 * row in the order the rows first appear.
 */
export function completeRepeaterRows(index: TemplateIndex, added: readonly TDataValue[], level: OwnerLevel): TDataValue[] {
  // Each repeater's row is a fixed list of slots (section, field); a row is tracked as one flag per slot, so a bulk
  // request of whole rows is completed without building a key per value.
  const slotsByRepeater = new Map<string, RowSlots>();
  const touched = new Map<string, Map<number, boolean[]>>();
  for (const v of added) {
    const repeaterId = index.sections.get(v.dataSectionId)?.repeaterId ?? null;
    if (repeaterId === null) continue;
    let slots = slotsByRepeater.get(repeaterId);
    if (!slots) slotsByRepeater.set(repeaterId, (slots = rowSlots(index, repeaterId, level)));
    let rows = touched.get(repeaterId);
    if (!rows) touched.set(repeaterId, (rows = new Map<number, boolean[]>()));
    let filled = rows.get(v.row);
    if (!filled) rows.set(v.row, (filled = new Array<boolean>(slots.list.length).fill(false)));
    const slot = slots.at.get(v.dataSectionId)?.get(v.dataFieldId);
    if (slot !== undefined) filled[slot] = true;
  }
  const result = [...added];
  for (const [repeaterId, rows] of touched) {
    const slots = slotsByRepeater.get(repeaterId) as RowSlots;
    for (const [row, filled] of rows) {
      slots.list.forEach(({ dataSectionId, dataFieldId }, slot) => {
        if (!filled[slot]) result.push({ value: null, dataSectionId, dataFieldId, row });
      });
    }
  }
  return result;
}

/**
 * The values that create a row of a repeater at `row`: null for each field of the owner's level in the repeater
 * itself; the server adds the nulls of the nested sections. A repeater without fields of its own names the first
 * field of a nested section instead, since a request needs at least one value. Undefined when the repeater has no
 * field of that level at all, so no row can exist.
 */
export function newRowAt(index: TemplateIndex, repeaterId: string, row: number, level: OwnerLevel): TDataValue[] | undefined {
  const slots = rowSlots(index, repeaterId, level).list;
  const own = slots.filter((slot) => slot.dataSectionId === repeaterId);
  const named = own.length > 0 ? own : slots.slice(0, 1);
  if (named.length === 0) return undefined;
  return named.map((slot) => ({ value: null, ...slot, row }));
}
