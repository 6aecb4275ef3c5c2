-- The organization's audit log (docs/security.md §Audit log): who changed members, roles, API keys, access grants and
-- settings, and which members read passports above the public level. Append-only; an event is deleted only once it is
-- older than the organization's "auditRetentionYears" (or with its organization). The actor is named by id without a
-- foreign key, so the log keeps naming a member who was removed or an account that is gone.
ALTER TABLE "organization" ADD COLUMN "auditRetentionYears" INTEGER NOT NULL DEFAULT 10;

CREATE TABLE "audit_event" (
  "id" UUID NOT NULL,
  "organizationId" TEXT NOT NULL,
  "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "type" TEXT NOT NULL,
  -- "session", "apiKey" or "operator" (the CLI); the user and key when there is one.
  "actorKind" TEXT NOT NULL,
  "actorUserId" TEXT,
  "actorApiKeyId" TEXT,
  -- What the event is about: a member's user id, a key's, a grant's, a passport's uuid; null for settings.
  "subject" TEXT,
  "details" JSONB NOT NULL DEFAULT '{}',
  -- Set on reads only: one event per member, passport and hour (src/server/services/audit/).
  "onceKey" TEXT,
  CONSTRAINT "audit_event_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "audit_event_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The log's pages, newest first, and the purge of events older than the retention period.
CREATE INDEX "audit_event_organizationId_at_id_idx" ON "audit_event"("organizationId", "at" DESC, "id" DESC);
CREATE UNIQUE INDEX "audit_event_organizationId_onceKey_key" ON "audit_event"("organizationId", "onceKey");
