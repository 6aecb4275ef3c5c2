import type { TDataValue } from "~/domain/data-value";
import { rowPathText } from "~/domain/row-path";
import { fieldLevel, type OwnerLevel, rowSectionIds, type TemplateIndex } from "~/domain/template-index";

/**
 * What a row of a repeater contains: a value for every field of the owner's level (a model's or an item's) in the
 * repeater and its nested sections. The server completes every row it is sent; the editor asks for new rows with the values below.
 */

type Slot = { dataSectionId: string; dataFieldId: string };
type RowSlots = { list: Slot[]; at: Map<string, Map<string, number>> };

/** The fields one row of the repeater holds (not those of repeaters nested in it), in document order, and the position of each. */
function rowSlots(index: TemplateIndex, repeaterId: string, level: OwnerLevel): RowSlots {
  const list: Slot[] = [];
  const at: RowSlots["at"] = new Map();
  for (const sectionId of rowSectionIds(index, repeaterId)) {
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

type TouchedRow = { row: number; innerRows?: number[]; filled: boolean[] };

/**
 * `added` plus a null for every field of each repeater row the added values touch (in the repeater and the Groups in
 * it) that `added` does not hold, so every row is complete. A value in a nested repeater touches its row there and
 * the row around it at every level above, so a new inner row in a new outer row makes both. Request values come
 * first, then the fills, row by row in the order the rows first appear.
 */
export function completeRepeaterRows(index: TemplateIndex, added: readonly TDataValue[], level: OwnerLevel): TDataValue[] {
  // Each repeater's row is a fixed list of slots (section, field); a row is tracked as one flag per slot, so a bulk
  // request of whole rows is completed without building a key per value (outside nested repeaters).
  const slotsByRepeater = new Map<string, RowSlots>();
  const touched = new Map<string, Map<number | string, TouchedRow>>();
  const touch = (repeaterId: string, row: number, given: number[] | undefined): TouchedRow => {
    const innerRows = given && given.length > 0 ? given : undefined;
    let slots = slotsByRepeater.get(repeaterId);
    if (!slots) slotsByRepeater.set(repeaterId, (slots = rowSlots(index, repeaterId, level)));
    let rows = touched.get(repeaterId);
    if (!rows) touched.set(repeaterId, (rows = new Map<number | string, TouchedRow>()));
    const key = innerRows ? rowPathText({ row, innerRows }) : row;
    let entry = rows.get(key);
    if (!entry) {
      entry = { row, ...(innerRows && { innerRows }), filled: new Array<boolean>(slots.list.length).fill(false) };
      rows.set(key, entry);
    }
    return entry;
  };
  for (const v of added) {
    const path = index.sections.get(v.dataSectionId)?.repeaterPath;
    if (!path || path.length === 0) continue;
    // The rows around the value's own one, outermost first: each exists once the value does.
    for (let depth = 0; depth < path.length - 1; depth++) touch(path[depth] as string, v.row, v.innerRows?.slice(0, depth));
    const own = touch(path.at(-1) as string, v.row, v.innerRows);
    const slot = slotsByRepeater
      .get(path.at(-1) as string)
      ?.at.get(v.dataSectionId)
      ?.get(v.dataFieldId);
    if (slot !== undefined) own.filled[slot] = true;
  }
  const result = [...added];
  for (const [repeaterId, rows] of touched) {
    const slots = slotsByRepeater.get(repeaterId) as RowSlots;
    for (const { row, innerRows, filled } of rows.values()) {
      slots.list.forEach(({ dataSectionId, dataFieldId }, slot) => {
        if (!filled[slot]) result.push({ value: null, dataSectionId, dataFieldId, row, ...(innerRows && { innerRows }) });
      });
    }
  }
  return result;
}

/**
 * The values that create a row of a repeater at `row` (and `innerRows` in a nested one): null for each field of the
 * owner's level in the repeater itself; the server adds the nulls of the Groups in it. A repeater without fields of
 * its own names the first field of a Group in it instead, since a request needs at least one value. Undefined when
 * the repeater has no field of that level in its row at all, so no row can exist.
 */
export function newRowAt(
  index: TemplateIndex,
  repeaterId: string,
  row: number,
  level: OwnerLevel,
  innerRows?: number[],
): TDataValue[] | undefined {
  const slots = rowSlots(index, repeaterId, level).list;
  const own = slots.filter((slot) => slot.dataSectionId === repeaterId);
  const named = own.length > 0 ? own : slots.slice(0, 1);
  if (named.length === 0) return undefined;
  return named.map((slot) => ({ value: null, ...slot, row, ...(innerRows && innerRows.length > 0 && { innerRows }) }));
}
