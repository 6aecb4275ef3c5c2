import type { JWK } from "jose";
import { AppError } from "~/domain/app-error";
import { domainDid, keyDidUrl, splitKid } from "~/domain/versions/did-web";
import { organizationDid } from "~/domain/versions/passport-credential";
import { getConfig, publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";

/** `exp`: a retired key's retirement, a NumericDate (seconds, the milliseconds as a fraction; docs/versions.md §Keys). */
export type PublicJwk = JWK & { kid: string; alg: "EdDSA"; use: "sig"; exp?: number };

type KeyRow = { kid: string; publicJwk: unknown; retiredAt: Date | null };

function publicJwkOf(row: KeyRow, kid = row.kid): PublicJwk {
  const { kty, crv, x } = row.publicJwk as { kty: string; crv: string; x: string };
  return { kty, crv, x, kid, alg: "EdDSA", use: "sig", ...(row.retiredAt && { exp: row.retiredAt.getTime() / 1000 }) };
}

/**
 * One key as the JWKS lists it (docs/versions.md §Keys): once under each `kid` a JWS it signed may carry, so a JWKS
 * client matching `kid` exactly (jose's createRemoteJWKSet, RFC 7515 §4.1.4) finds it — the DID URL
 * `did:web:{host}:orgs:{orgaId}#{thumbprint}` of versions signed under the app's host, `did:web:{domain}#{thumbprint}`
 * while the organization signs under a domain of its own, and the bare thumbprint of versions signed before DID URLs.
 */
function jwksEntriesOf(row: KeyRow, organization: { id: string; didWebDomain: string | null }, baseUrl: string): PublicJwk[] {
  const dids = [organizationDid(baseUrl, organization.id)];
  if (organization.didWebDomain) dids.push(domainDid(organization.didWebDomain));
  return [publicJwkOf(row), ...dids.map((did) => publicJwkOf(row, keyDidUrl(did, row.kid)))];
}

const keySelect = { kid: true, publicJwk: true, retiredAt: true, organization: { select: { id: true, didWebDomain: true } } } as const;

type Jwks = { keys: PublicJwk[] };

/**
 * The app's copy of the JWKS, valid while the key set's version is unchanged in the same database (a process pointed
 * at another one, as tests and the bench are, starts over) under the same base URL (the DID URLs name it).
 */
let cachedJwks: { version: bigint; source: string; jwks: Jwks } | null = null;

/**
 * `/.well-known/jwks.json`: the public keys of every organization, retired ones included with their retirement as
 * `exp`, so every version signed before it verifies and none published after it does (docs/versions.md §Keys). Only
 * public members (kty, crv, x) are read from the rows. A request reads one row, the key set's version (advanced by
 * the database on every change of a key or a did:web domain); the keys themselves are read only when it moved, so a
 * request never scans every organization's keys. While it is unchanged the same object is answered, which lets the
 * route keep its text and ETag (src/server/public-pages/version-routes.ts).
 */
export async function readJwks(): Promise<Jwks> {
  const baseUrl = publicBaseUrl();
  const source = `${getConfig().DATABASE_URL ?? ""} ${baseUrl}`;
  const set = await getDb().signingKeySet.findUnique({ where: { id: 1 }, select: { version: true } });
  if (set && cachedJwks?.version === set.version && cachedJwks.source === source) return cachedJwks.jwks;
  const rows = await getDb().organizationSigningKey.findMany({ select: keySelect, orderBy: [{ createdAt: "asc" }, { kid: "asc" }] });
  const jwks = { keys: rows.flatMap((row) => jwksEntriesOf(row, row.organization, baseUrl)) };
  // Without the version row (never, after the migration) nothing is kept: there would be nothing to notice a change by.
  cachedJwks = set ? { version: set.version, source, jwks } : null;
  return jwks;
}

/**
 * `/orgs/{orgaId}/jwks.json`: one organization's keys, as the JWKS lists them — what a verifier of its versions needs,
 * read by the organization's index. An unknown organization, or one that never published, is NOT_FOUND.
 */
export async function readOrganizationJwks(organizationId: string): Promise<Jwks> {
  const rows = await getDb().organizationSigningKey.findMany({
    where: { organizationId },
    select: keySelect,
    orderBy: [{ createdAt: "asc" }, { kid: "asc" }],
  });
  if (rows.length === 0) throw new AppError("NOT_FOUND", "No keys: the organization has published nothing.");
  const baseUrl = publicBaseUrl();
  return { keys: rows.flatMap((row) => jwksEntriesOf(row, row.organization, baseUrl)) };
}

/** The longest `kid` a lookup reads: a DID URL of a 253-character domain and a thumbprint, with room to spare. */
const MAX_KID_LENGTH = 512;

/**
 * `/.well-known/jwks.json?kid=`: the entries listed under exactly that `kid` (docs/versions.md §Keys) — what a verifier
 * holding a JWS needs, read by the key's primary key (the thumbprint the `kid` ends with), so its cost does not grow
 * with the number of organizations. An unknown `kid` is an empty set, as a JWKS without a matching key is.
 */
export async function readJwksOfKid(kid: string): Promise<Jwks> {
  if (kid.length > MAX_KID_LENGTH) return { keys: [] };
  const row = await getDb().organizationSigningKey.findUnique({ where: { kid: splitKid(kid).fragment }, select: keySelect });
  if (!row) return { keys: [] };
  return { keys: jwksEntriesOf(row, row.organization, publicBaseUrl()).filter((entry) => entry.kid === kid) };
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
