import { AppError } from "~/domain/app-error";
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
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

/** Reads of the history tables (passport_change, passport_change_value); the writes are in change-record.ts. */

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

/** The cursor of a history page: the id of its last entry, opaque to clients (base64url). */
export function encodeHistoryCursor(id: string): string {
  return Buffer.from(id).toString("base64url");
}

export function decodeHistoryCursor(cursor: string): string {
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw new AppError("BAD_REQUEST", "The cursor is not one this API returned.");
  return id;
}

type EntryRow = AuthorColumns & {
  id: string;
  at: Date;
  properties: unknown;
  valueCount: number;
  changes: { s: string; f: string; r: number; k: string; o: string | null; n: string | null }[];
};

/**
 * One page of an owner's history, newest first, `limit + 1` entries read so the caller knows if more follow. Each
 * entry lists its first MAX_LISTED_VALUE_CHANGES value changes (read along the primary key, so a write of 100,000
 * values costs a short index scan here) and counts them all.
 */
export async function readHistoryPage(
  db: Tx,
  owner: PassportDataOwner,
  { beforeId, limit }: { beforeId: string | undefined; limit: number },
): Promise<{ entries: THistoryEntry[]; hasMore: boolean }> {
  const rows = await db.$queryRaw<EntryRow[]>`
    SELECT c."id"::text AS "id", c."at", c."properties", ${AUTHOR_COLUMNS}, n."valueCount", v."changes"
    FROM "passport_change" AS c
    ${AUTHOR_JOINS}
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "valueCount" FROM "passport_change_value" WHERE "changeId" = c."id"
    ) AS n
    CROSS JOIN LATERAL (
      SELECT coalesce(jsonb_agg(jsonb_build_object('s', x."dataSectionId", 'f', x."dataFieldId", 'r', x."row", 'k', x."kind",
                                                   'o', x."oldValue", 'n', x."newValue")
                                 ORDER BY x."dataSectionId", x."dataFieldId", x."row"), '[]'::jsonb) AS "changes"
      FROM (
        SELECT * FROM "passport_change_value" WHERE "changeId" = c."id"
        ORDER BY "dataSectionId", "dataFieldId", "row" LIMIT ${MAX_LISTED_VALUE_CHANGES}
      ) AS x
    ) AS v
    WHERE ${ownerChanges(owner)} ${beforeId === undefined ? Prisma.empty : Prisma.sql`AND c."id" < ${beforeId}::bigint`}
    ORDER BY c."id" DESC
    LIMIT ${limit + 1}`;
  const entries = rows.slice(0, limit).map((row): THistoryEntry => ({
    id: row.id,
    at: row.at.toISOString(),
    via: ZHistoryVia.parse(row.via),
    who: toAuthor(row),
    changes: row.changes.map((c) => ({
      dataSectionId: c.s,
      dataFieldId: c.f,
      row: c.r,
      kind: ZValueChangeKind.parse(c.k),
      from: c.o,
      to: c.n,
    })),
    valueCount: row.valueCount,
    properties: ZPropertyChange.array().parse(row.properties ?? []),
  }));
  return { entries, hasMore: rows.length > limit };
}

type LatestRow = AuthorColumns & {
  s: string;
  f: string;
  r: number;
  changeId: string;
  at: Date;
  kind: string;
  oldValue: string | null;
  newValue: string | null;
};

/**
 * The latest change of each given value of an owner; values never changed since history began are left out. Per
 * key, the owner's changes are walked newest first and each is probed on the primary key, so the cost grows with
 * the keys asked and the changes since a value's last change, not with the size of past writes.
 */
export async function readLatestValueChanges(
  db: Tx,
  owner: PassportDataOwner,
  keys: readonly TValueKey[],
): Promise<TLatestValueChange[]> {
  if (keys.length === 0) return [];
  const rows = await db.$queryRaw<LatestRow[]>`
    SELECT key.s::text AS "s", key.f::text AS "f", key.r AS "r", x.*
    FROM unnest(${keys.map((k) => k.dataSectionId)}::uuid[], ${keys.map((k) => k.dataFieldId)}::uuid[],
                ${keys.map((k) => k.row)}::int[]) AS key(s, f, r)
    CROSS JOIN LATERAL (
      SELECT c."id"::text AS "changeId", c."at", ${AUTHOR_COLUMNS}, v."kind"::text AS "kind", v."oldValue", v."newValue"
      FROM "passport_change" AS c
      JOIN "passport_change_value" AS v
        ON v."changeId" = c."id" AND v."dataSectionId" = key.s AND v."dataFieldId" = key.f AND v."row" = key.r
      ${AUTHOR_JOINS}
      WHERE ${ownerChanges(owner)}
      ORDER BY c."id" DESC
      LIMIT 1
    ) AS x
    ORDER BY key.s, key.f, key.r`;
  return rows.map((row) => ({
    dataSectionId: row.s,
    dataFieldId: row.f,
    row: row.r,
    kind: ZValueChangeKind.parse(row.kind),
    from: row.oldValue,
    to: row.newValue,
    changeId: row.changeId,
    at: row.at.toISOString(),
    via: ZHistoryVia.parse(row.via),
    who: toAuthor(row),
  }));
}
