import {
  MAX_LISTED_VALUE_CHANGES,
  type THistoryAuthor,
  type THistoryEntry,
  type TLatestValueChange,
  type TValueKey,
  ZHistoryVia,
  ZPropertyChange,
  ZValueChangeKind,
} from "~/domain/history";
import { storedLanguage, tripleKey, withStoredLanguage } from "~/domain/data-value";
import { decodeInnerRows, encodeInnerRows } from "~/domain/row-path";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/** Reads of the history (passport_change with its value-change arrays); the writes are in change-record.ts. */

/** The changes of one owner: a model's own (not its items'), or one item's. Both use an index ending in id. */
function ownerChanges(owner: PassportDataOwner): Prisma.Sql {
  return owner.kind === "item"
    ? Prisma.sql`c."itemId" = ${owner.id}::uuid`
    : Prisma.sql`c."modelId" = ${owner.id}::uuid AND c."ownerKind" = 'model'`;
}

type AuthorColumns = { via: string; userId: string | null; userName: string | null; apiKeyId: string | null; keyName: string | null };

/** Who wrote, with the names as they are now: ids are kept without foreign keys, so a name may be gone (null). */
const AUTHOR_COLUMNS = Prisma.sql`c."via"::text AS "via", c."userId", u."name" AS "userName", c."apiKeyId", k."name" AS "keyName"`;
const AUTHOR_JOINS = Prisma.sql`LEFT JOIN "user" AS u ON u."id" = c."userId" LEFT JOIN "apikey" AS k ON k."id" = c."apiKeyId"`;

function toAuthor(row: AuthorColumns): THistoryAuthor {
  if (row.userId === null) return { kind: "operator", id: null, name: null };
  const user = { id: row.userId, name: row.userName };
  return row.apiKeyId === null ? { kind: "user", ...user } : { kind: "apiKey", id: row.apiKeyId, name: row.keyName, user };
}

type EntryRow = AuthorColumns & {
  id: string;
  at: Date;
  properties: unknown;
  valueCount: number;
  changes: { s: string; f: string; r: number; i: string | null; l: string; k: string; o: string | null; n: string | null }[];
};

/** The value changes of the change `c` as rows (s, f, r, i, l, k, o, n), unnested from its parallel arrays. */
const VALUE_CHANGES = Prisma.sql`unnest(c."valueSectionIds", c."valueFieldIds", c."valueRows", c."valueInnerRows", c."valueLanguages",
                                        c."valueKinds", c."oldValues", c."newValues") AS v(s, f, r, i, l, k, o, n)`;

/**
 * One page of an owner's history, newest first, `limit + 1` entries read so the caller knows if more follow. Each
 * entry lists its first MAX_LISTED_VALUE_CHANGES value changes by section, field and row (a top-N sort of its
 * arrays) and counts them all (the arrays' length).
 */
export async function readHistoryPage(
  db: Tx,
  owner: PassportDataOwner,
  { beforeId, limit }: { beforeId: string | undefined; limit: number },
): Promise<{ entries: THistoryEntry[]; hasMore: boolean }> {
  const rows = await db.$queryRaw<EntryRow[]>`
    SELECT c."id"::text AS "id", c."at", c."properties", ${AUTHOR_COLUMNS}, cardinality(c."valueRows") AS "valueCount",
           l."changes"
    FROM "passport_change" AS c
    ${AUTHOR_JOINS}
    CROSS JOIN LATERAL (
      SELECT coalesce(jsonb_agg(jsonb_build_object('s', x.s, 'f', x.f, 'r', x.r, 'i', x.i, 'l', x.l, 'k', x.k, 'o', x.o, 'n', x.n)
                                 ORDER BY x.s, x.f, x.r, x.i, x.l), '[]'::jsonb) AS "changes"
      FROM (SELECT v.* FROM ${VALUE_CHANGES} ORDER BY v.s, v.f, v.r, v.i, v.l LIMIT ${MAX_LISTED_VALUE_CHANGES}) AS x
    ) AS l
    WHERE ${ownerChanges(owner)} ${beforeId === undefined ? Prisma.empty : Prisma.sql`AND c."id" < ${beforeId}::bigint`}
    ORDER BY c."id" DESC
    LIMIT ${limit + 1}`;
  const entries = rows.slice(0, limit).map((row): THistoryEntry => ({
    id: row.id,
    at: row.at.toISOString(),
    via: ZHistoryVia.parse(row.via),
    who: toAuthor(row),
    changes: row.changes.map((c) =>
      withStoredLanguage(
        {
          dataSectionId: c.s,
          dataFieldId: c.f,
          row: c.r,
          ...innerRowsOf(c.i),
          kind: ZValueChangeKind.parse(c.k),
          from: c.o,
          to: c.n,
        },
        c.l ?? "",
      ),
    ),
    valueCount: row.valueCount,
    properties: ZPropertyChange.array().parse(row.properties ?? []),
  }));
  return { entries, hasMore: rows.length > limit };
}

