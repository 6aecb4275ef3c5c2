import { AppError } from "~/domain/app-error";
import { getAuth } from "~/server/auth/auth";
import { getDb } from "~/server/db/client";

/** Who is calling: a user, with the organizations they belong to. Services authorize against this alone. */
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
 * browser's user); without a key the session cookie decides. Returns null for an anonymous caller.
 */
export async function resolveActor(headers: Headers): Promise<Actor | null> {
  const key = readApiKey(headers);
  if (key !== undefined) {
    const userId = await verifyApiKey(key);
    return { userId, organizationIds: await membershipsOf(userId), via: "apiKey" };
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

async function verifyApiKey(key: string): Promise<string> {
  const result = await getAuth().api.verifyApiKey({ body: { key } });
  if (result.valid && result.key) return result.key.referenceId;
  if (result.error?.code === "RATE_LIMITED") {
    const details = (result.error as { details?: { tryAgainIn?: number } }).details;
    const seconds = Math.max(1, Math.ceil((details?.tryAgainIn ?? 60_000) / 1000));
    throw new AppError("TOO_MANY_REQUESTS", `Too many requests with this API key; try again in ${seconds} s.`, undefined, seconds);
  }
  throw new AppError("UNAUTHORIZED", "The API key is unknown or revoked.");
}

async function membershipsOf(userId: string): Promise<string[]> {
  const members = await getDb().member.findMany({ where: { userId }, select: { organizationId: true } });
  return members.map((member) => member.organizationId);
}
