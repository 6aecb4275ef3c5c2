import { isListField } from "~/domain/field-options";
import { isRangeField } from "~/domain/range-value";
import type { TemplateIndex } from "~/domain/template-index";

/**
 * An owner's data values as the API answers them (answerDataValues, list-value.ts), written as JSON text by the
 * database: the array's text byte for byte as `JSON.stringify` writes the values the JavaScript assembly builds
 * (findStoredModel / readDataValues, then answerDataValues) — the same keys in the same order (value, dataSectionId,
 * dataFieldId, row, innerRows when nested, language when multilingual), the same order of values (section, field,
 * language, then row and inner rows), the same escaping (`to_json` of a text escapes exactly the characters
 * `JSON.stringify` does, for any text PostgreSQL can hold). A large owner's answer then crosses the driver as one
 * text and goes into the response as it is: no row per value decoded, no object per value built, no JSON written
 * by the app (docs/api.md, Lists and ranges in answers). tests/integration/answered-values-json.test.ts proves the equality.
 *
 * A list or range field answers its canonical stored text as it is (that text is already the JSON of the entries or
 * of `{min, max}`) and anything else as answeredValue does: a list that is not canonical as `[]`, a range that is
 * not as its text. Which fields are lists and ranges is the template's (isListField, isRangeField), handed to the
 * statement as parameters (ValueForms); whether a text is canonical is the regular expressions below, which accept
 * exactly what `JSON.stringify` writes for an array of strings or for `{min, max}`.
 */

/** One JSON string as JSON.stringify writes it: no escape but `\"`, `\\`, the short ones, and `\u00XX` for the other controls. */
const JSON_STRING = String.raw`"(?:[^"\\\x01-\x1f]|\\["\\bfnrt]|\\u00(?:0[0-7bef]|1[0-9a-f]))*"`;
const NON_EMPTY_JSON_STRING = `${JSON_STRING.slice(0, -2)}+"`;
/** encodeListValue's text: a non-empty array of strings. */
const CANONICAL_LIST = `^\\[${JSON_STRING}(?:,${JSON_STRING})*\\]$`;
/** encodeRange's text: both keys in order, each side null or a non-empty string, not both null. */
const CANONICAL_RANGE = `^\\{"min":(?:null|${NON_EMPTY_JSON_STRING}),"max":(?:null|${NON_EMPTY_JSON_STRING})\\}$`;
const NO_RANGE = `{"min":null,"max":null}`;

/** A text as an SQL string literal (standard_conforming_strings: a backslash is itself). */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The list and range fields of a template as parallel arrays (section, field, form), the statement's parameters;
 * and the sections a reader may see (undefined: all of them, a member's read).
 */
export type ValueForms = { sections: string[]; fields: string[]; forms: ("list" | "range")[]; open: string[] | null };

const formsByIndex = new WeakMap<TemplateIndex, Omit<ValueForms, "open">>();

/** The template's list and range fields (computed once per template index) and the sections open to this reader. */
export function valueForms(index: TemplateIndex, open: ReadonlySet<string> | undefined): ValueForms {
  let known = formsByIndex.get(index);
  if (!known) {
    known = { sections: [], fields: [], forms: [] };
    for (const [sectionId, entry] of index.sections) {
      for (const [fieldId, field] of entry.fields) {
        const form = isListField(field) ? "list" : isRangeField(field) ? "range" : undefined;
        if (!form) continue;
        known.sections.push(sectionId);
        known.fields.push(fieldId);
        known.forms.push(form);
      }
    }
    formsByIndex.set(index, known);
  }
  return { ...known, open: open ? [...open] : null };
}

/** The statement's parameters for ValueForms, in the order answeredValuesSql numbers them from `first`. */
export function valueFormParams(forms: ValueForms): unknown[] {
  return [forms.sections, forms.fields, forms.forms, forms.open];
}

/**
 * A scalar subquery: the JSON text of the answered values of the owner `ownerId` (an SQL expression) in `table`
 * keyed by `key`, without the array's brackets ('' for none). `first` is the number of the first of the four
 * parameters valueFormParams gives.
 */
export function answeredValuesSql(
  table: "data_value" | "item_data_value",
  key: "modelId" | "itemId",
  ownerId: string,
  first: number,
): string {
  const [sections, fields, forms, open] = [0, 1, 2, 3].map((offset) => `$${first + offset}`);
  const value = `CASE
      WHEN d."value" IS NULL THEN 'null'
      WHEN k."form" = 'list' THEN CASE WHEN d."value" ~ ${literal(CANONICAL_LIST)} THEN d."value" ELSE '[]' END
      WHEN k."form" = 'range' AND d."value" ~ ${literal(CANONICAL_RANGE)} AND d."value" <> ${literal(NO_RANGE)} THEN d."value"
      ELSE to_json(d."value")::text END`;
  // Per (section, field, language) group, then the groups in order: each group's rows are sorted on their own (a
  // few thousand at most, in memory), where one ORDER BY over all of them would sort the whole answer's text at once.
  return `COALESCE((
    SELECT string_agg(g."json", ',' ORDER BY g."s", g."f", g."l")
    FROM (
      SELECT d."dataSectionId" AS "s", d."dataFieldId" AS "f", d."language" AS "l", string_agg(
        '{"value":' || ${value} || ',"dataSectionId":"' || d."dataSectionId"::text || '","dataFieldId":"' || d."dataFieldId"::text
          || '","row":' || d."row"::text
          || CASE WHEN d."innerRows" = '' THEN ''
                  ELSE ',"innerRows":[' || array_to_string(string_to_array(rtrim(d."innerRows", '.'), '.')::int[], ',') || ']' END
          || CASE WHEN d."language" = '' THEN '' ELSE ',"language":' || to_json(d."language")::text END
          || '}',
        ',' ORDER BY d."row", d."innerRows") AS "json"
      FROM "${table}" AS d
      LEFT JOIN unnest(${sections}::uuid[], ${fields}::uuid[], ${forms}::text[]) AS k("s", "f", "form")
        ON k."s" = d."dataSectionId" AND k."f" = d."dataFieldId"
      WHERE d."${key}" = ${ownerId} AND (${open}::uuid[] IS NULL OR d."dataSectionId" = ANY(${open}::uuid[]))
      GROUP BY d."dataSectionId", d."dataFieldId", d."language"
    ) AS g
  ), '')`;
}
