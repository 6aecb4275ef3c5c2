import "server-only";
import { AppError } from "~/domain/app-error";
import { chargeApiKey, type ApiKeyRateLimit } from "~/server/auth/api-key-rate-limit";
import { hashApiKey } from "~/server/auth/api-key-token";
import { recordApiKeyUse } from "~/server/auth/api-key-usage";
import { hotStatement } from "~/server/db/hot-statement";
import { ZApiKeyScope, type TApiKeyScope } from "~/domain/roles";

/**
 * Our own API key check, replacing better-auth's verifyApiKey, which read and then updated the key's row on every
 * request (last use, request count, rate-limit window), so concurrent readers with one key queued on its row lock.
 * Here a request reads: one query resolves the key, its user and the memberships it may act on; the rate limit is
 * counted in a small shared counter (api-key-rate-limit.ts) and the last use written later, batched (api-key-usage.ts).
 *
 * That query runs on every request, never from a cache: a revoked key, or a member removed, suspended or given
 * another role, is seen by every app server from its very next request (docs/security.md §Removing and suspending
 * members), with nothing to announce and no notification that could arrive after that request.
 */

/** An organization the user acts on, with their role there (one of MEMBER_ROLES: written only through ZMemberRole). */
export type Membership = { organizationId: string; role: string };

export type VerifiedApiKey = { keyId: string; userId: string; memberships: Membership[]; scope: TApiKeyScope };

type KeyRow = {
  id: string;
  userId: string;
  memberships: Membership[];
  scope: string;
  enabled: boolean | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastRequest: Date | null;
  rateLimitEnabled: boolean | null;
  rateLimitMax: number | null;
  rateLimitTimeWindow: number | null;
};

/**
 * The key's user, its scope and the organizations the key acts on, with the user's role there: its own organization
 * while the user is a member of it and not suspended (else none), or all the user's organizations for a key made
 * before keys were scoped. Charges `requests` requests
 * to the key's rate limit. Unknown, revoked or disabled keys and expired ones are UNAUTHORIZED.
 */
export async function verifyApiKey(token: string, requests = 1): Promise<VerifiedApiKey> {
  const hash = hashApiKey(token);
  const now = Date.now();
  const row = await lookUp(hash);
  if (!row || row.revokedAt || row.enabled === false) {
    throw new AppError("UNAUTHORIZED", "The API key is unknown or revoked.");
  }
  if (row.expiresAt && row.expiresAt.getTime() <= now) {
    throw new AppError("UNAUTHORIZED", `The API key expired on ${row.expiresAt.toISOString()}; create a new one.`);
  }
  await chargeApiKey(row.id, rateLimitOf(row), requests, now);
  recordApiKeyUse(row.id, row.lastRequest);
  return { keyId: row.id, userId: row.userId, memberships: row.memberships, scope: ZApiKeyScope.parse(row.scope) };
}

// Every API request runs it: a statement prepared once (src/server/db/hot-statement.ts). Timestamps as instants.
const lookUpKey = hotStatement<KeyRow>(
  "verify_api_key",
  `SELECT k."id", k."referenceId" AS "userId", k."scope", k."enabled", k."revokedAt" AT TIME ZONE 'UTC' AS "revokedAt",
          k."expiresAt" AT TIME ZONE 'UTC' AS "expiresAt", k."lastRequest" AT TIME ZONE 'UTC' AS "lastRequest",
          k."rateLimitEnabled", k."rateLimitMax", k."rateLimitTimeWindow",
          COALESCE((
            SELECT json_agg(json_build_object('organizationId', m."organizationId", 'role', m."role")) FROM "member" AS m
            WHERE m."userId" = k."referenceId" AND m."suspendedAt" IS NULL
              AND (k."organizationId" IS NULL OR m."organizationId" = k."organizationId")
          ), '[]'::json) AS "memberships"
   FROM "apikey" AS k
   WHERE k."key" = $1
   LIMIT 1`,
);

async function lookUp(hash: string): Promise<KeyRow | null> {
  const [row] = await lookUpKey([hash]);
  return row ?? null;
}

function rateLimitOf(row: KeyRow): ApiKeyRateLimit | null {
  if (row.rateLimitEnabled === false || !row.rateLimitMax || !row.rateLimitTimeWindow) return null;
  return { max: row.rateLimitMax, windowMs: row.rateLimitTimeWindow };
}
