import { AppError } from "~/domain/app-error";
import { domainDid } from "~/domain/versions/did-web";
import { organizationDid } from "~/domain/versions/passport-credential";
import { publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";
import { organizationPublicKeys } from "~/server/services/passport-versions/read-jwks";

/**
 * `/orgs/{orgaId}/did.json`: the organization's DID document under the app's host, `did:web:{host}:orgs:{orgaId}`
 * (docs/versions.md §Keys). An unknown organization, or one that never published, is NOT_FOUND.
 */
export async function readDidDocument(organizationId: string): Promise<Record<string, unknown>> {
  const organization = await getDb().organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!organization) throw noDocument();
  return didDocument(organizationDid(publicBaseUrl(), organizationId), organizationId);
}

/**
 * `/.well-known/did.json` on an organization's own domain (docs/versions.md §Signing identity): the DID document of
 * `did:web:{domain}` for the organization that set the request's host as its domain. Any other host is NOT_FOUND.
 */
export async function readDomainDidDocument(host: string | null): Promise<Record<string, unknown>> {
  // The DID names the domain without a port; a Host header may carry the default one.
  const domain = host
    ?.toLowerCase()
    .replace(/:(80|443)$/, "")
    .replace(/\.$/, "");
  const organization = domain
    ? await getDb().organization.findUnique({ where: { didWebDomain: domain }, select: { id: true } })
    : null;
  if (!organization || !domain) throw noDocument();
  return didDocument(domainDid(domain), organization.id);
}

/**
 * The DID document listing each of the organization's keys — retired ones too, for the versions they signed, with
 * their retirement as `expires` — as a JsonWebKey verification method `{did}#{kid}` usable for assertions.
 */
async function didDocument(did: string, organizationId: string): Promise<Record<string, unknown>> {
  const keys = await organizationPublicKeys(organizationId);
  if (keys.length === 0) throw noDocument();
  const methods = keys.map(({ kid, publicJwk: { exp: _exp, ...publicKeyJwk }, retiredAt }) => ({
    id: `${did}#${kid}`,
    type: "JsonWebKey",
    controller: did,
    publicKeyJwk,
    // W3C Controlled Identifiers 1.0 §2.2 `expires`: a retired key verifies what it signed before, nothing after.
    ...(retiredAt !== null && { expires: retiredAt }),
  }));
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/jwk/v1"],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}

function noDocument(): AppError {
  return new AppError("NOT_FOUND", "No DID document: the organization has published nothing.");
}
