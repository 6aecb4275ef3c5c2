import { AppError } from "~/domain/app-error";
import { getAuth } from "~/server/auth/auth";
import { verifyApiKey } from "~/server/auth/verify-api-key";
import { getDb } from "~/server/db/client";

/**
 * Who is calling: a user, with the organizations they may act on (for an API key, only the key's own organization,
 * while the user is a member of it). Services authorize against this alone.
 */
export type Actor = { userId: string; organizationIds: string[]; via: "session" | "apiKey" };

/**
 * The operator at the command line, who may act on any organization. Services that allow it take it as their
 * explicit actor, so forgetting to pass a user never silently means "operator".
 */
export type Operator = { kind: "operator" };
export const OPERATOR: Operator = { kind: "operator" };

/** The API key a request carries in `api_token` or `Authorization: Bearer`, if any. */
export function readApiKey(headers: Headers): string | undefined {
  const token = headers.get("api_token")?.trim();
  if (token) return token;
  const authorization = headers.get("authorization")?.trim();
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}

/**
 * The one place every REST route and tRPC procedure learns who the caller is. A presented key must be valid (an
 * unknown or revoked key is 401 even when a session cookie is present, so a script never silently acts as the
 * browser's user); without a key the session cookie decides. Returns null for an anonymous caller. `requests` is
 * what the call costs against a key's rate limit: the number of calls in a tRPC batch.
 */
export async function resolveActor(headers: Headers, { requests = 1 }: { requests?: number } = {}): Promise<Actor | null> {
  const key = readApiKey(headers);
  if (key !== undefined) {
    const { userId, organizationIds } = await verifyApiKey(key, requests);
    return { userId, organizationIds, via: "apiKey" };
  }
  const session = await getAuth().api.getSession({ headers });
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
