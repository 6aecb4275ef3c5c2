import type { JWK } from "jose";
import { getDb } from "~/server/db/client";

export type PublicJwk = JWK & { kid: string; alg: "EdDSA"; use: "sig" };

function publicJwkOf(row: { kid: string; publicJwk: unknown }): PublicJwk {
  const { kty, crv, x } = row.publicJwk as { kty: string; crv: string; x: string };
  return { kty, crv, x, kid: row.kid, alg: "EdDSA", use: "sig" };
}

/**
 * `/.well-known/jwks.json`: the public keys of every organization, retired ones included, so every version ever
 * signed verifies (docs/versions.md §Keys). Only public members (kty, crv, x) are read from the rows.
 */
export async function readJwks(): Promise<{ keys: PublicJwk[] }> {
  const rows = await getDb().organizationSigningKey.findMany({
    select: { kid: true, publicJwk: true },
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
