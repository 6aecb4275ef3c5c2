import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

/** Reads this process recorded in the current hour, so a member paging through passports writes each event once. */
let recorded = { hour: "", keys: new Set<string>() };
const MAX_REMEMBERED = 10_000;

/**
 * Records a member's read of a passport that holds fields above the public level (docs/security.md §Audit log): one
 * event per member (or key), passport and hour — the unique `onceKey` makes that hold across app servers, and this
 * process skips the statement for a read it already recorded in the hour.
 */
export async function recordRestrictedRead(actor: Actor, organizationId: string, uuid: string): Promise<void> {
  const hour = new Date().toISOString().slice(0, 13);
  if (recorded.hour !== hour || recorded.keys.size >= MAX_REMEMBERED) recorded = { hour, keys: new Set() };
  const onceKey = `read:${actor.userId}:${actor.apiKeyId ?? "session"}:${uuid}:${hour}`;
  if (recorded.keys.has(onceKey)) return;
  await recordAuditEvent(getDb(), { organizationId, actor, type: "passport.restrictedRead", subject: uuid, onceKey });
  recorded.keys.add(onceKey);
}
