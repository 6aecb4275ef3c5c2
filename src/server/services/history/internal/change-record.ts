import type { Actor } from "~/domain/actor";
import { historyVia } from "~/domain/history";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import { partnerOn } from "~/server/services/access";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/**
 * The history row of the write in progress (docs/data-model.md, History). writePassportData opens it once the owner
 * is locked; the statements that write values add their value changes to its arrays in the same statement,
 * set-based; a write that changed nothing drops it again. A failed write rolls it back with everything else.
 * `hasRecords` is false until a statement that may record has been built: until then nothing needs merging.
 */
export type OpenChange = { id: string; hasRecords: boolean };

export async function openChange(
  tx: Tx,
  { actor, organizationId, owner }: { actor: Actor; organizationId: string; owner: PassportDataOwner },
): Promise<OpenChange> {
  const modelId = owner.kind === "item" ? owner.modelId : owner.id;
  const itemId = owner.kind === "item" ? owner.id : null;
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "passport_change" ("organizationId", "ownerKind", "modelId", "itemId", "userId", "apiKeyId", "via",
                                   "writerOrganizationId")
    VALUES (${organizationId}, ${owner.kind}::"PassportOwnerKind", ${modelId}::uuid, ${itemId}::uuid, ${actor.userId},
            ${actor.apiKeyId ?? null}, ${historyVia(actor)}::"ChangeVia", ${partnerOn(actor, organizationId)?.organizationId ?? null})
    RETURNING "id"::text AS "id"`;
  if (!row) throw new Error("Inserting a passport_change returned no row");
  return { id: row.id, hasRecords: false };
}

/** Drops the change of a write that changed nothing, so the history lists only writes that did. */
export async function discardChange(tx: Tx, change: OpenChange): Promise<void> {
  await tx.$executeRaw`DELETE FROM "passport_change" WHERE "id" = ${change.id}::bigint`;
}

type ValueChangeKind = "add" | "modify" | "delete" | "move";

/** The value-change arrays of passport_change, parallel: element i of each is one value change. */
const ARRAYS = Prisma.raw(
  `"valueSectionIds", "valueFieldIds", "valueRows", "valueInnerRows", "valueLanguages", "valueKinds", "oldValues", "newValues"`,
);

/**
 * The recorded value changes of `change` as rows (s, f, r, i, l, k, o, n); i is the inner rows as stored ('' outside
 * nested repeaters), l the language ('' when not multilingual).
 */
function recordedRows(change: OpenChange): Prisma.Sql {
  return Prisma.sql`SELECT u.* FROM "passport_change" AS p
    CROSS JOIN LATERAL unnest(p."valueSectionIds", p."valueFieldIds", p."valueRows", p."valueInnerRows", p."valueLanguages",
                              p."valueKinds", p."oldValues", p."newValues") AS u(s, f, r, i, l, k, o, n)
    WHERE p."id" = ${change.id}::bigint`;
}

/** Sets the arrays of `change` to the rows (s, f, r, i, l, k, o, n) of `source`, one aggregate per array. */
function storeArrays(change: OpenChange, source: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`UPDATE "passport_change" AS c SET (${ARRAYS}) = (
      SELECT coalesce(array_agg(m.s), '{}'), coalesce(array_agg(m.f), '{}'), coalesce(array_agg(m.r), '{}'),
             coalesce(array_agg(m.i), '{}'), coalesce(array_agg(m.l), '{}'), coalesce(array_agg(m.k), '{}'),
             coalesce(array_agg(m.o), '{}'), coalesce(array_agg(m.n), '{}')
      FROM (${source}) AS m(s, f, r, i, l, k, o, n))
    WHERE c."id" = ${change.id}::bigint`;
}

/**
 * A CTE (`, <name> AS (UPDATE …)`) to append to a statement's WITH list: records each row of `source` — columns
 * (s, f, r, i, l, ov, nv): section, field, row, inner rows, language ('' when not multilingual), value before, value
 * after — as a value change of `change`. It runs with
 * the statement that writes the values, so recording costs no round trip and reads the pre-image the statement saw;
 * the changes land in one row of arrays, not one row each. Without a change (a new model's initial values) it is
 * empty.
 */
export function recordValueChanges(change: OpenChange | undefined, kind: ValueChangeKind, source: Prisma.Sql): Prisma.Sql {
  if (!change) return Prisma.empty;
  const fresh = Prisma.sql`SELECT x.s, x.f, x.r, x.i, x.l, ${kind}::"ValueChangeKind", x.ov, x.nv
    FROM (${source}) AS x(s, f, r, i, l, ov, nv)`;
  if (!change.hasRecords) {
    change.hasRecords = true;
    return Prisma.sql`, "recorded" AS (${storeArrays(change, fresh)})`;
  }
  // A place the write already recorded holds one change: its first value before and its last value after. A move
  // (a reorder, apply-data-changes.ts) onto a recorded place leaves the earlier record, which says more than
  // "moved" (a value added or modified and moved there by `moveRecordedRows`, or a row deleted there); a value
  // added where the write deleted one is a modify; one added and then deleted again, or set back to the value it
  // had before the write, is no change at all.
  return Prisma.sql`, "recorded" AS (${storeArrays(
    change,
    Prisma.sql`SELECT coalesce(e.s, x.s), coalesce(e.f, x.f), coalesce(e.r, x.r), coalesce(e.i, x.i), coalesce(e.l, x.l),
        CASE WHEN e.k IS NULL THEN x.k WHEN x.k IS NULL OR x.k = 'move' THEN e.k WHEN e.k = 'add' THEN e.k
             WHEN x.k = 'delete' THEN x.k ELSE 'modify'::"ValueChangeKind" END,
        CASE WHEN e.k IS NULL THEN x.ov ELSE e.o END,
        CASE WHEN e.k IS NOT NULL AND (x.k IS NULL OR x.k = 'move') THEN e.n ELSE x.nv END
      FROM (${recordedRows(change)}) AS e
      FULL JOIN (${fresh}) AS x(s, f, r, i, l, k, ov, nv) ON e.s = x.s AND e.f = x.f AND e.r = x.r AND e.i = x.i AND e.l = x.l
      WHERE (e.k IS DISTINCT FROM 'add' OR x.k IS DISTINCT FROM 'delete')
        AND NOT coalesce(e.k <> 'add' AND x.k IN ('add', 'modify') AND e.o IS NOT DISTINCT FROM x.nv, false)`,
  )})`;
}

/**
 * Keeps the records of a write in step with a reorder in the same write (renumberRows): what the write added or
 * modified in row `from[i]` of the given sections is recorded at `to[i]`, the row the value has once the write is
 * done, so the history names the row the user sees. Deletes keep their row: the deleted row has no later number.
 * A record landing where the write deleted a value of a removed row becomes one change of that place: a modify from
 * the deleted value to the new one. One statement rewrites the arrays.
 */
export async function moveRecordedRows(
  tx: Tx,
  change: OpenChange | undefined,
  { sectionIds, place }: { sectionIds: readonly string[]; place?: { row: number; prefix: string; at: number } },
  from: readonly number[],
  to: readonly number[],
): Promise<void> {
  if (!change?.hasRecords) return;
  // An outermost repeater's row is `row`; a nested one's is seven digits of the inner rows after its parent's (row-path.ts).
  const moved = place
    ? {
        r: Prisma.sql`u.r`,
        i: Prisma.sql`CASE WHEN m.t IS NULL THEN u.i ELSE overlay(u.i placing lpad(m.t::text, 7, '0') from ${place.at} for 7) END`,
        on: Prisma.sql`u.r = ${place.row} AND left(u.i, ${place.at - 1}) = ${place.prefix}
          AND substring(u.i from ${place.at} for 7) = lpad(m.f::text, 7, '0')`,
      }
    : { r: Prisma.sql`coalesce(m.t, u.r)`, i: Prisma.sql`u.i`, on: Prisma.sql`u.r = m.f` };
  await tx.$executeRaw`
    WITH "e" AS (
      SELECT u.s, u.f, ${moved.r} AS r, ${moved.i} AS i, u.l, u.k, u.o, u.n, m.t IS NOT NULL AS "moved"
      FROM (${recordedRows(change)}) AS u
      LEFT JOIN unnest(${[...from]}::int[], ${[...to]}::int[]) AS m(f, t)
        ON u.k <> 'delete' AND u.s = ANY(${[...sectionIds]}::uuid[]) AND ${moved.on}
    )
    ${storeArrays(
      change,
      Prisma.sql`SELECT a.s, a.f, a.r, a.i, a.l, CASE WHEN d.k IS NULL THEN a.k ELSE 'modify'::"ValueChangeKind" END,
          CASE WHEN d.k IS NULL THEN a.o ELSE d.o END, a.n
        FROM "e" AS a
        LEFT JOIN "e" AS d ON a."moved" AND d.k = 'delete' AND d.s = a.s AND d.f = a.f AND d.r = a.r AND d.i = a.i AND d.l = a.l
        WHERE NOT (a.k = 'delete' AND EXISTS (
          SELECT 1 FROM "e" AS b WHERE b."moved" AND b.s = a.s AND b.f = a.f AND b.r = a.r AND b.i = a.i AND b.l = a.l))`,
    )}`;
}
