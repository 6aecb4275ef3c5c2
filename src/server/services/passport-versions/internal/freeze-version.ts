import { createHash, sign } from "node:crypto";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import type { TOperatorIdentifier } from "~/domain/operator-identifiers";
import { keyDidUrl } from "~/domain/versions/did-web";
import { type AssembledPassport, passportDocument } from "~/domain/passport";
import type { TAccessLevel } from "~/domain/passport-schema";
import {
  canonicalJson,
  FULL_LEVEL,
  type PassportCredential,
  passportCredential,
  VC_ALGORITHM,
  VC_JWT_TYPE,
  VERSION_LEVELS,
} from "~/domain/versions/passport-credential";
import type { SigningKey } from "~/server/services/passport-versions/internal/signing-keys";

export type PerLevel<T> = Record<TAccessLevel, T>;

export type FreezeInput = {
  assembled: AssembledPassport;
  n: number;
  /** The previous version's link per level (its chainHashes, else its hashes); null for a first version. */
  previousHashes: PerLevel<string> | null;
  issuer: string;
  publishedAt: string;
  baseUrl: string;
  key: SigningKey;
  /** The organization's operator identifiers, signed into every level's credential. */
  operatorIdentifiers?: readonly TOperatorIdentifier[];
};

/** `jws` per level is stored detached ("header..signature", RFC 7515 Appendix F): its payload is the document's RFC 8785 text. */
export type FrozenVersion = { documents: PerLevel<PassportCredential>; hashes: PerLevel<string>; jws: PerLevel<string> };

/**
 * Version n of a passport, per access level (docs/versions.md §What is frozen): the passport cut for that level, in
 * every published language (passportDocument: a reader's language is cut from it at read), and its AAS value-only
 * form, as a credential; its RFC 8785 text hashed with SHA-256 and signed as a compact JWS whose
 * payload is exactly that text, so the hash of a JWS payload is the version's hash. The JWS is kept with a detached
 * payload: the payload would repeat each document (base64url, a third larger), more than doubling what a publication
 * of a model's items writes in its one statement; compactJws puts it back from the stored document on a read.
 */
export function freezeVersion(input: FreezeInput): FrozenVersion {
  const documents = {} as PerLevel<PassportCredential>;
  const hashes = {} as PerLevel<string>;
  const jws = {} as PerLevel<string>;
  const pageUrl = `${input.baseUrl}/p/${input.assembled.header.id}`;
  // The full content first: its hash is the version's, and every lower cut names it as its chainHash, so the chain
  // holds whatever cut is re-issued later (docs/versions.md §Hash and chain).
  for (const level of [FULL_LEVEL, ...VERSION_LEVELS.filter((l) => l !== FULL_LEVEL)]) {
    const environment = passportToAasEnvironment({ passport: input.assembled, level, baseUrl: input.baseUrl });
    const credential = passportCredential({
      pageUrl,
      n: input.n,
      previousHash: input.previousHashes?.[level] ?? null,
      ...(level !== FULL_LEVEL && { chainHash: hashes[FULL_LEVEL] }),
      level,
      issuer: input.issuer,
      publishedAt: input.publishedAt,
      passport: passportDocument(input.assembled, level),
      aasValueOnly: valueOnlySubmodels(environment, "semanticId"),
      operatorIdentifiers: input.operatorIdentifiers,
    });
    const signed = signCredential(credential, input.key);
    documents[level] = credential;
    hashes[level] = signed.hash;
    jws[level] = signed.jws;
  }
  return { documents, hashes, jws };
}

/**
 * A credential's hash (SHA-256 of its RFC 8785 text) and its detached JWS, signed with `key` and naming it by the DID
 * URL of the credential's issuer (docs/versions.md §Signing identity) — a re-issued cut as a new version.
 */
export function signCredential(credential: PassportCredential, key: SigningKey): { hash: string; jws: string } {
  const payload = canonicalJson(credential);
  const jws = detachedJws(signPayload(payload, key, keyDidUrl(credential.issuer, key.kid)));
  return { hash: createHash("sha256").update(payload).digest("hex"), jws };
}

/**
 * The compact JWS (RFC 7515) of `payload`: protected header `{alg: "EdDSA", typ: "vc+jwt", kid}` — the key's DID URL
 * (`{issuer}#{thumbprint}`, which the issuer's DID document resolves; the bare thumbprint when `kid` is not given, as
 * versions signed before DID URLs carry) — signed with node's Ed25519 directly — the same bytes jose's CompactSign writes, at a fraction of its cost per signature
 * (thousands per publication of a model's items); verification uses jose (verify-versions.ts).
 */
export function signPayload(payload: string, key: SigningKey, kid = key.kid): string {
  const header = Buffer.from(JSON.stringify({ alg: VC_ALGORITHM, typ: VC_JWT_TYPE, kid })).toString("base64url");
  const signingInput = `${header}.${Buffer.from(payload).toString("base64url")}`;
  return `${signingInput}.${sign(null, Buffer.from(signingInput), key.privateKey).toString("base64url")}`;
}

/** The JWS without its payload (RFC 7515 Appendix F): what the version row keeps. */
function detachedJws(compact: string): string {
  const [header, , signature] = compact.split(".");
  return `${header}..${signature}`;
}

/**
 * The compact JWS of a stored version's level: its detached signature with the payload put back, the RFC 8785 text of
 * the stored document (the text that was signed: JSON numbers and strings keep their values through jsonb). Versions
 * stored whole (before the payload was detached) are answered as stored.
 */
export function compactJws(stored: string, document: PassportCredential): string {
  const [header, payload, signature] = stored.split(".");
  if (payload) return stored;
  return `${header}.${Buffer.from(canonicalJson(document)).toString("base64url")}.${signature}`;
}
