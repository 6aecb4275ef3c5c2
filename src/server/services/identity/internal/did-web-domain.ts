import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { originOf, publicBaseUrl, trustedOrigins } from "~/server/config";
import type { Tx } from "~/server/db/transaction";
import { assertSignedIn } from "~/server/services/access";

/**
 * Sets or clears the domain the organization signs under (docs/versions.md §Signing identity). It changes the issuer
 * every later version names, so it takes a person signed in (a leaked key must not move an organization's identity).
 * The app's own hosts are refused — /.well-known/did.json there is no organization's — and a domain another
 * organization holds is a 409.
 */
export async function setDidWebDomain(tx: Tx, actor: Actor, organizationId: string, domain: string | null): Promise<void> {
  assertSignedIn(actor, "Changing the organization's signing domain");
  const appHosts = new Set([publicBaseUrl(), ...trustedOrigins()].map((url) => new URL(originOf(url) ?? url).hostname));
  if (domain !== null && appHosts.has(domain)) {
    const message = `${domain} is this app's own address; give a domain of the organization's own that points at the app`;
    throw new AppError("BAD_REQUEST", message, [{ path: "$.didWebDomain", message }]);
  }
  if (domain !== null) {
    const holder = await tx.organization.findFirst({
      where: { didWebDomain: domain, NOT: { id: organizationId } },
      select: { id: true },
    });
    if (holder) throw new AppError("CONFLICT", `Another organization already signs under ${domain}.`);
  }
  await tx.organization.update({ where: { id: organizationId }, data: { didWebDomain: domain } });
}
