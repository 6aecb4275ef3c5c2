import { requiredFields, rowMinimums, type TCompleteness } from "~/domain/completeness";
import type { Tx } from "~/server/db/transaction";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/**
 * How complete each model is (`completeness.ts`), for a page of the models list: one statement for the required
 * fields of the whole page and, when a template has repeaters with `minRows`, one for their row counts. The required
 * fields and row minimums of each template come from its cached index; the database counts, per model, the values of
 * those fields and how many hold more than white space, and the rows of those repeaters. Every row of a repeater holds
 * every field (new rows are completed with nulls), so counting values counts each required field once per row.
 */
export async function modelCompleteness(
  db: Tx,
  models: readonly { id: string; templateId: string }[],
): Promise<Map<string, TCompleteness>> {
  const result = new Map<string, TCompleteness>(models.map((m) => [m.id, { filled: 0, required: 0 }]));
  const required = { templates: [] as string[], sections: [] as string[], fields: [] as string[] };
  const minimums = { templates: [] as string[], repeaters: [] as string[], sections: [] as string[], minRows: [] as number[] };
  for (const templateId of new Set(models.map((m) => m.templateId))) {
    const index = await loadTemplateIndex(db, templateId);
    for (const pair of requiredFields(index, "Model")) {
      required.templates.push(templateId);
      required.sections.push(pair.dataSectionId);
      required.fields.push(pair.dataFieldId);
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
  const add = (id: string, filled: number, needed: number) => {
    const count = result.get(id);
    if (count) result.set(id, { filled: count.filled + filled, required: count.required + needed });
  };
  if (required.templates.length > 0) {
    const rows = await db.$queryRaw<{ id: string; required: number; filled: number }[]>`
      SELECT m."id"::text AS "id", count(*)::int AS "required", count(*) FILTER (WHERE d."value" ~ '\\S')::int AS "filled"
      FROM unnest(${models.map((m) => m.id)}::uuid[], ${models.map((m) => m.templateId)}::uuid[]) AS m("id", "templateId")
      JOIN unnest(${required.templates}::uuid[], ${required.sections}::uuid[], ${required.fields}::uuid[]) AS r(t, s, f)
        ON r.t = m."templateId"
      JOIN "data_value" AS d ON d."modelId" = m."id" AND d."dataSectionId" = r.s AND d."dataFieldId" = r.f
      GROUP BY m."id"`;
    for (const row of rows) add(row.id, row.filled, row.required);
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
