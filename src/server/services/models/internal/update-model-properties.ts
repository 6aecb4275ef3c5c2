import type { Tx } from "~/server/db/transaction";
import type { WritingOwner } from "~/server/services/internal/write-passport-data";
import { claimModelGtin } from "~/server/services/models/internal/claim-model-gtin";

export type ModelProperties = {
  name: string | undefined;
  description: string | undefined;
  /** A GTIN-14, null to clear it, undefined to keep it. */
  gtin: string | null | undefined;
  /** Where the request carried the GTIN, for the issue of a conflict. */
  gtinPath: string;
  templateId: string;
};

/**
 * Sets name, description, GTIN (each only when given) and template in one statement, which also records the
 * properties that really changed, from the pre-image, in the write's history change (no GTIN as ""). A GTIN another model holds is a
 * conflict (409). Returns 1 if anything changed, else 0.
 */
export async function updateModelProperties(tx: Tx, owner: WritingOwner, next: ModelProperties): Promise<number> {
  if (typeof next.gtin === "string") await claimModelGtin(tx, { gtin: next.gtin, modelId: owner.id, issuePath: next.gtinPath });
  const isGtinGiven = next.gtin !== undefined;
  const [result] = await tx.$queryRaw<{ changed: number }[]>`
    WITH "before" AS (
      SELECT "name", "description", "gtin", "templateId" FROM "model" WHERE "id" = ${owner.id}::uuid
    ), "after" AS (
      SELECT COALESCE(${next.name ?? null}::text, b."name") AS "name",
             COALESCE(${next.description ?? null}::text, b."description") AS "description",
             CASE WHEN ${isGtinGiven} THEN ${next.gtin ?? null}::text ELSE b."gtin" END AS "gtin",
             ${next.templateId}::uuid AS "templateId"
      FROM "before" AS b
    ), "updated" AS (
      UPDATE "model" AS m
      SET "name" = a."name", "description" = a."description", "gtin" = a."gtin", "templateId" = a."templateId"
      FROM "before" AS b, "after" AS a
      WHERE m."id" = ${owner.id}::uuid
        AND (b."name", b."description", b."gtin", b."templateId") IS DISTINCT FROM (a."name", a."description", a."gtin", a."templateId")
      RETURNING b."name" AS "oldName", a."name", b."description" AS "oldDescription", a."description",
                b."gtin" AS "oldGtin", a."gtin", b."templateId"::text AS "oldTemplateId", a."templateId"::text AS "templateId"
    ), "properties" AS (
      SELECT jsonb_agg(jsonb_build_object('name', p."name", 'from', p."from", 'to', p."to") ORDER BY p."position") AS "list"
      FROM "updated" AS u
      CROSS JOIN LATERAL (VALUES (1, 'name', u."oldName", u."name"), (2, 'description', u."oldDescription", u."description"),
                                 (3, 'templateId', u."oldTemplateId", u."templateId"), (4, 'gtin', COALESCE(u."oldGtin", ''), COALESCE(u."gtin", '')))
                         AS p("position", "name", "from", "to")
      WHERE p."from" IS DISTINCT FROM p."to"
    ), "recorded" AS (
      UPDATE "passport_change" AS c SET "properties" = p."list" FROM "properties" AS p
      WHERE c."id" = ${owner.changeId}::bigint AND p."list" IS NOT NULL
    )
    SELECT count(*)::int AS "changed" FROM "updated"`;
  return result?.changed ?? 0;
}
