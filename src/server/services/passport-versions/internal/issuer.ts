import { AppError } from "~/domain/app-error";
import { domainDid, isLoopbackHost } from "~/domain/versions/did-web";
import { organizationDid } from "~/domain/versions/passport-credential";
import { getConfig, publicBaseUrl } from "~/server/config";
import type { Tx } from "~/server/db/transaction";

/**
 * The DID an organization signs a new version as (docs/versions.md §Signing identity): `did:web:{domain}` when it set
 * a domain of its own, else `did:web:{host}:orgs:{orgaId}` under the public base URL. A version names its issuer
 * forever, so publishing from an app that only knows itself as a loopback name (`localhost`, 127.0.0.1) is refused
 * until PUBLIC_BASE_URL says where it is served (or ALLOW_LOOPBACK_ISSUER, the one-machine trial of `npm start`,
 * accepts that): a version signed as did:web:localhost verifies nowhere else.
 */
export async function organizationIssuer(db: Tx, organizationId: string): Promise<{ did: string; baseUrl: string }> {
  const baseUrl = publicBaseUrl();
  const config = getConfig();
  if (config.PUBLIC_BASE_URL === undefined && !config.ALLOW_LOOPBACK_ISSUER && isLoopbackHost(new URL(baseUrl).host)) {
    throw new AppError(
      "CONFLICT",
      `Publishing is refused: this app knows itself only as ${baseUrl}, and a signed version would name that address ` +
        "as its issuer forever. Set PUBLIC_BASE_URL to the address the passports are served at, then publish.",
    );
  }
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { didWebDomain: true } });
  const did = organization?.didWebDomain ? domainDid(organization.didWebDomain) : organizationDid(baseUrl, organizationId);
  return { did, baseUrl };
}
