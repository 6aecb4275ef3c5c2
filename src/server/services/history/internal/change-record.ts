import type { Actor } from "~/domain/actor";
import { historyVia } from "~/domain/history";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import { partnerOn } from "~/server/services/access";

/**
 * The history rows of the write in progress, one per owner the write holds (docs/data-model.md, History):
 * `ids[k]` is the change of owner `owners[k]`. The one write path opens them in the statement that locks the owners
 * (passport-data-owner.ts, lockOwners); the statements that write values add their value changes to the arrays of
 * each owner's row in the same statement, set-based over all owners; the write's last statement drops the rows of
 * owners that changed nothing. A failed write rolls them back with everything else. `hasRecords` is false until a
 * statement that may record has been built: until then nothing needs merging.
 */
export type OpenChanges = { owners: readonly string[]; ids: readonly string[]; hasRecords: boolean };

/**
 * The CTE (`, "opened" AS (INSERT …)`) that opens one history row per row of the CTE `locked` (columns `id`, the
 * owner's id): appended to the statement that locks the owners, so opening costs no round trip. Its rows answer
 * `owner` and `changeId`.
 */
export function openChangesOf({
  actor,
  organizationId,
  kind,
  modelId,
}: {
  actor: Actor;
  organizationId: string;
  kind: "model" | "item";
  modelId?: string;
}): Prisma.Sql {
  const model = kind === "item" ? Prisma.sql`${modelId ?? null}::uuid` : Prisma.sql`l."id"`;
  const item = kind === "item" ? Prisma.sql`l."id"` : Prisma.sql`NULL::uuid`;
  return Prisma.sql`, "opened" AS (
      INSERT INTO "passport_change" ("organizationId", "ownerKind", "modelId", "itemId", "userId", "apiKeyId", "via",
                                     "writerOrganizationId")
      SELECT ${organizationId}, ${kind}::"PassportOwnerKind", ${model}, ${item}, ${actor.userId}, ${actor.apiKeyId ?? null},
             ${historyVia(actor)}::"ChangeVia", ${partnerOn(actor, organizationId)?.organizationId ?? null}
      FROM "locked" AS l ORDER BY l."id"
      RETURNING "id"::text AS "changeId", coalesce("itemId", "modelId") AS "owner"
    )`;
}

type ValueChangeKind = "add" | "modify" | "delete" | "move";

/** The value-change arrays of passport_change, parallel: element i of each is one value change. */
const ARRAYS = Prisma.raw(
  `"valueSectionIds", "valueFieldIds", "valueRows", "valueInnerRows", "valueLanguages", "valueKinds", "oldValues", "newValues"`,
);

/**
 * The recorded value changes of the changes `ids` as rows (c, s, f, r, i, l, k, o, n): c the change's id; i is the
 * inner rows as stored ('' outside nested repeaters), l the language ('' when not multilingual). Found by the
 * changes' own ids, never through their owner: passport_change grows with every write.
 */
