import type { Actor } from "~/domain/actor";
import { storedLanguage, type TDataValue } from "~/domain/data-value";
import { encodeInnerRows } from "~/domain/row-path";
import { historyVia } from "~/domain/history";
import type { Tx } from "~/server/db/transaction";

/** One value of one item, flattened for `unnest`: the item's index in the write's list, then the triple and value. */
export type ItemValue = TDataValue & { item: number };

/** The value places a set-based write of many items names, each part flattened over all items. */
export type ManyItemsParts = {
  /**
   * Repeater rows to delete, one per section of the repeater (the caller expands a row to its sections); a nested
   * repeater's row also by its inner rows, which every value inside it starts with.
   */
  deletes: { item: number; dataSectionId: string; row: number; innerRows?: number[] }[];
  /** Values to insert: the request's adds, which must be free. */
  adds: ItemValue[];
  /** Null fills completing the added rows (completeRepeaterRows): inserted where free. */
  fills: ItemValue[];
  /** Values to set on existing places; a place equal already changes nothing. */
  modifies: ItemValue[];
};

export type ManyItemsCounts = { takenAdds: number; matched: number; changedItems: number };

function unnestArgs(itemIds: readonly string[], values: readonly ItemValue[]) {
  const items: string[] = [];
  const sections: string[] = [];
  const fields: string[] = [];
  const rows: number[] = [];
  const innerRows: string[] = [];
  const languages: string[] = [];
  const texts: (string | null)[] = [];
  for (const v of values) {
    items.push(itemIds[v.item] as string);
    sections.push(v.dataSectionId);
    fields.push(v.dataFieldId);
    rows.push(v.row);
    innerRows.push(encodeInnerRows(v.innerRows));
    languages.push(storedLanguage(v));
    texts.push(v.value);
  }
  return { items, sections, fields, rows, innerRows, languages, texts };
}

/**
 * Writes the values of many items of one model in ONE statement (write-passport-data.ts, writeManyItemsDataIn): the
 * deletes, adds (with their fills) and modifies as data-modifying CTEs over `unnest`ed arrays, then one history row
 * per item that changed (its value changes as the parallel arrays of passport_change, the same record a single
 * write leaves, change-record.ts), then the version (ETag) and update time of exactly those items. An item that
 * changed nothing gets neither. The parts must name disjoint places (all CTEs see the statement's one snapshot):
 * the import builds them so. The passport epochs follow from the database's triggers, as for every write.
 */
