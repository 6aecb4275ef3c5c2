import type { JSONWebKeySet, JWK } from "jose";
import { z } from "zod";

/**
 * Resolving an issuer's did:web (W3C did:web Method Specification §3.2 Read): `did:web:{host}` names
 * `https://{host}/.well-known/did.json`, `did:web:{host}:{a}:{b}` names `https://{host}/{a}/{b}/did.json`, a port
 * written `%3A` in the host. A loopback host (`localhost`, `127.0.0.1`, `[::1]`) is read over http, so a verifier
 * can check an app running on the operator's own machine (development, tests); every other host needs https.
 * Null when `did` is not a did:web.
 */
export function didWebDocumentUrl(did: string): string | null {
  const match = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did);
  if (!match?.[1]) return null;
  const host = decodeURIComponent(match[1]);
  if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)) return null;
  const segments = (match[2] ?? "").split(":").filter((segment) => segment !== "");
  const isLoopback = isLoopbackHost(host);
  const path = segments.length === 0 ? ".well-known" : segments.join("/");
  return `${isLoopback ? "http" : "https"}://${host}/${path}/did.json`;
}

/** `localhost` (and its subdomains), 127.0.0.0/8 or [::1], with or without a port: a name only this machine answers. */
export function isLoopbackHost(host: string): boolean {
  return /^((.+\.)?localhost\.?|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i.test(host);
}

/**
 * A DID URL naming one key of a DID document (W3C DID Core §3.2): the DID, `#`, the key's JWK thumbprint — the `kid`
 * of the JWS of every version signed since signing identities (docs/versions.md §Signature).
 */
export function keyDidUrl(did: string, thumbprint: string): string {
  return `${did}#${thumbprint}`;
}

/**
 * A JWS `kid` split as a resolver does (W3C DID Core §3.2, the DID URL's fragment): `{did, fragment}` for a DID URL,
 * `{did: null, fragment: kid}` for a bare thumbprint, the kid of versions signed before DID URLs.
 */
export function splitKid(kid: string): { did: string | null; fragment: string } {
  const hash = kid.indexOf("#");
  return kid.startsWith("did:") && hash > 0
    ? { did: kid.slice(0, hash), fragment: kid.slice(hash + 1) }
    : { did: null, fragment: kid };
}

/**
 * A domain an organization signs under (`did:web:{domain}`, its DID document at `https://{domain}/.well-known/did.json`):
 * a lower-case DNS name of at least two labels, no port, no loopback name, no IP address (docs/versions.md §Signing
 * identity).
 */
export const ZDidWebDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, { error: "Use at most 253 characters" })
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/, {
    error: "Give a domain name such as passports.example.com: no scheme, port or path",
  })
  .refine((domain) => !isLoopbackHost(domain), { error: "A loopback name cannot serve a DID document to others" });

/** The organization's did:web under its own domain. */
export function domainDid(domain: string): string {
  return `did:web:${domain}`;
}

/**
 * A verification method of a DID document: a `JsonWebKey` with its public JWK, and — for a retired key — `expires`
 * (W3C Controlled Identifiers 1.0 §2.2: the instant after which the method is no longer valid), which this app
 * sets to the key's retirement (docs/versions.md §Keys).
 */
const ZVerificationMethod = z.object({
  id: z.string(),
  publicKeyJwk: z.record(z.string(), z.unknown()).optional(),
  expires: z.iso.datetime({ offset: true }).optional(),
});

export const ZDidDocument = z.object({
  id: z.string(),
  verificationMethod: z.array(ZVerificationMethod).default([]),
  assertionMethod: z.array(z.union([z.string(), ZVerificationMethod])).default([]),
});

type TDidDocument = z.infer<typeof ZDidDocument>;

/**
 * The keys a DID document lets its subject sign credentials with: the verification methods its `assertionMethod`
 * names (by reference or embedded) that belong to the DID itself (`{did}#{kid}`) and carry a public JWK, each as a
 * JWK with that kid — and, for a retired one, `exp`, its `expires` as a NumericDate (seconds, fractional: RFC 7519
 * §2), the form the JWKS answers too. A document whose `id` is not the DID lists nothing.
 */
export function assertionKeysOf(document: TDidDocument, did: string): JSONWebKeySet {
  if (document.id !== did) return { keys: [] };
  const embedded = document.assertionMethod.filter((entry) => typeof entry !== "string");
  const referenced = new Set(document.assertionMethod.filter((entry) => typeof entry === "string"));
  const methods = [...document.verificationMethod.filter((method) => referenced.has(method.id)), ...embedded];
  const keys: JWK[] = [];
  for (const method of methods) {
    const kid = method.id.startsWith(`${did}#`) ? method.id.slice(did.length + 1) : null;
    if (!kid || !method.publicKeyJwk) continue;
    const expires = method.expires === undefined ? undefined : Date.parse(method.expires) / 1000;
    keys.push({ ...(method.publicKeyJwk as JWK), kid, ...(expires !== undefined && { exp: expires }) });
  }
  return { keys };
}
