import "server-only";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { readApiKey } from "~/server/auth/read-api-key";
import { readSession } from "~/server/auth/read-session";
import { verifyApiKey, type Membership } from "~/server/auth/verify-api-key";
import { ZMemberRole } from "~/domain/roles";
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
    const { keyId, userId, memberships, scope } = await verifyApiKey(key, requests);
    return { userId, ...actorMemberships(memberships), via: "apiKey", apiKeyId: keyId, scope };
  }
  const session = await readSession(headers);
  if (!session) return null;
  const memberships = await membershipsOf(session.user.id);
  // An organization that requires a second factor counts only once the member signs in with one (docs/security.md).
  const isBlocked = (membership: SessionMembership) => membership.organization.requireTwoFactor && !session.user.twoFactorEnabled;
  const twoFactorRequiredBy = memberships.filter(isBlocked).map((membership) => membership.organizationId);
  const acting = actorMemberships(memberships.filter((membership) => !isBlocked(membership)));
  return { userId: session.user.id, ...acting, via: "session", ...(twoFactorRequiredBy.length > 0 && { twoFactorRequiredBy }) };
}

export async function requireActor(headers: Headers): Promise<Actor> {
  const actor = await resolveActor(headers);
  if (!actor) throw new AppError("UNAUTHORIZED", "Authentication required: send an API key in the api_token header.");
  return actor;
}

type SessionMembership = Membership & { organization: { requireTwoFactor: boolean } };

/** A suspended membership counts for nothing: the member acts as a non-member (403) until the membership ends. */
async function membershipsOf(userId: string): Promise<SessionMembership[]> {
  return getDb().member.findMany({
    where: { userId, suspendedAt: null },
    select: { organizationId: true, role: true, organization: { select: { requireTwoFactor: true } } },
  });
}

function actorMemberships(memberships: Membership[]): Pick<Actor, "organizationIds" | "roles"> {
  return {
    organizationIds: memberships.map((membership) => membership.organizationId),
    roles: Object.fromEntries(memberships.map((membership) => [membership.organizationId, ZMemberRole.parse(membership.role)])),
  };
}
