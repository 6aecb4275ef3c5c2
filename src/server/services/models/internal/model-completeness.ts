import { FILLED_PATTERN, requiredFields, rowMinimums, type TCompleteness, type TMissingLanguages } from "~/domain/completeness";
import type { Tx } from "~/server/db/transaction";
import { innerRowCount, repeaterSectionIds, type TemplateIndex } from "~/domain/template-index";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/**
 * How complete each model is (`completeness.ts`), for a page of the models list: one statement for the required
 * fields of the whole page and, when a template has repeaters with `minRows`, one for their row counts. The required
 * fields and row minimums of each template come from its cached index; the database counts, per model, the values of
 * those fields and how many hold more than white space, and the rows of those repeaters. A required field counts once
 * per row it has a value in, at every level (its whole row path; new rows are completed with nulls), whatever its
 * languages: a multilingual one is filled when every published language holds more than white space
 * (docs/languages.md). A nested repeater's `minRows` counts in each row of its parent repeater (docs/data-model.md
 * §Completeness).
 */
export async function modelCompleteness(
  db: Tx,
  models: readonly { id: string; templateId: string }[],
  publishedLanguages: readonly string[],
): Promise<Map<string, TCompleteness>> {
  const result = new Map<string, TCompleteness>(models.map((m) => [m.id, { filled: 0, required: 0 }]));
  const required = { templates: [] as string[], sections: [] as string[], fields: [] as string[], multilingual: [] as boolean[] };
  const minimums = {
    templates: [] as string[],
    repeaters: [] as string[],
    sections: [] as string[],
    minRows: [] as number[],
    depths: [] as number[],
    inRepeater: [] as boolean[],
  };
  for (const templateId of new Set(models.map((m) => m.templateId))) {
    const index = await loadTemplateIndex(db, templateId);
    for (const pair of requiredFields(index, "Model")) {
      required.templates.push(templateId);
      required.sections.push(pair.dataSectionId);
      required.fields.push(pair.dataFieldId);
      required.multilingual.push(pair.multilingual === true);
    }
    for (const { repeaterId, sectionIds, minRows } of rowMinimums(index, "Model")) {
      const depth = innerRowCount(index, repeaterId);
      const inRepeater = new Set(sectionIds);
      for (const sectionId of parentRowSections(index, repeaterId, sectionIds)) {
        minimums.templates.push(templateId);
        minimums.repeaters.push(repeaterId);
        minimums.sections.push(sectionId);
        minimums.minRows.push(minRows);
        minimums.depths.push(depth);
        minimums.inRepeater.push(inRepeater.has(sectionId));
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
        GROUP BY m."id", r.s, r.f, d."row", d."innerRows"
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
    // Per parent row (an outermost repeater has one, the model): the row path of a value in the parent's rows less
    // the repeater's own level (its `depth`-th inner row), and the repeater's rows there by that level. A LEFT JOIN
    // keeps an outermost repeater without rows, which misses all of its minimum; a nested repeater counts only in
    // parent rows that exist.
    const rows = await db.$queryRaw<{ id: string; minRows: number; rowCount: number }[]>`
      SELECT m."id"::text AS "id", r."minRows",
             count(DISTINCT CASE WHEN NOT r.own THEN NULL
                                 WHEN r.depth = 0 THEN d."row"::text
                                 ELSE p."inner"[r.depth] END)::int AS "rowCount"
      FROM unnest(${models.map((m) => m.id)}::uuid[], ${models.map((m) => m.templateId)}::uuid[]) AS m("id", "templateId")
      JOIN unnest(${minimums.templates}::uuid[], ${minimums.repeaters}::uuid[], ${minimums.sections}::uuid[],
                  ${minimums.minRows}::int[], ${minimums.depths}::int[], ${minimums.inRepeater}::boolean[])
        AS r(t, repeater, s, "minRows", depth, own) ON r.t = m."templateId"
      LEFT JOIN "data_value" AS d ON d."modelId" = m."id" AND d."dataSectionId" = r.s
      CROSS JOIN LATERAL (SELECT string_to_array(d."innerRows", '.') AS "inner") AS p
      WHERE r.depth = 0 OR d."modelId" IS NOT NULL
      GROUP BY m."id", r.repeater, r."minRows",
               CASE WHEN r.depth = 0 THEN NULL ELSE d."row" END,
               CASE WHEN r.depth = 0 THEN NULL ELSE p."inner"[1:r.depth - 1] END`;
    for (const row of rows) add(row.id, Math.min(row.rowCount, row.minRows), row.minRows);
  }
  return result;
}

/**
 * The sections whose values say which parent rows a repeater's `minRows` counts in: an outermost repeater's own
 * (`sectionIds`, its whole subtree); a nested one's parent repeater's whole subtree, which holds its own.
 */
function parentRowSections(index: TemplateIndex, repeaterId: string, sectionIds: readonly string[]): readonly string[] {
  const parentId = index.sections.get(repeaterId)?.repeaterPath.at(-2);
  return parentId === undefined ? sectionIds : repeaterSectionIds(index, parentId);
}
