import type { Tx } from "~/server/db/transaction";
import type { WritingOwner } from "~/server/services/internal/write-passport-data";

/**
 * Sets the model's `publishOnStatusChange` (docs/readings.md §Status snapshots) inside the model's write (If-Match,
 * version, history): a real change is appended to the write's history change as a property, like the name. Undefined
 * keeps it. Returns whether it changed.
 */
export async function updatePublishOnStatusChange(tx: Tx, owner: WritingOwner, next: boolean | undefined): Promise<boolean> {
  if (next === undefined) return false;
  const [result] = await tx.$queryRaw<{ changed: number }[]>`
    WITH "updated" AS (
      UPDATE "model" SET "publishOnStatusChange" = ${next}
      WHERE "id" = ${owner.id}::uuid AND "publishOnStatusChange" <> ${next}
      RETURNING 1
    ), "recorded" AS (
      UPDATE "passport_change" AS c
      SET "properties" = COALESCE(c."properties", '[]'::jsonb)
        || jsonb_build_array(jsonb_build_object('name', 'publishOnStatusChange', 'from', (NOT ${next})::text, 'to', ${next}::text))
      WHERE c."id" = ${owner.changeId}::bigint AND EXISTS (SELECT 1 FROM "updated")
    )
    SELECT count(*)::int AS "changed" FROM "updated"`;
  return (result?.changed ?? 0) > 0;
}
