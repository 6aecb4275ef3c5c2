import type { Actor } from "~/domain/actor";
import { historyVia } from "~/domain/history";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/**
 * The history row of the write in progress (docs/data-model.md, History). writePassportData opens it once the owner
 * is locked; the statements that write values add their value changes to it in the same statement, set-based; a
 * write that changed nothing drops it again. A failed write rolls it back with everything else.
 */
export type OpenChange = { id: string };

export async function openChange(
  tx: Tx,
  { actor, organizationId, owner }: { actor: Actor; organizationId: string; owner: PassportDataOwner },
): Promise<OpenChange> {
  const modelId = owner.kind === "item" ? owner.modelId : owner.id;
  const itemId = owner.kind === "item" ? owner.id : null;
  const [row] = await tx.$queryRaw<OpenChange[]>`
    INSERT INTO "passport_change" ("organizationId", "ownerKind", "modelId", "itemId", "userId", "apiKeyId", "via")
    VALUES (${organizationId}, ${owner.kind}::"PassportOwnerKind", ${modelId}::uuid, ${itemId}::uuid, ${actor.userId},
            ${actor.apiKeyId ?? null}, ${historyVia(actor)}::"ChangeVia")
    RETURNING "id"::text AS "id"`;
  if (!row) throw new Error("Inserting a passport_change returned no row");
  return row;
}

/** Drops the change of a write that changed nothing, so the history lists only writes that did. */
export async function discardChange(tx: Tx, change: OpenChange): Promise<void> {
  await tx.$executeRaw`DELETE FROM "passport_change" WHERE "id" = ${change.id}::bigint`;
}

type ValueChangeKind = "add" | "modify" | "delete" | "move";

/**
 * A CTE (`, <name> AS (INSERT …)`) to append to a statement's WITH list: records each row of `source` — columns
 * (s, f, r, ov, nv): section, field, row, value before, value after — as a value change of `change`. It runs with
 * the statement that writes the values, so recording costs no round trip and reads the pre-image the statement saw.
 * Without a change (a new model's initial values) it is empty.
 */
export function recordValueChanges(change: OpenChange | undefined, kind: ValueChangeKind, source: Prisma.Sql): Prisma.Sql {
  if (!change) return Prisma.empty;
  // A move (a reorder renumbering rows, apply-data-changes.ts) may land on a place the same write already recorded
  // a change at (a value added or modified, then moved there by `moveRecordedRows`, or a row deleted there): that
  // earlier record stays, as it says more than "moved".
  const onConflict = kind === "move" ? Prisma.sql`ON CONFLICT DO NOTHING` : Prisma.empty;
  return Prisma.sql`, "recorded" AS (
    INSERT INTO "passport_change_value" ("changeId", "dataSectionId", "dataFieldId", "row", "kind", "oldValue", "newValue")
    SELECT ${change.id}::bigint, x.s, x.f, x.r, ${kind}::"ValueChangeKind", x.ov, x.nv FROM (${source}) AS x(s, f, r, ov, nv)
    ${onConflict}
  )`;
}

/**
 * Keeps the records of a write in step with a reorder in the same write (renumberRows): what the write added or
 * modified in row `from[i]` of the given sections is recorded at `to[i]`, the row the value has once the write is
 * done, so the history names the row the user sees. Deletes keep their row: the deleted row has no later number.
 * Like the values, the records pass through negative rows, as a permutation would collide with itself in one
 * statement. A record landing where the write deleted a value of a removed row becomes one change of that place:
 * a modify from the deleted value to the new one.
 */
export async function moveRecordedRows(
  tx: Tx,
  change: OpenChange | undefined,
  sectionIds: readonly string[],
  from: readonly number[],
  to: readonly number[],
): Promise<void> {
  if (!change) return;
  const sections = [...sectionIds];
  await tx.$executeRaw`
    UPDATE "passport_change_value" AS c SET "row" = -1 - m.t
    FROM unnest(${[...from]}::int[], ${[...to]}::int[]) AS m(f, t)
    WHERE c."changeId" = ${change.id}::bigint AND c."dataSectionId" = ANY(${sections}::uuid[]) AND c."row" = m.f
      AND c."kind" <> 'delete'`;
  await tx.$executeRaw`
    WITH "replaced" AS (
      DELETE FROM "passport_change_value" AS d USING "passport_change_value" AS c
      WHERE d."changeId" = ${change.id}::bigint AND c."changeId" = d."changeId" AND d."kind" = 'delete' AND c."row" < 0
        AND c."dataSectionId" = d."dataSectionId" AND c."dataFieldId" = d."dataFieldId" AND d."row" = -1 - c."row"
      RETURNING d."dataSectionId", d."dataFieldId", d."row", d."oldValue"
    )
    UPDATE "passport_change_value" AS c SET "kind" = 'modify', "oldValue" = r."oldValue"
    FROM "replaced" AS r
    WHERE c."changeId" = ${change.id}::bigint AND c."dataSectionId" = r."dataSectionId"
      AND c."dataFieldId" = r."dataFieldId" AND c."row" = -1 - r."row"`;
  await tx.$executeRaw`
    UPDATE "passport_change_value" SET "row" = -1 - "row"
    WHERE "changeId" = ${change.id}::bigint AND "dataSectionId" = ANY(${sections}::uuid[]) AND "row" < 0`;
}