function recordedRows(ids: readonly string[], only: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT p."id" AS c, u.* FROM "passport_change" AS p
    CROSS JOIN LATERAL unnest(p."valueSectionIds", p."valueFieldIds", p."valueRows", p."valueInnerRows", p."valueLanguages",
                              p."valueKinds", p."oldValues", p."newValues") AS u(s, f, r, i, l, k, o, n)
    WHERE p."id" = ANY(${[...ids]}::bigint[]) AND p."id" IN (${only})`;
}

/**
 * Sets the arrays of each change (of `ids`) to its rows (c, s, f, r, i, l, k, o, n) of `source`, one aggregate per
 * array. `rewritten`, a query of change ids: each of them is rewritten whole, one without rows emptied (a merge may
 * cancel a change out); without it only the changes `source` names (the first records of a write, when the others
 * hold nothing yet).
 */
function storeArrays(ids: readonly string[], source: Prisma.Sql, rewritten?: Prisma.Sql): Prisma.Sql {
  const grouped = Prisma.sql`SELECT m.c, array_agg(m.s) AS s, array_agg(m.f) AS f, array_agg(m.r) AS r, array_agg(m.i) AS i,
      array_agg(m.l) AS l, array_agg(m.k) AS k, array_agg(m.o) AS o, array_agg(m.n) AS n
    FROM (${source}) AS m(c, s, f, r, i, l, k, o, n) GROUP BY m.c`;
  const rows = rewritten
    ? Prisma.sql`SELECT w.c, g.s, g.f, g.r, g.i, g.l, g.k, g.o, g.n
        FROM (${rewritten}) AS w(c) LEFT JOIN (${grouped}) AS g ON g.c = w.c`
    : grouped;
  return Prisma.sql`UPDATE "passport_change" AS c SET (${ARRAYS}) = (
      coalesce(m.s, '{}'), coalesce(m.f, '{}'), coalesce(m.r, '{}'), coalesce(m.i, '{}'), coalesce(m.l, '{}'),
      coalesce(m.k, '{}'), coalesce(m.o, '{}'), coalesce(m.n, '{}'))
    FROM (${rows}) AS m
    WHERE c."id" = ANY(${[...ids]}::bigint[]) AND c."id" = m.c`;
}

/**
 * A CTE (`, <name> AS (UPDATE …)`) to append to a statement's WITH list: records each row of `source` — columns
 * (o, s, f, r, i, l, ov, nv): owner id, section, field, row, inner rows, language ('' when not multilingual), value
 * before, value after — as a value change of its owner's change. It runs with the statement that writes the values,
 * so recording costs no round trip and reads the pre-image the statement saw; each owner's changes land in one row
 * of arrays, not one row each. Without changes (a new model's initial values) it is empty.
 */
export function recordValueChanges(changes: OpenChanges | undefined, kind: ValueChangeKind, source: Prisma.Sql): Prisma.Sql {
  if (!changes) return Prisma.empty;
  const fresh = Prisma.sql`SELECT w.c, x.s, x.f, x.r, x.i, x.l, ${kind}::"ValueChangeKind", x.ov, x.nv
    FROM (${source}) AS x(o, s, f, r, i, l, ov, nv)
    JOIN unnest(${[...changes.owners]}::uuid[], ${[...changes.ids]}::bigint[]) AS w(o, c) ON w.o = x.o`;
  if (!changes.hasRecords) {
    changes.hasRecords = true;
    return Prisma.sql`, "recorded" AS (${storeArrays(changes.ids, fresh)})`;
  }
  // A place the write already recorded holds one change: its first value before and its last value after. A move
  // (a reorder, apply-data-changes.ts) onto a recorded place leaves the earlier record, which says more than
  // "moved" (a value added or modified and moved there by `moveRecordedRows`, or a row deleted there); a value
  // added where the write deleted one is a modify; one added and then deleted again, or set back to the value it
  // had before the write, is no change at all. Only the changes of owners with fresh records are read and rewritten.
  const touched = Prisma.sql`SELECT DISTINCT c FROM "fresh"`;
  return Prisma.sql`, "fresh" AS (${fresh}), "recorded" AS (${storeArrays(
    changes.ids,
    Prisma.sql`SELECT coalesce(e.c, x.c), coalesce(e.s, x.s), coalesce(e.f, x.f), coalesce(e.r, x.r), coalesce(e.i, x.i),
        coalesce(e.l, x.l),
        CASE WHEN e.k IS NULL THEN x.k WHEN x.k IS NULL OR x.k = 'move' THEN e.k WHEN e.k = 'add' THEN e.k
             WHEN x.k = 'delete' THEN x.k ELSE 'modify'::"ValueChangeKind" END,
        CASE WHEN e.k IS NULL THEN x.ov ELSE e.o END,
        CASE WHEN e.k IS NOT NULL AND (x.k IS NULL OR x.k = 'move') THEN e.n ELSE x.nv END
      FROM (${recordedRows(changes.ids, touched)}) AS e
      FULL JOIN "fresh" AS x(c, s, f, r, i, l, k, ov, nv)
        ON e.c = x.c AND e.s = x.s AND e.f = x.f AND e.r = x.r AND e.i = x.i AND e.l = x.l
      WHERE (e.k IS DISTINCT FROM 'add' OR x.k IS DISTINCT FROM 'delete')
        AND NOT coalesce(e.k <> 'add' AND x.k IN ('add', 'modify') AND e.o IS NOT DISTINCT FROM x.nv, false)`,
    touched,
  )})`;
}

/**
 * Keeps the records of a write in step with a reorder in the same write (renumberRows): what the write added or
 * modified in row `from[i]` of the given sections is recorded at `to[i]`, the row the value has once the write is
 * done, so the history names the row the user sees. Deletes keep their row: the deleted row has no later number.
 * A record landing where the write deleted a value of a removed row becomes one change of that place: a modify from
 * the deleted value to the new one. One statement rewrites the arrays of `owner`'s change (a reorder is one owner's).
 */
export async function moveRecordedRows(
  tx: Tx,
  changes: OpenChanges | undefined,
  owner: string,
  { sectionIds, place }: { sectionIds: readonly string[]; place?: { row: number; prefix: string; at: number } },
  from: readonly number[],
  to: readonly number[],
): Promise<void> {
  const k = changes?.owners.indexOf(owner) ?? -1;
  const id = changes?.hasRecords ? changes.ids[k] : undefined;
  if (id === undefined) return;
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
      SELECT u.c, u.s, u.f, ${moved.r} AS r, ${moved.i} AS i, u.l, u.k, u.o, u.n, m.t IS NOT NULL AS "moved"
      FROM (${recordedRows([id], Prisma.sql`VALUES (${id}::bigint)`)}) AS u
      LEFT JOIN unnest(${[...from]}::int[], ${[...to]}::int[]) AS m(f, t)
        ON u.k <> 'delete' AND u.s = ANY(${[...sectionIds]}::uuid[]) AND ${moved.on}
    )
    ${storeArrays(
      [id],
      Prisma.sql`SELECT a.c, a.s, a.f, a.r, a.i, a.l, CASE WHEN d.k IS NULL THEN a.k ELSE 'modify'::"ValueChangeKind" END,
          CASE WHEN d.k IS NULL THEN a.o ELSE d.o END, a.n
        FROM "e" AS a
        LEFT JOIN "e" AS d ON a."moved" AND d.k = 'delete' AND d.s = a.s AND d.f = a.f AND d.r = a.r AND d.i = a.i AND d.l = a.l
        WHERE NOT (a.k = 'delete' AND EXISTS (
          SELECT 1 FROM "e" AS b WHERE b."moved" AND b.s = a.s AND b.f = a.f AND b.r = a.r AND b.i = a.i AND b.l = a.l))`,
      Prisma.sql`VALUES (${id}::bigint)`,
    )}`;
}
