import type { DataValueTriple } from "~/domain/data-value";
import { isMultilingual, readFieldOptions } from "~/domain/field-options";
import { splitRowPath } from "~/domain/row-path";
import { readSectionOptions } from "~/domain/section-options";
import {
  fieldLevel,
  isRepeatable,
  type OwnerLevel,
  repeaterSectionIds,
  type SectionEntry,
  type TemplateIndex,
} from "~/domain/template-index";

/**
 * How complete passport data is: of the values of `required` fields (one per field outside repeaters, one per field
 * and row inside them), how many are filled; and a repeater's `minRows` counts like that many required values, one
 * filled per row it has (at most `minRows`). Saving incomplete data stays allowed (work in progress); this only
 * counts (docs/data-model.md, "Completeness").
 *
 * The rule is one walk, `requiredSlots`: the editor counts its draft with it (per section, in document order, for
 * "Jump to next missing"), and the models list's set-based count in the database takes its fields and row minimums
 * from the same walk (`requiredFields`, `rowMinimums`), so the two cannot count different things.
 */
export type TCompleteness = {
  filled: number;
  required: number;
  /** The required multilingual fields lacking a published language in some row, with those languages; absent when none. */
  missingLanguages?: TMissingLanguages[];
};

export type TMissingLanguages = { dataSectionId: string; dataFieldId: string; languages: string[] };

/**
 * One thing completeness counts: a required field's value in one row, or one of the rows a repeater's minRows asks.
 * A multilingual field's value counts as one slot, filled only when every published language is (docs/languages.md).
 */
export type RequiredSlot =
  | ({ kind: "value"; multilingual?: true } & DataValueTriple)
  | {
      kind: "row";
      repeaterId: string;
      /** The whole path of the parent row a nested repeater's rows are counted in; absent for an outermost one. */
      parentRows?: number[];
      /** 0-based: the repeater needs more than this many rows. */
      position: number;
    };

/**
 * The rows a repeater has now (row numbers; a repeater that has none answers []): a nested repeater's rows inside
 * one parent row, named by that row's whole path (empty for an outermost repeater).
 */
export type RowsOf = (repeaterId: string, parentRows: readonly number[]) => readonly number[];

/**
 * The characters that are not content (docs/data-model.md §Completeness): Unicode white space (every character
 * JavaScript's trim() removes, and NEL, U+0085) and the invisible separators a paste brings along — zero width space
 * (U+200B), word joiner (U+2060), the Mongolian vowel separator (U+180E) and the byte order mark (U+FEFF). Ranges of
 * code points, inclusive.
 */
const BLANK_CODE_POINTS: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x180e, 0x180e],
  [0x2000, 0x200b],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x2060],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

const escaped = (codePoint: number) => `\\u${codePoint.toString(16).padStart(4, "0")}`;

/**
 * A regular expression matching text that holds content: one character outside BLANK_CODE_POINTS. Written with
 * `\uXXXX` escapes, which JavaScript and PostgreSQL's regular expressions read alike, so the models list's SQL
 * (`"value" ~ FILLED_PATTERN`, model-completeness.ts) and isFilled are the same rule.
 */
export const FILLED_PATTERN = `[^${BLANK_CODE_POINTS.map(([from, to]) => (from === to ? escaped(from) : `${escaped(from)}-${escaped(to)}`)).join("")}]`;

const FILLED = new RegExp(FILLED_PATTERN);

/** A value counts as filled when it holds something other than the blank characters (FILLED_PATTERN). */
export function isFilled(value: string | null): boolean {
  return value !== null && FILLED.test(value);
}

/**
 * The sections an owner counts, as its editor shows them: a model leaves out Item-level sections with everything
 * inside them (they describe individual items); an item counts only its Item-level fields, wherever they are.
 */
function countedEntry(index: TemplateIndex, level: OwnerLevel, sectionId: string): SectionEntry | undefined {
  const entry = index.sections.get(sectionId);
  if (!entry || (level === "Model" && entry.section.granularityLevel === "Item")) return undefined;
  return entry;
}

/**
 * What a section counts inside the row at `path` (the whole path of the repeater rows around it, empty outside
 * repeaters; a repeater: over all of its rows there, then one slot per row its `minRows` asks for), its own required
 * fields first, then its nested sections', in document order — a nested repeater's in each row of its parent.
 * `visited` guards against a corrupt template whose sections nest in a cycle.
 */
