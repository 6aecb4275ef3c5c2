import { AppError } from "~/domain/app-error";
import type { Actor, Operator } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertSignedIn } from "~/server/services/access";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type RevokeApiKeyOptions = {
  /** A signed-in user revokes only their own keys; the operator (CLI) any key. */
  actor: Actor | Operator;
  id: string;
};

/**
 * Revokes a key for good: `revokedAt` is set once and never cleared, and verify-api-key.ts refuses any key that has
 * it, whatever `enabled` says. The row stays so the key list can show when it was revoked; revoking an already
 * revoked key answers with the original time.
 */
export async function revokeApiKey({ id, actor }: RevokeApiKeyOptions) {
  const isOperator = "kind" in actor;
  if (!isOperator) assertSignedIn(actor, "Revoking an API key");
  const db = getDb();
  const owned = { id, ...(isOperator ? {} : { referenceId: actor.userId }) };
  const now = new Date();
  // Conditional on revokedAt being unset, so a second revocation (or a concurrent one) keeps the first time.
  const { count } = await db.apikey.updateMany({
    where: { ...owned, revokedAt: null },
    data: { revokedAt: now, enabled: false, updatedAt: now },
  });
  const key = await db.apikey.findFirst({ where: owned, select: { id: true, revokedAt: true, organizationId: true } });
  if (!key?.revokedAt) throw new AppError("NOT_FOUND", `No API key ${id}.`);
  // Keys made before keys were scoped belong to no organization, so no organization's log names their revocation.
  if (count > 0 && key.organizationId)
    await recordAuditEvent(db, { organizationId: key.organizationId, actor, type: "apiKey.revoked", subject: id });
  return { id: key.id, revokedAt: key.revokedAt.toISOString() };
}
