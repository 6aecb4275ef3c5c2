import type { Actor, Operator } from "~/domain/actor";
import type { TAuditEventType } from "~/domain/audit-events";
import type { Tx } from "~/server/db/transaction";

export type AuditEventInput = {
  organizationId: string;
  actor: Actor | Operator;
  type: TAuditEventType;
  /** What the event is about: a member's user id, a key's id, a grant's, a passport's uuid. */
  subject?: string | null;
  /** A small JSON object: the role given, the settings changed (their names and new values), … never a secret. */
  details?: Record<string, unknown>;
  /** Events with the same key are recorded once (reads: one per member, passport and hour). */
  onceKey?: string;
};

/**
 * Appends one event to the organization's audit log (docs/security.md §Audit log), in the caller's transaction so the
 * event exists exactly when the change does. The same statement deletes the organization's events older than its
 * retention period, so the log is purged as it grows, with no job to run.
 */
export async function recordAuditEvent(db: Tx, event: AuditEventInput): Promise<void> {
  const { organizationId, actor } = event;
  const isOperator = "kind" in actor;
  await db.$executeRaw`
    WITH "purged" AS (
      DELETE FROM "audit_event" AS e USING "organization" AS o
      WHERE o."id" = ${organizationId} AND e."organizationId" = o."id"
        AND e."at" < now() - make_interval(years => o."auditRetentionYears")
    )
    INSERT INTO "audit_event" ("id", "organizationId", "type", "actorKind", "actorUserId", "actorApiKeyId", "subject", "details", "onceKey")
    VALUES (${crypto.randomUUID()}::uuid, ${organizationId}, ${event.type}, ${isOperator ? "operator" : actor.via},
      ${isOperator ? null : actor.userId}, ${isOperator ? null : (actor.apiKeyId ?? null)}, ${event.subject ?? null},
      ${JSON.stringify(event.details ?? {})}::jsonb, ${event.onceKey ?? null})
    ON CONFLICT ("organizationId", "onceKey") DO NOTHING`;
}
