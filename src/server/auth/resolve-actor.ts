import "server-only";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { readApiKey } from "~/server/auth/read-api-key";
import { readSession } from "~/server/auth/read-session";
import { verifyApiKey } from "~/server/auth/verify-api-key";
import { getDb } from "~/server/db/client";

/**
 * The one place every REST route and tRPC procedure learns who the caller is. A presented key must be valid (an
 * unknown or revoked key is 401 even when a session cookie is present, so a script never silently acts as the
 * browser's user); without a key the session cookie decides. Returns null for an anonymous caller. `requests` is
 * what the call costs against a key's rate limit: the number of calls in a tRPC batch.
 */
export async function resolveActor(headers: Headers, { requests = 1 }: { requests?: number } = {}): Promise<Actor | null> {
  const key = readApiKey(headers);
  if (key !== undefined) {
    const { keyId, userId, organizationIds } = await verifyApiKey(key, requests);
    return { userId, organizationIds, via: "apiKey", apiKeyId: keyId };
  }
  const session = await readSession(headers);
  if (!session) return null;
  return { userId: session.user.id, organizationIds: await membershipsOf(session.user.id), via: "session" };
}

export async function requireActor(headers: Headers): Promise<Actor> {
  const actor = await resolveActor(headers);
  if (!actor) throw new AppError("UNAUTHORIZED", "Authentication required: send an API key in the api_token header.");
  return actor;
}

async function membershipsOf(userId: string): Promise<string[]> {
  const members = await getDb().member.findMany({ where: { userId }, select: { organizationId: true } });
  return members.map((member) => member.organizationId);
}
