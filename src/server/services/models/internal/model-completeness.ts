import { FILLED_PATTERN, requiredFields, rowMinimums, type TCompleteness, type TMissingLanguages } from "~/domain/completeness";
import type { Tx } from "~/server/db/transaction";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/**
 * How complete each model is (`completeness.ts`), for a page of the models list: one statement for the required
 * fields of the whole page and, when a template has repeaters with `minRows`, one for their row counts. The required
 * fields and row minimums of each template come from its cached index; the database counts, per model, the values of
 * those fields and how many hold more than white space, and the rows of those repeaters. A required field counts once
 * per row it has a value in (new rows are completed with nulls), whatever its languages: a multilingual one is filled
 * when every published language holds more than white space (docs/languages.md).
 */
export async function modelCompleteness(
  db: Tx,
  models: readonly { id: string; templateId: string }[],
  publishedLanguages: readonly string[],
): Promise<Map<string, TCompleteness>> {
  const result = new Map<string, TCompleteness>(models.map((m) => [m.id, { filled: 0, required: 0 }]));
  const required = { templates: [] as string[], sections: [] as string[], fields: [] as string[], multilingual: [] as boolean[] };
  const minimums = { templates: [] as string[], repeaters: [] as string[], sections: [] as string[], minRows: [] as number[] };
  for (const templateId of new Set(models.map((m) => m.templateId))) {
    const index = await loadTemplateIndex(db, templateId);
    for (const pair of requiredFields(index, "Model")) {
      required.templates.push(templateId);
      required.sections.push(pair.dataSectionId);
      required.fields.push(pair.dataFieldId);
      required.multilingual.push(pair.multilingual === true);
    }
    for (const { repeaterId, sectionIds, minRows } of rowMinimums(index, "Model")) {
      for (const sectionId of sectionIds) {
        minimums.templates.push(templateId);
        minimums.repeaters.push(repeaterId);
        minimums.sections.push(sectionId);
        minimums.minRows.push(minRows);
      }
    }
  }
  const add = (id: string, filled: number, needed: number, missing: TMissingLanguages[] = []) => {
    const count = result.get(id);
    if (!count) return;
    const missingLanguages = [...(count.missingLanguages ?? []), ...missing];
    result.set(id, {
      filled: count.filled + filled,
      required: count.required + needed,
      ...(missingLanguages.length > 0 && { missingLanguages }),
    });
  };
  if (required.templates.length > 0) {
    // One place per (field, row) whatever its languages: a multilingual one is filled when every published language
    // is; the languages lacking in any row are named per field.
    const rows = await db.$queryRaw<{ id: string; required: number; filled: number; missing: TMissingLanguages[] | null }[]>`
      WITH "place" AS (
        SELECT m."id", r.s, r.f, d."row", bool_or(r.ml) AS ml,
               bool_or(d."language" = '' AND d."value" ~ ${FILLED_PATTERN}) AS "plainFilled",
               coalesce(array_agg(d."language") FILTER (WHERE d."language" <> '' AND d."value" ~ ${FILLED_PATTERN}), '{}') AS "langs"
        FROM unnest(${models.map((m) => m.id)}::uuid[], ${models.map((m) => m.templateId)}::uuid[]) AS m("id", "templateId")
        JOIN unnest(${required.templates}::uuid[], ${required.sections}::uuid[], ${required.fields}::uuid[],
                    ${required.multilingual}::boolean[]) AS r(t, s, f, ml)
          ON r.t = m."templateId"
        JOIN "data_value" AS d ON d."modelId" = m."id" AND d."dataSectionId" = r.s AND d."dataFieldId" = r.f
        GROUP BY m."id", r.s, r.f, d."row"
      ), "missing" AS (
        SELECT p."id", p.s, p.f, array_agg(DISTINCT l ORDER BY l) AS "languages"
        FROM "place" AS p CROSS JOIN LATERAL unnest(${[...publishedLanguages]}::text[]) AS l
        WHERE p.ml AND NOT l = ANY(p."langs")
        GROUP BY p."id", p.s, p.f
      )
      SELECT p."id"::text AS "id", count(*)::int AS "required",
             count(*) FILTER (WHERE CASE WHEN p.ml THEN ${[...publishedLanguages]}::text[] <@ p."langs" ELSE p."plainFilled" END)::int
               AS "filled",
             (SELECT json_agg(json_build_object('dataSectionId', x.s, 'dataFieldId', x.f, 'languages', x."languages")
                              ORDER BY x.s, x.f)
              FROM "missing" AS x WHERE x."id" = p."id") AS "missing"
      FROM "place" AS p
      GROUP BY p."id"`;
    for (const row of rows) add(row.id, row.filled, row.required, row.missing ?? []);
  }
  if (minimums.templates.length > 0) {
    // A LEFT JOIN keeps a repeater without rows, which misses all of its minimum.
    const rows = await db.$queryRaw<{ id: string; minRows: number; rowCount: number }[]>`
      SELECT m."id"::text AS "id", r."minRows", count(DISTINCT d."row")::int AS "rowCount"
      FROM unnest(${models.map((m) => m.id)}::uuid[], ${models.map((m) => m.templateId)}::uuid[]) AS m("id", "templateId")
      JOIN unnest(${minimums.templates}::uuid[], ${minimums.repeaters}::uuid[], ${minimums.sections}::uuid[], ${minimums.minRows}::int[])
        AS r(t, repeater, s, "minRows") ON r.t = m."templateId"
      LEFT JOIN "data_value" AS d ON d."modelId" = m."id" AND d."dataSectionId" = r.s
      GROUP BY m."id", r.repeater, r."minRows"`;
    for (const row of rows) add(row.id, Math.min(row.rowCount, row.minRows), row.minRows);
  }
  return result;
}
