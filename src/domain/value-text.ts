import { type FieldOptionsSubject, isListField, isYesNoField, readFieldOptions } from "~/domain/field-options";
import { formatLocaleNumber } from "~/domain/languages/locale-number";
import { formatLocaleValue, localeKind, parseLocaleValue } from "~/domain/languages/locale-value";
import { decodeListValue } from "~/domain/list-value";
import { decodeRange, isRangeField, type RangeSides } from "~/domain/range-value";

/**
 * How a stored value reads as text wherever it is shown, not edited (the public passport page, the desk table's cells,
 * the model's values beside an item): a list by its entries, a range as "10 – 20", "from 10" or "up to 20" — one rule,
 * so the passport and the app never disagree (docs/field-options.md §Lists, §Ranges). The words of a range come from
 * the caller's catalogue (`publicPassport.range…`); each entry or side is written by `single` — in the places a
 * reader reads (the passport page, the model's values, the editor's table cells), singleValueText: a choice by its
 * label, a number or date in the reader's locale. Where a value is typed as text in a table, it is edited and copied
 * as cellEditText writes it and read back by cellStoredValue.
 */

export type RangeWords = {
  both: (sides: { min: string; max: string }) => string;
  from: (sides: { min: string }) => string;
  to: (sides: { max: string }) => string;
};

/** The words of a yes/no field's two choices in the reader's language (`publicPassport.choiceYes`, `choiceNo`). */
export type ChoiceWords = { yes: string; no: string };

/** Every word a value is shown with: a range's and a yes/no choice's. */
export type ValueWords = RangeWords & ChoiceWords;

/** A field whose choices may carry labels in the reader's language (`localizeTemplate`), in choice order. */
type ChoiceSubject = FieldOptionsSubject & { choiceLabels?: readonly string[] };

/**
 * How a stored choice reads: the template's label for it in the reader's language where it has one, "Yes" or "No"
 * for a yes/no field's `true` and `false` (isYesNoField), else the code as stored.
 */
export function choiceText(field: ChoiceSubject, code: string, words: ChoiceWords): string {
  const choices = readFieldOptions(field).choices ?? [];
  const label = field.choiceLabels?.[choices.indexOf(code)];
  // localizeTemplate gives a choice without a label its code; that is no label.
  if (label !== undefined && label !== code) return label;
  if (isYesNoField(field) && (code === "true" || code === "false")) return code === "true" ? words.yes : words.no;
  return code;
}

/**
 * How one stored value (a whole value, a list's entry or a range's side) reads where a reader reads it: a choice by
 * choiceText, a number or a date in `locale`'s form (formatLocaleValue), anything else as stored.
 */
export function singleValueText(field: ChoiceSubject, value: string, words: ChoiceWords, locale: string): string {
  return readFieldOptions(field).choices === undefined ? formatLocaleValue(field, value, locale) : choiceText(field, value, words);
}

/** Between a list's entries on one line. */
export const ENTRY_SEPARATOR = "; ";

/** A range's sides as words: both, or the one side given. */
export function rangeText({ min, max }: RangeSides, words: RangeWords, single: (side: string) => string = (side) => side): string {
  if (min !== null && max !== null) return words.both({ min: single(min), max: single(max) });
  if (min !== null) return words.from({ min: single(min) });
  return words.to({ max: single(max ?? "") });
}

/**
 * A stored value as one line of text: a list field's entries each through `single`, joined by ENTRY_SEPARATOR; a range
 * field's through rangeText; anything else through `single`. Text that is not the field's stored form (a draft being
 * typed) is shown as it is.
 */
export function storedValueText(
  field: FieldOptionsSubject,
  stored: string,
  words: RangeWords,
  single: (text: string) => string = (text) => text,
): string {
  if (isListField(field)) {
    const entries = decodeListValue(stored);
    return entries ? entries.map(single).join(ENTRY_SEPARATOR) : stored;
  }
  if (isRangeField(field)) {
    const sides = decodeRange(stored);
    return sides ? rangeText(sides, words, single) : stored;
  }
  return single(stored);
}

/**
 * The text a single value is edited and copied as in a table cell (the repeater grid), which cellStoredValue reads
 * back: a choice as its label or a yes/no field's word (choiceText), a number in `locale`'s form as a number input
 * shows it; a date, a date and time, and any text as stored (each locale's own form is typed too, not shown: the
 * medium style a cell shows, "31 Mar 2025", is not one a person types). A list or a range is its own editor's.
 */
export function cellEditText(field: ChoiceSubject, stored: string, words: ChoiceWords, locale: string): string {
  if (isListField(field) || isRangeField(field)) return stored;
  if (readFieldOptions(field).choices !== undefined) return choiceText(field, stored, words);
  return localeKind(field) === "number" ? formatLocaleNumber(stored, locale) : stored;
}

/**
 * The stored form of text typed or pasted into a table cell under `locale`: a choice's label in the reader's language
 * (case ignored) as its code, anything else by parseLocaleValue (a number or date as the locale writes it, a yes/no
 * word in English, German or French, or the stored form); the text itself when it reads as none, so that the cell's
 * check refuses it with its reason. A list or a range is its own editor's, taken as it is.
 */
export function cellStoredValue(field: ChoiceSubject, text: string, locale: string): string {
  if (isListField(field) || isRangeField(field)) return text;
  const choices = readFieldOptions(field).choices;
  const typed = text.trim().toLowerCase();
  const labelled = field.choiceLabels?.findIndex((label) => label.toLowerCase() === typed) ?? -1;
  if (choices !== undefined && labelled >= 0 && choices[labelled] !== undefined) return choices[labelled];
  return parseLocaleValue(field, text, locale) ?? text;
}