export async function writeManyItemValues(
  tx: Tx,
  context: { actor: Actor; organizationId: string; modelId: string; itemIds: readonly string[] },
  parts: ManyItemsParts,
): Promise<ManyItemsCounts> {
  const { actor, organizationId, modelId, itemIds } = context;
  const del = unnestArgs(
    itemIds,
    parts.deletes.map((d) => ({ ...d, dataFieldId: "", value: null })),
  );
  const add = unnestArgs(itemIds, [...parts.adds, ...parts.fills]);
  const addCount = parts.adds.length;
  const mod = unnestArgs(itemIds, parts.modifies);
  const [counts] = await tx.$queryRaw<ManyItemsCounts[]>`
    WITH "addIn" AS (
      SELECT t.i, t.s, t.f, t.r, t.ir, t.l, t.v, t.o FROM unnest(${add.items}::uuid[], ${add.sections}::uuid[],
        ${add.fields}::uuid[], ${add.rows}::int[], ${add.innerRows}::text[], ${add.languages}::text[], ${add.texts}::text[])
        WITH ORDINALITY AS t(i, s, f, r, ir, l, v, o)
    ), "taken" AS (
      SELECT count(*) AS n FROM "addIn" AS a JOIN "item_data_value" AS d
        ON d."itemId" = a.i AND d."dataSectionId" = a.s AND d."dataFieldId" = a.f AND d."row" = a.r
          AND d."innerRows" = a.ir AND d."language" = a.l
      WHERE a.o <= ${addCount}
    ), "deleted" AS (
      DELETE FROM "item_data_value" AS d
      USING unnest(${del.items}::uuid[], ${del.sections}::uuid[], ${del.rows}::int[], ${del.innerRows}::text[]) AS t(i, s, r, p)
      WHERE d."itemId" = t.i AND d."dataSectionId" = t.s AND d."row" = t.r AND left(d."innerRows", length(t.p)) = t.p
      RETURNING d."itemId" AS i, d."dataSectionId" AS s, d."dataFieldId" AS f, d."row" AS r, d."innerRows" AS ir,
        d."language" AS l, 'delete'::"ValueChangeKind" AS k, d."value" AS o, NULL::text AS n
    ), "inserted" AS (
      INSERT INTO "item_data_value" ("itemId", "dataSectionId", "dataFieldId", "row", "innerRows", "language", "value")
      SELECT a.i, a.s, a.f, a.r, a.ir, a.l, a.v FROM "addIn" AS a
      ON CONFLICT DO NOTHING
      RETURNING "itemId" AS i, "dataSectionId" AS s, "dataFieldId" AS f, "row" AS r, "innerRows" AS ir, "language" AS l,
        'add'::"ValueChangeKind" AS k, NULL::text AS o, "value" AS n
    ), "matched" AS (
      SELECT d."itemId" AS i, d."dataSectionId" AS s, d."dataFieldId" AS f, d."row" AS r, d."innerRows" AS ir,
        d."language" AS l, d."value" AS ov, t.v AS nv
      FROM "item_data_value" AS d
      JOIN unnest(${mod.items}::uuid[], ${mod.sections}::uuid[], ${mod.fields}::uuid[], ${mod.rows}::int[],
        ${mod.innerRows}::text[], ${mod.languages}::text[], ${mod.texts}::text[]) AS t(i, s, f, r, ir, l, v)
        ON d."itemId" = t.i AND d."dataSectionId" = t.s AND d."dataFieldId" = t.f AND d."row" = t.r
          AND d."innerRows" = t.ir AND d."language" = t.l
    ), "modified" AS (
      UPDATE "item_data_value" AS d SET "value" = m.nv FROM "matched" AS m
      WHERE d."itemId" = m.i AND d."dataSectionId" = m.s AND d."dataFieldId" = m.f AND d."row" = m.r
        AND d."innerRows" = m.ir AND d."language" = m.l AND m.ov IS DISTINCT FROM m.nv
      RETURNING m.i, m.s, m.f, m.r, m.ir, m.l, 'modify'::"ValueChangeKind" AS k, m.ov AS o, m.nv AS n
    ), "changes" AS (
      SELECT * FROM "deleted" UNION ALL SELECT * FROM "inserted" UNION ALL SELECT * FROM "modified"
    ), "history" AS (
      INSERT INTO "passport_change" ("organizationId", "ownerKind", "modelId", "itemId", "userId", "apiKeyId", "via",
        "valueSectionIds", "valueFieldIds", "valueRows", "valueInnerRows", "valueLanguages", "valueKinds", "oldValues",
        "newValues")
      SELECT ${organizationId}, 'item'::"PassportOwnerKind", ${modelId}::uuid, c.i, ${actor.userId},
        ${actor.apiKeyId ?? null}, ${historyVia(actor)}::"ChangeVia",
        array_agg(c.s), array_agg(c.f), array_agg(c.r), array_agg(c.ir), array_agg(c.l), array_agg(c.k), array_agg(c.o),
        array_agg(c.n)
      FROM "changes" AS c GROUP BY c.i
      RETURNING "itemId"
    ), "touched" AS (
      UPDATE "item" SET "version" = "version" + 1, "updatedAt" = now()
      WHERE "id" IN (SELECT "itemId" FROM "history")
      RETURNING "id"
    )
    SELECT (SELECT n FROM "taken")::int AS "takenAdds", (SELECT count(*) FROM "matched")::int AS "matched",
      (SELECT count(*) FROM "touched")::int AS "changedItems"`;
  return counts ?? { takenAdds: 0, matched: 0, changedItems: 0 };
}
