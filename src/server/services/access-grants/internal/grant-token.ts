import { createHash, randomBytes } from "node:crypto";
import type { TGrantLevel } from "~/domain/passport-schema";
import { getDb } from "~/server/db/client";

/**
 * The secret of an access grant: 32 random bytes, base64url, shown once and stored only as its SHA-256 (like API
 * keys), so a copy of the database opens no passport.
 */
export function generateGrantToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashGrantToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

export type GrantTarget = { organizationId: string; modelId: string; uuid: string };

/**
 * The level a token opens on one passport, recording the read in the same statement; null when the token is unknown,
 * revoked, expired, of another organization or model, or for another single passport. Every such case is the same
 * null, so a caller learns nothing about grants it cannot use (docs/security.md §Access grants). Not cached: a
 * revocation closes the very next read.
 */
export async function openGrant(token: string, { organizationId, modelId, uuid }: GrantTarget): Promise<TGrantLevel | null> {
  const hash = hashGrantToken(token);
  const rows = await getDb().$queryRaw<{ level: TGrantLevel }[]>`
    WITH g AS (
      SELECT "id", "level" FROM "access_grant"
      WHERE "tokenHash" = ${hash} AND "revokedAt" IS NULL AND "expiresAt" > now()
        AND "organizationId" = ${organizationId} AND "modelId" = ${modelId}::uuid
        AND ("passportUuid" IS NULL OR "passportUuid" = ${uuid}::uuid)
    ), recorded AS (
      INSERT INTO "access_grant_read" ("id", "grantId", "passportUuid") SELECT gen_random_uuid(), "id", ${uuid}::uuid FROM g
    )
    SELECT "level" FROM g`;
  return rows[0]?.level ?? null;
}

/** Why a token given for a passport opened nothing (docs/security.md §Access grants). */
export type GrantRefusal = "revoked" | "expired" | "not-valid";

/**
 * Why `openGrant` answered null for this token on this passport: "revoked" or "expired" only for a grant that would
 * open this very passport but for that — its holder knows the 256-bit secret, so telling them its state reveals
 * nothing to anyone else — and "not-valid" for every other case (unknown, another organization, model or
 * passport), the same answer whatever exists.
 */
export async function grantRefusal(token: string, { organizationId, modelId, uuid }: GrantTarget): Promise<GrantRefusal> {
  const rows = await getDb().$queryRaw<{ revoked: boolean }[]>`
    SELECT "revokedAt" IS NOT NULL AS "revoked" FROM "access_grant"
    WHERE "tokenHash" = ${hashGrantToken(token)} AND "organizationId" = ${organizationId} AND "modelId" = ${modelId}::uuid
      AND ("passportUuid" IS NULL OR "passportUuid" = ${uuid}::uuid)`;
  const row = rows[0];
  if (!row) return "not-valid";
  return row.revoked ? "revoked" : "expired";
}
