import { AppError } from "~/domain/app-error";
import { getDb } from "~/server/db/client";

export type RevokeApiKeyOptions = { id: string; /** Only this user's key; absent for the operator CLI. */ userId?: string };

/**
 * Revokes a key by disabling it: better-auth then rejects it, and the row stays so the key list can show when it was
 * revoked. Revoking an already revoked key answers with the original time.
 */
export async function revokeApiKey({ id, userId }: RevokeApiKeyOptions) {
  const db = getDb();
  const key = await db.apikey.findFirst({
    where: { id, ...(userId ? { referenceId: userId } : {}) },
    select: { id: true, enabled: true, updatedAt: true },
  });
  if (!key) throw new AppError("NOT_FOUND", `No API key ${id}.`);
  if (key.enabled === false) return { id: key.id, revokedAt: key.updatedAt.toISOString() };
  const revoked = await db.apikey.update({
    where: { id },
    data: { enabled: false, updatedAt: new Date() },
    select: { id: true, updatedAt: true },
  });
  return { id: revoked.id, revokedAt: revoked.updatedAt.toISOString() };
}