export function requiredSlots(
  index: TemplateIndex,
  level: OwnerLevel,
  sectionId: string,
  path: readonly number[],
  rowsOf: RowsOf,
  visited: ReadonlySet<string> = new Set(),
): RequiredSlot[] {
  const entry = countedEntry(index, level, sectionId);
  if (!entry || visited.has(sectionId)) return [];
  const inside = new Set(visited).add(sectionId);
  const rowSlots = (at: readonly number[]): RequiredSlot[] => [
    ...[...entry.fields.values()]
      .filter((field) => readFieldOptions(field).required && fieldLevel(entry, field) === level)
      .map((field): RequiredSlot => ({
        kind: "value",
        dataSectionId: sectionId,
        dataFieldId: field.id,
        // Outside repeaters a value's row is 0.
        ...splitRowPath(at.length > 0 ? at : [0]),
        ...(isMultilingual(field) && { multilingual: true as const }),
      })),
    ...entry.section.subSections.flatMap((childId) => requiredSlots(index, level, childId, at, rowsOf, inside)),
  ];
  if (!isRepeatable(entry.section)) return rowSlots(path);
  const { minRows = 0 } = readSectionOptions(entry.section);
  const parent = path.length > 0 ? { parentRows: [...path] } : {};
  const minimum = holdsFieldsOf(index, level, sectionId)
    ? Array.from({ length: minRows }, (_, position): RequiredSlot => ({ kind: "row", repeaterId: sectionId, ...parent, position }))
    : [];
  return [...rowsOf(sectionId, path).flatMap((row) => rowSlots([...path, row])), ...minimum];
}

/** Every slot of the owner's data, in document order. */
export function allRequiredSlots(index: TemplateIndex, level: OwnerLevel, rowsOf: RowsOf): RequiredSlot[] {
  return index.rootSectionIds.flatMap((id) => requiredSlots(index, level, id, [], rowsOf));
}

/** Only a repeater that shows fields of this owner holds its rows, so only then do its minRows count. */
function holdsFieldsOf(index: TemplateIndex, level: OwnerLevel, repeaterId: string): boolean {
  return repeaterSectionIds(index, repeaterId).some((id) => {
    const entry = countedEntry(index, level, id);
    return entry !== undefined && [...entry.fields.values()].some((field) => fieldLevel(entry, field) === level);
  });
}

/**
 * Whether a slot is filled: its value holds something (a multilingual field's, in each of `languages`, the published
 * ones), or the repeater has the row a row slot needs. Without `languages` a multilingual value is looked up as sent.
 */
export function isSlotFilled(
  slot: RequiredSlot,
  valueOf: (triple: DataValueTriple) => string | null,
  rowsOf: RowsOf,
  languages?: readonly string[],
): boolean {
  if (slot.kind === "row") return rowsOf(slot.repeaterId, slot.parentRows ?? []).length > slot.position;
  if (slot.multilingual && languages) return missingLanguages(languages, (language) => valueOf({ ...slot, language })).length === 0;
  return isFilled(valueOf(slot));
}

/** The published languages a multilingual value lacks (not filled), in the published order. */
export function missingLanguages(published: readonly string[], valueIn: (language: string) => string | null): string[] {
  return published.filter((language) => !isFilled(valueIn(language)));
}

/** The walk with one row in every repeater: each slot of a template's rule once, rows aside. */
const ONE_ROW: RowsOf = () => [0];

/** The required fields of the owner's level in a template, as (section, field) pairs: the walk's value slots. */
export function requiredFields(
  index: TemplateIndex,
  level: OwnerLevel,
): { dataSectionId: string; dataFieldId: string; multilingual?: true }[] {
  return allRequiredSlots(index, level, ONE_ROW).flatMap((slot) =>
    slot.kind === "value"
      ? [
          {
            dataSectionId: slot.dataSectionId,
            dataFieldId: slot.dataFieldId,
            ...(slot.multilingual && { multilingual: slot.multilingual }),
          },
        ]
      : [],
  );
}

/**
 * The repeaters whose `minRows` count for the owner (the walk's row slots), with the sections whose values make up a
 * row (what the database counts rows by).
 */
export function rowMinimums(index: TemplateIndex, level: OwnerLevel): { repeaterId: string; sectionIds: string[]; minRows: number }[] {
  const minRows = new Map<string, number>();
  for (const slot of allRequiredSlots(index, level, ONE_ROW)) {
    if (slot.kind === "row") minRows.set(slot.repeaterId, slot.position + 1);
  }
  return [...minRows].map(([repeaterId, rows]) => ({ repeaterId, sectionIds: repeaterSectionIds(index, repeaterId), minRows: rows }));
}
