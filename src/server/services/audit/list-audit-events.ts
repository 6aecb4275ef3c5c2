import type { Actor } from "~/domain/actor";
import {
  AUDIT_EVENT_TYPES,
  type TAuditEvent,
  type TAuditEventType,
  type TAuditLogPage,
  type TAuditLogQuery,
} from "~/domain/audit-events";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { assertMayDo } from "~/server/services/access";
import { decodeCursor, encodeCursor, pageSize } from "~/server/services/internal/page-cursor";

export type ListAuditEventsOptions = { actor: Actor; organizationId: string; query: TAuditLogQuery };

type EventRow = {
  id: string;
  at: Date;
  type: TAuditEventType;
  actorKind: TAuditEvent["actor"]["kind"];
  actorUserId: string | null;
  actorApiKeyId: string | null;
  name: string | null;
  email: string | null;
  subject: string | null;
  details: Record<string, unknown>;
};

/**
 * The organization's audit log, newest first (docs/security.md §Audit log): owners and admins only (403 below), a
 * page of at most 100, filtered by event types and an instant range (`from` inclusive, `to` exclusive). Events older
 * than the retention period are never answered, even before the next event deletes them. The cursor is the last
 * event's instant and id, so events appended meanwhile never shift a page.
 */
export async function listAuditEvents({ actor, organizationId, query }: ListAuditEventsOptions): Promise<TAuditLogPage> {
  assertMayDo(actor, organizationId, "readAuditLog");
  const limit = pageSize(query.limit, getConfig());
  const types: string[] = query.type?.length ? query.type : [...AUDIT_EVENT_TYPES];
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const [cursorAt, cursorId] = after ? [after.createdAt, after.id] : [null, null];
  const rows = await getDb().$queryRaw<EventRow[]>`
    SELECT e."id"::text AS "id", e."at", e."type", e."actorKind", e."actorUserId", e."actorApiKeyId", u."name", u."email",
      e."subject", e."details"
    FROM "audit_event" AS e
      JOIN "organization" AS o ON o."id" = e."organizationId"
      LEFT JOIN "user" AS u ON u."id" = e."actorUserId"
    WHERE e."organizationId" = ${organizationId}
      AND e."type" = ANY(${types}::text[])
      AND e."at" >= now() - make_interval(years => o."auditRetentionYears")
      AND (${query.from ?? null}::timestamptz IS NULL OR e."at" >= ${query.from ?? null}::timestamptz)
      AND (${query.to ?? null}::timestamptz IS NULL OR e."at" < ${query.to ?? null}::timestamptz)
      AND (${cursorAt}::timestamptz IS NULL OR (e."at", e."id") < (${cursorAt}::timestamptz, ${cursorId}::uuid))
    ORDER BY e."at" DESC, e."id" DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toAuditEvent),
    nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

function toAuditEvent(row: EventRow): TAuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    type: row.type,
    actor: { kind: row.actorKind, userId: row.actorUserId, name: row.name, email: row.email, apiKeyId: row.actorApiKeyId },
    subject: row.subject,
    details: row.details,
  };
}
