/**
 * A range field's value (docs/field-options.md §Ranges): a min and a max of the field's one value type, either side
 * optional. Stored in the value slot of its (section, field, row) as canonical JSON text `{"min":…,"max":…}` — both
 * keys, in that order, each side a string or null — so that equal ranges are equal texts (change detection, history,
 * conflicts compare texts). A range with neither side is no value: it is stored as null, which is why completeness
 * (a stored value counts as filled) counts a range filled when either side is. At the API boundary the value is the
 * object itself. Pure.
 */
import { z } from "zod";
import { toDecimalString } from "~/domain/decimal";
import { type FieldOptionsSubject, readFieldOptions } from "~/domain/field-options";

/** A range field's value as the API answers it: either side null when not given. */
export const ZRangeValue = z.object({ min: z.string().nullable(), max: z.string().nullable() });
export type RangeSides = z.infer<typeof ZRangeValue>;

/** Whether the field holds ranges: its valid `range: "true"` option (field-options.ts). */
export function isRangeField(field: FieldOptionsSubject): boolean {
  return readFieldOptions(field).range === true;
}

/** The stored text of a range: canonical JSON, or null when neither side is given. */
export function encodeRange({ min, max }: RangeSides): string | null {
  if (min === null && max === null) return null;
  return JSON.stringify({ min, max });
}

/** The sides of a stored range text; undefined when the text is not the canonical form `encodeRange` writes. */
export function decodeRange(text: string): RangeSides | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const sides = rangeSidesOf(parsed, false);
  return sides !== undefined && encodeRange(sides) === text ? sides : undefined;
}

/**
 * The sides of a range as a client sends it: an object with `min` and/or `max` and no other key, each side a
 * string, null or absent (and, with `numbers`, a finite JSON number, stored as its decimal string). An empty string
 * is no side, as an empty cell is. Undefined when the value is not of that form.
 */
export function rangeSidesOf(value: unknown, numbers = true): RangeSides | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).some((key) => key !== "min" && key !== "max")) return undefined;
  const side = (v: unknown): string | null | undefined => {
    if (v === undefined || v === null || v === "") return null;
    if (typeof v === "string") return v;
    if (numbers && typeof v === "number" && Number.isFinite(v)) return toDecimalString(v);
    return undefined;
  };
  const min = side(record.min);
  const max = side(record.max);
  return min === undefined || max === undefined ? undefined : { min, max };
}

/** The separator of a range's one spreadsheet cell (docs/spreadsheets.md §Ranges): an en dash between spaces. */
export const RANGE_CELL_SEPARATOR = " – ";

/**
 * A stored range as its one spreadsheet cell: "10 – 20", "10 –" (min only), "– 20" (max only). A text side holding
 * an en dash itself would make the cell ambiguous: such a range is written as its stored JSON, which reads back too.
 */
export function rangeCellText(stored: string): string {
  const sides = decodeRange(stored);
  if (sides === undefined || [sides.min, sides.max].some((side) => side?.includes("–"))) return stored;
  if (sides.max === null) return `${sides.min ?? ""} –`;
  if (sides.min === null) return `– ${sides.max}`;
  return `${sides.min}${RANGE_CELL_SEPARATOR}${sides.max}`;
}

/**
 * A range cell read back into the stored form, each side through `readSide` (a number or date in the file's
 * locale); undefined when the cell has no en dash, so the write path refuses it as not a range. The first " – "
 * separates the sides, so a text side may hold a dash itself; a leading or trailing dash marks a one-sided range.
 */
export function rangeFromCell(cell: string, readSide: (text: string) => string): string | null | undefined {
  const text = cell.trim();
  if (text.startsWith("{")) return jsonRangeCell(text);
  const at = text.indexOf(RANGE_CELL_SEPARATOR);
  const side = (part: string) => (part.trim() === "" ? null : readSide(part.trim()));
  if (at >= 0) return encodeRange({ min: side(text.slice(0, at)), max: side(text.slice(at + RANGE_CELL_SEPARATOR.length)) });
  if (text.startsWith("–")) return encodeRange({ min: null, max: side(text.slice(1)) });
  if (text.endsWith("–")) return encodeRange({ min: side(text.slice(0, -1)), max: null });
  return undefined;
}

/** A cell holding a range's JSON form (`rangeCellText` writes one for text sides with an en dash). */
function jsonRangeCell(text: string): string | null | undefined {
  try {
    const sides = rangeSidesOf(JSON.parse(text));
    return sides === undefined ? undefined : encodeRange(sides);
  } catch {
    return undefined;
  }
}
