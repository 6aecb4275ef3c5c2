import canonicalize from "canonicalize";
import { z } from "zod";
import type { JsonValue } from "~/domain/aas/value-only";
import { ACCESS_LEVELS } from "~/domain/field-options";
import type { TOperatorIdentifier } from "~/domain/operator-identifiers";
import type { TAccessLevel, TPassport } from "~/domain/passport-schema";

/**
 * A published passport version as a W3C Verifiable Credential 2.0 (docs/versions.md): one per access level, its
 * subject the passport as that level saw it at publication and its AAS value-only form, with the version number and
 * the previous version's hash at the same level, so each level's versions form a chain. Pure: the service signs and
 * stores it, the CLI and the browser verify it with the same functions.
 */

export const VERSION_LEVELS = ACCESS_LEVELS;
/** The most entitled level: its credential holds the full content, and its hash is the version's (docs/versions.md). */
export const FULL_LEVEL: TAccessLevel = "authority";
export const VC_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const VC_TYPES = ["VerifiableCredential", "DigitalProductPassport"] as const;
/** The JWS `typ` of a credential secured with JOSE (W3C VC-JOSE-COSE). */
export const VC_JWT_TYPE = "vc+jwt";
export const VC_ALGORITHM = "EdDSA";

export type CredentialSubject = {
  /** The passport page the version belongs to. */
  id: string;
  /** 1, 2, … per passport. */
  passportVersion: number;
  /**
   * The previous version's link in the chain (docs/versions.md §Hash and chain): its full-content hash (its
   * `chainHash`, or the hash of its authority credential); for a version published before the chain moved to the
   * full content, the hash of its credential at the same level. Null for the first.
   */
  previousHash: string | null;
  /**
   * The hash this version is named by in the chain, in every credential but the full one (whose own hash it is): the
   * SHA-256 of the version's authority credential; in a re-issued cut of a version published before the chain moved,
   * the hash of the cut it replaced. Absent in credentials published before.
   */
  chainHash?: string;
  accessLevel: TAccessLevel;
  passport: TPassport;
  /**
   * The AAS ValueOnly form of the passport's submodels at this level (EN 18223 "compressed"), each keyed by its
   * semanticId (else its submodel id), as the DPP API's content sections are.
   */
  aasValueOnly: Record<string, JsonValue>;
  /**
   * The organization's typed operator identifiers at publication (docs/registry.md §Operator identifiers), signed
   * with the passport so a later change of the settings never changes what a version says; absent when it had none.
   */
  operatorIdentifiers?: TOperatorIdentifier[];
};

export type PassportCredential = {
  "@context": string[];
  id: string;
  type: string[];
  issuer: string;
  validFrom: string;
  credentialSubject: CredentialSubject;
};

export type CredentialInput = {
  /** The passport's public page, `{base}/p/{uuid}`. */
  pageUrl: string;
  n: number;
  previousHash: string | null;
  chainHash?: string;
  level: TAccessLevel;
  issuer: string;
  publishedAt: string;
  passport: TPassport;
  aasValueOnly: Record<string, JsonValue>;
  operatorIdentifiers?: readonly TOperatorIdentifier[];
};

export function passportCredential(input: CredentialInput): PassportCredential {
  return {
    "@context": [VC_CONTEXT],
    id: `${input.pageUrl}/versions/${input.n}#${input.level}`,
    type: [...VC_TYPES],
    issuer: input.issuer,
    validFrom: input.publishedAt,
    credentialSubject: {
      id: input.pageUrl,
      passportVersion: input.n,
      previousHash: input.previousHash,
      ...(input.chainHash !== undefined && { chainHash: input.chainHash }),
      accessLevel: input.level,
      passport: input.passport,
      aasValueOnly: input.aasValueOnly,
      ...(input.operatorIdentifiers?.length && { operatorIdentifiers: [...input.operatorIdentifiers] }),
    },
  };
}

/** RFC 8785 (JSON Canonicalization Scheme): the exact text that is hashed and signed. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("The value has no JSON form.");
  return text;
}

/**
 * The organization's `did:web` (did:web method spec): the host of the base URL (a port written `%3A`), its path
 * segments, then `orgs:{orgaId}`; it resolves to `{base}/orgs/{orgaId}/did.json`.
 */
export function organizationDid(baseUrl: string, organizationId: string): string {
  const url = new URL(baseUrl);
  const host = url.host.replace(":", "%3A");
  const path = url.pathname.split("/").filter((segment) => segment !== "");
  return ["did", "web", host, ...path, "orgs", encodeURIComponent(organizationId)].join(":");
}

/** One entry of a passport's version list (`GET /p/{uuid}/versions`). */
export const ZVersionSummary = z.object({
  version: z.number().int().min(1),
  publishedAt: z.string(),
  /** SHA-256 (hex) of the credential at the reader's level, in RFC 8785 form. */
  hash: z.string(),
  previousHash: z.string().nullable(),
  /** Set when the model or item was deleted; the version stays readable for the retention period. */
  withdrawnAt: z.string().nullable(),
});

export const ZVersionList = z.object({
  passportUuid: z.string(),
  accessLevel: z.enum(ACCESS_LEVELS),
  versions: z.array(ZVersionSummary),
});

/** `GET /p/{uuid}/versions/{n}`: the credential at the reader's level and its hash. */
export const ZVersionDocument = ZVersionSummary.extend({
  accessLevel: z.enum(ACCESS_LEVELS),
  credential: z.record(z.string(), z.unknown()),
});

/** The answer of a publication: `201 {version, hash, previousHash, publishedAt}`. */
export const ZPublishedVersion = z.object({
  version: z.number().int().min(1),
  hash: z.string(),
  previousHash: z.string().nullable(),
  publishedAt: z.string(),
});

/** Publishing every item of a model at once. */
export const ZPublishedItemVersions = z.object({
  count: z.number().int().min(0),
  items: z.array(ZPublishedVersion.extend({ itemId: z.string() })),
});

export type TVersionSummary = z.infer<typeof ZVersionSummary>;
export type TVersionList = z.infer<typeof ZVersionList>;
export type TVersionDocument = z.infer<typeof ZVersionDocument>;
export type TPublishedVersion = z.infer<typeof ZPublishedVersion>;
export type TPublishedItemVersions = z.infer<typeof ZPublishedItemVersions>;
