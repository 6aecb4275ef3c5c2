import type { JWK } from "jose";
import { getDb } from "~/server/db/client";

/** `exp`: a retired key's retirement, a NumericDate (seconds, the milliseconds as a fraction; docs/versions.md §Keys). */
export type PublicJwk = JWK & { kid: string; alg: "EdDSA"; use: "sig"; exp?: number };

function publicJwkOf(row: { kid: string; publicJwk: unknown; retiredAt: Date | null }): PublicJwk {
  const { kty, crv, x } = row.publicJwk as { kty: string; crv: string; x: string };
  return { kty, crv, x, kid: row.kid, alg: "EdDSA", use: "sig", ...(row.retiredAt && { exp: row.retiredAt.getTime() / 1000 }) };
}

/**
 * `/.well-known/jwks.json`: the public keys of every organization, retired ones included with their retirement as
 * `exp`, so every version signed before it verifies and none published after it does (docs/versions.md §Keys). Only
 * public members (kty, crv, x) are read from the rows.
 */
export async function readJwks(): Promise<{ keys: PublicJwk[] }> {
  const rows = await getDb().organizationSigningKey.findMany({
    select: { kid: true, publicJwk: true, retiredAt: true },
    orderBy: { createdAt: "asc" },
  });
  return { keys: rows.map(publicJwkOf) };
}

export type SigningKeySummary = { kid: string; createdAt: string; retiredAt: string | null; publicJwk: PublicJwk };

/** An organization's keys, newest first (public parts only). */
export async function organizationPublicKeys(organizationId: string): Promise<SigningKeySummary[]> {
  const rows = await getDb().organizationSigningKey.findMany({
    where: { organizationId },
    select: { kid: true, publicJwk: true, createdAt: true, retiredAt: true },
    orderBy: { createdAt: "desc" },
  });
  return rows.map((row) => ({
    kid: row.kid,
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
    publicJwk: publicJwkOf(row),
  }));
}
