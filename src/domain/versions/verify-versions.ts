import { compactVerify, decodeProtectedHeader, importJWK, type JSONWebKeySet } from "jose";
import { splitKid } from "~/domain/versions/did-web";
import { canonicalJson, VC_ALGORITHM, VC_JWT_TYPE } from "~/domain/versions/passport-credential";

/**
 * Checks a passport's published versions as anyone can (docs/versions.md §Verifying): each compact JWS verifies with
 * the published JWKS (EdDSA, `typ: vc+jwt`), its payload is the credential in RFC 8785 form, the SHA-256 of that
 * payload is the listed hash, the credential answered as JSON is the one signed, and the versions 1…N chain by
 * `previousHash`. Used by the CLI (`passport:verify`, with the issuer's DID document as the keys): WebCrypto and jose only.
 */

export type VersionToVerify = {
  version: number;
  hash: string;
  previousHash: string | null;
  /** The credential as `GET /p/{uuid}/versions/{n}` answers it. */
  credential: unknown;
  /** The compact JWS of `GET /p/{uuid}/versions/{n}.jwt`. */
  jws: string;
};

export type VersionProblem = { version: number; reason: string };

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The problems of one version's signature, payload, hash and credential; empty when it verifies. The key must be one
 * of `jwks` (by kid; `source` names where they came from: the issuer's DID document for `passport:verify`), and a
 * key with `exp` (a NumericDate: its retirement, docs/versions.md §Keys) must not have signed a version published
 * (`validFrom`) after it — the issuer's own keys never do, so such a version is refused.
 */
export async function verifyVersion(
  version: VersionToVerify,
  jwks: JSONWebKeySet,
  source = "the published keys",
): Promise<VersionProblem[]> {
  const problem = (reason: string): VersionProblem[] => [{ version: version.version, reason }];
  let payload: string;
  let kid: string;
  try {
    const header = decodeProtectedHeader(version.jws);
    if (header.typ !== VC_JWT_TYPE || header.alg !== VC_ALGORITHM || typeof header.kid !== "string") {
      return problem(`the JWS header is not {alg: "${VC_ALGORITHM}", typ: "${VC_JWT_TYPE}", kid}`);
    }
    // A DID URL (`{issuer}#{thumbprint}`) since signing identities, a bare thumbprint before (docs/versions.md §Signature).
    const { did, fragment } = splitKid(header.kid);
    const issuer = (version.credential as { issuer?: unknown }).issuer;
    if (did !== null && did !== issuer) return problem(`its kid ${header.kid} names another DID than its issuer ${String(issuer)}`);
    kid = fragment;
    const key = jwks.keys.find((candidate) => candidate.kid === kid);
    if (!key) return problem(`its signing key ${kid} is not listed in ${source}`);
    const verified = await compactVerify(version.jws, await importJWK(key, VC_ALGORITHM), { algorithms: [VC_ALGORITHM] });
    payload = new TextDecoder().decode(verified.payload);
  } catch (error) {
    return problem(`the signature does not verify with ${source} (${(error as Error).message})`);
  }
  let signed: unknown;
  try {
    signed = JSON.parse(payload);
  } catch {
    return problem("the signed payload is not JSON");
  }
  if (canonicalJson(signed) !== payload) return problem("the signed payload is not in RFC 8785 canonical form");
  const hash = await sha256Hex(payload);
  if (hash !== version.hash) return problem(`the hash does not match: listed ${version.hash}, computed ${hash}`);
  if (canonicalJson(version.credential) !== payload) return problem("the credential answered as JSON differs from the signed one");
  const subject = (signed as { credentialSubject?: { passportVersion?: unknown } }).credentialSubject;
  if (subject?.passportVersion !== version.version)
    return problem(`the signed credential is of version ${String(subject?.passportVersion)}`);
  const key = jwks.keys.find((candidate) => candidate.kid === kid) as { exp?: unknown } | undefined;
  const retired = retirementProblem(signed, kid, key?.exp);
  return retired === null ? [] : problem(retired);
}

/** A version published (its signed `validFrom`) after its key's retirement (`exp`, seconds) is refused. */
function retirementProblem(signed: unknown, kid: string, exp: unknown): string | null {
  if (typeof exp !== "number") return null;
  const validFrom = (signed as { validFrom?: unknown }).validFrom;
  const publishedAt = typeof validFrom === "string" ? Date.parse(validFrom) : Number.NaN;
  // NumericDate seconds carry the milliseconds as a fraction; rounding undoes the division's float error.
  const retiredMs = Math.round(exp * 1000);
  const retiredAt = new Date(retiredMs).toISOString();
  if (Number.isNaN(publishedAt)) return `the signed credential has no validFrom, and its key ${kid} was retired on ${retiredAt}`;
  if (publishedAt <= retiredMs) return null;
  return `it was published on ${new Date(publishedAt).toISOString()}, after its key ${kid} was retired on ${retiredAt}`;
}

/**
 * How the next version names `version` in the chain (docs/versions.md §Hash and chain): the full content's hash its
 * credential names as `chainHash` (every cut but the full one; a re-issued cut names the hash it keeps in the chain),
 * else its own hash (the full credential, and every credential published before the chain moved to the full content).
 */
function chainLink(version: VersionToVerify): string {
  const chainHash = (version.credential as { credentialSubject?: { chainHash?: unknown } }).credentialSubject?.chainHash;
  return typeof chainHash === "string" ? chainHash : version.hash;
}

/** Every version's own checks, then the chain: versions 1…N with none missing, each naming its predecessor's link. */
export async function verifyVersionChain(
  versions: readonly VersionToVerify[],
  jwks: JSONWebKeySet,
  source?: string,
): Promise<VersionProblem[]> {
  const problems: VersionProblem[] = [];
  for (const version of versions) problems.push(...(await verifyVersion(version, jwks, source)));
  const sorted = [...versions].sort((a, b) => a.version - b.version);
  let previous: VersionToVerify | undefined;
  for (const [index, version] of sorted.entries()) {
    if (version.version !== index + 1) {
      problems.push({ version: version.version, reason: `the chain is broken: version ${index + 1} is missing` });
      break;
    }
    const expected = previous ? chainLink(previous) : null;
    const signedPrevious = (version.credential as { credentialSubject?: { previousHash?: unknown } }).credentialSubject?.previousHash;
    if (version.previousHash !== expected || signedPrevious !== expected) {
      problems.push({
        version: version.version,
        reason: `the chain is broken: previousHash is ${String(signedPrevious)}, version ${index} is named ${String(expected)}`,
      });
    }
    previous = version;
  }
  return problems;
}
