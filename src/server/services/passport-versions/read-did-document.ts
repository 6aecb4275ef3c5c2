import { AppError } from "~/domain/app-error";
import { organizationDid } from "~/domain/versions/passport-credential";
import { publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";
import { organizationPublicKeys } from "~/server/services/passport-versions/read-jwks";

/**
 * `/orgs/{orgaId}/did.json`: the organization's DID document (did:web), listing each of its keys — retired ones too,
 * for the versions they signed, with their retirement as `expires` — as a JsonWebKey verification method
 * `{did}#{kid}` usable for assertions
 * (docs/versions.md §Keys). An unknown organization, or one that never published, is NOT_FOUND.
 */
export async function readDidDocument(organizationId: string): Promise<Record<string, unknown>> {
  const organization = await getDb().organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  const keys = organization ? await organizationPublicKeys(organizationId) : [];
  if (keys.length === 0) throw new AppError("NOT_FOUND", "No DID document: the organization has published nothing.");
  const did = organizationDid(publicBaseUrl(), organizationId);
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
