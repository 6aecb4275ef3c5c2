import type { Tx } from "~/server/db/transaction";
import type { WritingOwner } from "~/server/services/internal/write-passport-data";

export type ModelRegistryChange = {
  /** 4–10 digits, null to clear, undefined to keep. */
  commodityCode: string | null | undefined;
  /** The facilities, replacing the list; undefined to keep it. */
  facilityIds: string[] | undefined;
};

/**
 * Sets the model's registry settings (docs/registry.md) in one statement, inside the model's write (If-Match, version,
 * history): what really changed is appended to the write's history change as properties, like name and GTIN.
 * Returns whether anything changed.
 */
export async function updateModelRegistry(tx: Tx, owner: WritingOwner, next: ModelRegistryChange): Promise<boolean> {
  if (next.commodityCode === undefined && next.facilityIds === undefined) return false;
  const [result] = await tx.$queryRaw<{ changed: number }[]>`
    WITH "before" AS (
      SELECT r."commodityCode", r."facilityIds" FROM (SELECT 1) AS one
      LEFT JOIN "model_registry" AS r ON r."modelId" = ${owner.id}::uuid
    ), "after" AS (
      SELECT CASE WHEN ${next.commodityCode !== undefined} THEN ${next.commodityCode ?? null}::text ELSE b."commodityCode" END AS "commodityCode",
             COALESCE(${next.facilityIds ?? null}::text[], b."facilityIds", ARRAY[]::text[]) AS "facilityIds"
      FROM "before" AS b
    ), "written" AS (
      INSERT INTO "model_registry" ("modelId", "commodityCode", "facilityIds")
      SELECT ${owner.id}::uuid, a."commodityCode", a."facilityIds" FROM "after" AS a, "before" AS b
      WHERE (b."commodityCode", COALESCE(b."facilityIds", ARRAY[]::text[])) IS DISTINCT FROM (a."commodityCode", a."facilityIds")
      ON CONFLICT ("modelId") DO UPDATE SET "commodityCode" = EXCLUDED."commodityCode", "facilityIds" = EXCLUDED."facilityIds"
      RETURNING 1
    ), "properties" AS (
      SELECT jsonb_agg(jsonb_build_object('name', p."name", 'from', p."from", 'to', p."to") ORDER BY p."position") AS "list"
      FROM "before" AS b, "after" AS a
      CROSS JOIN LATERAL (VALUES (1, 'commodityCode', COALESCE(b."commodityCode", ''), COALESCE(a."commodityCode", '')),
                                 (2, 'facilityIds', array_to_string(COALESCE(b."facilityIds", ARRAY[]::text[]), ', '),
                                    array_to_string(a."facilityIds", ', ')))
                         AS p("position", "name", "from", "to")
      WHERE p."from" IS DISTINCT FROM p."to" AND EXISTS (SELECT 1 FROM "written")
    ), "recorded" AS (
      UPDATE "passport_change" AS c SET "properties" = COALESCE(c."properties", '[]'::jsonb) || p."list"
      FROM "properties" AS p
      WHERE c."id" = ${owner.changeId}::bigint AND p."list" IS NOT NULL
    )
    SELECT count(*)::int AS "changed" FROM "written"`;
  return (result?.changed ?? 0) > 0;
}