/** `innerRows` of a recorded change, when it has any ('' or null before nesting: none). */
function innerRowsOf(stored: string | null): { innerRows?: number[] } {
  const innerRows = decodeInnerRows(stored ?? "");
  return innerRows ? { innerRows } : {};
}

type LatestRow = AuthorColumns & {
  s: string;
  f: string;
  r: number;
  i: string | null;
  l: string;
  changeId: string;
  at: Date;
  kind: string;
  oldValue: string | null;
  newValue: string | null;
};

/** How many of an owner's changes one step of readLatestValueChanges searches. */
const LATEST_BATCH = 32;

/**
 * The latest change of each given value of an owner; values never changed since history began are left out. The
 * owner's changes are searched newest first, a batch at a time, each batch's arrays unnested and joined to the keys
 * still open, until every key is found or the history ends: the values a conflict asks about were mostly changed
 * by the last few writes, so the cost grows with the changes since a value's last change, not with all of history.
 */
export async function readLatestValueChanges(
  db: Tx,
  owner: PassportDataOwner,
  keys: readonly TValueKey[],
): Promise<TLatestValueChange[]> {
  const found = new Map<string, TLatestValueChange>();
  let open = [...keys];
  let beforeId: string | undefined;
  while (open.length > 0) {
    // One row per hit, each with the batch's size and oldest id; one row of nulls when nothing was hit.
    const rows = await db.$queryRaw<(BatchColumns & Partial<LatestRow>)[]>`
      WITH "batch" AS (
        SELECT c.* FROM "passport_change" AS c
        WHERE ${ownerChanges(owner)} ${beforeId === undefined ? Prisma.empty : Prisma.sql`AND c."id" < ${beforeId}::bigint`}
        ORDER BY c."id" DESC
        LIMIT ${LATEST_BATCH}
      ), "hit" AS (
        SELECT DISTINCT ON (v.s, v.f, v.r, v.i, v.l) v.s::text AS "s", v.f::text AS "f", v.r AS "r", v.i AS "i", v.l AS "l",
               c."id"::text AS "changeId",
               c."at", ${AUTHOR_COLUMNS}, v.k::text AS "kind", v.o AS "oldValue", v.n AS "newValue"
        FROM "batch" AS c
        CROSS JOIN LATERAL ${VALUE_CHANGES}
        JOIN unnest(${open.map((k) => k.dataSectionId)}::uuid[], ${open.map((k) => k.dataFieldId)}::uuid[],
                    ${open.map((k) => k.row)}::int[], ${open.map((k) => encodeInnerRows(k.innerRows))}::text[],
                    ${open.map(storedLanguage)}::text[]) AS key(s, f, r, i, l)
          ON v.s = key.s AND v.f = key.f AND v.r = key.r AND v.i = key.i AND v.l = key.l
        ${AUTHOR_JOINS}
        ORDER BY v.s, v.f, v.r, v.i, v.l, c."id" DESC
      )
      SELECT b."batchSize", b."oldestId", h.*
      FROM (SELECT count(*)::int AS "batchSize", min("id")::text AS "oldestId" FROM "batch") AS b
      LEFT JOIN "hit" AS h ON true`;
    for (const row of rows) if (isHit(row)) found.set(tripleKey(toLatest(row)), toLatest(row));
    open = open.filter((k) => !found.has(tripleKey(k)));
    const [first] = rows;
    if (!first || first.batchSize < LATEST_BATCH || first.oldestId === null) break;
    beforeId = first.oldestId;
  }
  return [...found.values()].sort(
    (a, b) => compare(a.dataSectionId, b.dataSectionId) || compare(a.dataFieldId, b.dataFieldId) || a.row - b.row,
  );
}

type BatchColumns = { batchSize: number; oldestId: string | null };

function isHit(row: BatchColumns & Partial<LatestRow>): row is BatchColumns & LatestRow {
  return row.changeId !== undefined && row.changeId !== null;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toLatest(row: LatestRow): TLatestValueChange {
  return {
    dataSectionId: row.s,
    dataFieldId: row.f,
    row: row.r,
    ...innerRowsOf(row.i),
    ...(row.l !== "" && { language: row.l }),
    kind: ZValueChangeKind.parse(row.kind),
    from: row.oldValue,
    to: row.newValue,
    changeId: row.changeId,
    at: row.at.toISOString(),
    via: ZHistoryVia.parse(row.via),
    who: toAuthor(row),
  };
}
