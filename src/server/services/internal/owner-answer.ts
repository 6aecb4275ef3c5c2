import type { PartnerAccess } from "~/domain/actor";
import { JsonAnswer } from "~/domain/json-answer";
import { answeredValue } from "~/domain/list-value";
import { decodeInnerRows } from "~/domain/row-path";
import { findField, type TemplateIndex } from "~/domain/template-index";

/**
 * One group of an owner's values as its read statement gives them (FIND_MODEL_SQL, the item's): section, field,
 * language, and the rows, values and (only when a value has any) inner rows in row order.
 */
export type ValueGroupRow = [s: string, f: string, l: string, r: number[], v: (string | null)[], i: string[] | null];

/**
 * The owner's values per group as SQL for the read statements, `table` aliased inside, its owner column `key` equal
 * to `ownerId` (an SQL expression): a JSON array of ValueGroupRow in the order of readDataValues (section, field,
 * language), null for none. A few dozen groups cross the driver instead of a row per value.
 */
export function valueGroupsSql(table: "data_value" | "item_data_value", key: "modelId" | "itemId", ownerId: string): string {
  return `(
           SELECT json_agg(json_build_array(g."s", g."f", g."language", g."r", g."v", g."i")
                           ORDER BY g."dataSectionId", g."dataFieldId", g."language")
           FROM (
             SELECT "dataSectionId", "dataFieldId", "language", "dataSectionId"::text AS "s", "dataFieldId"::text AS "f",
                    array_agg("row" ORDER BY "row", "innerRows") AS "r", array_agg("value" ORDER BY "row", "innerRows") AS "v",
                    CASE WHEN max("innerRows") = '' THEN NULL ELSE array_agg("innerRows" ORDER BY "row", "innerRows") END AS "i"
             FROM "${table}" WHERE "${key}" = ${ownerId}
             GROUP BY "dataSectionId", "dataFieldId", "language"
           ) AS g
         ) AS "valueGroups"`;
}

/**
 * The owner's unique product identifiers as the contract lists them (oldest first), a JSON column of a read
 * statement; `key` the identifier's column naming the owner, `ownerId` the owner's id as an SQL expression.
 */
export function identifiersSql(key: "modelId" | "itemId", ownerId: string): string {
  return `COALESCE((
           SELECT json_agg(json_build_object('uuid', u."uuid", 'value', u."value") ORDER BY u."createdAt")
           FROM "unique_product_identifier" AS u WHERE u."${key}" = ${ownerId}
         ), '[]'::json) AS "uniqueProductIdentifiers"`;
}

/**
 * The answered values (answerDataValues, list-value.ts) of these groups as the text of a JSON array's elements,
 * written straight from the groups: byte for byte what `JSON.stringify` writes for the values the JavaScript
 * assembly builds (findStoredModel or readDataValues, then answerDataValues) — keys in their order (value,
 * dataSectionId, dataFieldId, row, innerRows when nested, language when multilingual), values in the groups' order,
 * each value through answeredValue, the one conversion — without an object per value, nor a generic serializer
 * walking them (answered-values-json.test.ts proves the equality). Only the sections in `open`, when given (a
 * partner's granted ones, docs/partners.md).
 */
export function answeredValuesText(
  index: TemplateIndex,
  groups: readonly ValueGroupRow[] | null,
  open: ReadonlySet<string> | undefined,
): string {
  const values: string[] = [];
  for (const [s, f, l, r, v, inner] of groups ?? []) {
    if (open && !open.has(s)) continue;
    const field = findField(index, s, f);
    const place = `,"dataSectionId":${JSON.stringify(s)},"dataFieldId":${JSON.stringify(f)},"row":`;
    const end = l === "" ? "}" : `,"language":${JSON.stringify(l)}}`;
    for (let i = 0; i < r.length; i++) {
      const stored = v[i] ?? null;
      const value = field === undefined ? stored : answeredValue(field, stored);
      const innerRows = inner ? decodeInnerRows(inner[i] as string) : undefined;
      const nested = innerRows ? `,"innerRows":${JSON.stringify(innerRows)}` : "";
      values.push(`{"value":${JSON.stringify(value)}${place}${r[i]}${nested}${end}`);
    }
  }
  return values.join(",");
}

/**
 * An owner's answer in two parts: its own keys as JavaScript writes them (`summary`, TModelSummary or TItemSummary),
 * which a write patches with its version bump, and its data values' JSON text (answeredValuesText).
 */
export type OwnerAnswerParts<S extends { version: number }> = { summary: S; values: string };

/** The answer's text: the summary's keys, then `dataValues` — the key order of the contract's Model and Item. */
export function jsonAnswer({ summary, values }: OwnerAnswerParts<{ version: number }>): JsonAnswer {
  return new JsonAnswer(`${JSON.stringify(summary).slice(0, -1)},"dataValues":[${values}]}`, summary.version);
}

/** Who reads an owner's answer: in which organization (absent inside a write, which has checked it), as a partner or not. */
export type AnswerReader = { organizationId?: string; partner: PartnerAccess | undefined };
