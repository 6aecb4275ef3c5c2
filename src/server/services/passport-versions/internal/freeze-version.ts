import { createHash } from "node:crypto";
import { CompactSign } from "jose";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import { valueOnlySubmodels } from "~/domain/aas/value-only";
import { type AssembledPassport, passportFor } from "~/domain/passport";
import type { TAccessLevel } from "~/domain/passport-schema";
import {
  canonicalJson,
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
  /** The previous version's hash per level; null for a first version. */
  previousHashes: PerLevel<string> | null;
  issuer: string;
  publishedAt: string;
  baseUrl: string;
  key: SigningKey;
};

export type FrozenVersion = { documents: PerLevel<PassportCredential>; hashes: PerLevel<string>; jws: PerLevel<string> };

/**
 * Version n of a passport, per access level (docs/versions.md §What is frozen): the passport cut for that level and
 * its AAS value-only form, as a credential; its RFC 8785 text hashed with SHA-256 and signed as a compact JWS whose
 * payload is exactly that text, so the hash of a JWS payload is the version's hash.
 */
export async function freezeVersion(input: FreezeInput): Promise<FrozenVersion> {
  const documents = {} as PerLevel<PassportCredential>;
  const hashes = {} as PerLevel<string>;
  const jws = {} as PerLevel<string>;
  const pageUrl = `${input.baseUrl}/p/${input.assembled.header.id}`;
  for (const level of VERSION_LEVELS) {
    const environment = passportToAasEnvironment({ passport: input.assembled, level, baseUrl: input.baseUrl });
    const credential = passportCredential({
      pageUrl,
      n: input.n,
      previousHash: input.previousHashes?.[level] ?? null,
      level,
      issuer: input.issuer,
      publishedAt: input.publishedAt,
      passport: passportFor(input.assembled, level),
      aasValueOnly: valueOnlySubmodels(environment, "semanticId"),
    });
    const payload = canonicalJson(credential);
    documents[level] = credential;
    hashes[level] = createHash("sha256").update(payload).digest("hex");
    jws[level] = await signPayload(payload, input.key);
  }
  return { documents, hashes, jws };
}

export async function signPayload(payload: string, key: SigningKey): Promise<string> {
  return new CompactSign(new TextEncoder().encode(payload))
    .setProtectedHeader({ alg: VC_ALGORITHM, typ: VC_JWT_TYPE, kid: key.kid })
    .sign(key.privateKey);
}
