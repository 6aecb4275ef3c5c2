import type { Actor } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo, assertSignedIn } from "~/server/services/access";
import { createSigningKey, lockOrganization, retireSigningKeys } from "~/server/services/passport-versions/internal/signing-keys";
import { organizationPublicKeys, type SigningKeySummary } from "~/server/services/passport-versions/read-jwks";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";

export type RotateSigningKeyOptions = { actor: Actor; organizationId: string };

/**
 * Replaces the organization's signing key (docs/versions.md §Keys): the current key is retired — it signs nothing
 * more but stays in the JWKS and the DID document, so every version it signed still verifies — and a new one signs
 * from now on. Managing keys needs a signed-in session, like API keys (docs/security.md).
 */
export async function rotateSigningKey({ actor, organizationId }: RotateSigningKeyOptions): Promise<SigningKeySummary[]> {
  assertMayDo(actor, organizationId, "manageSettings");
  assertSignedIn(actor, "Rotating the signing key");
  await inTransaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    await retireSigningKeys(tx, organizationId);
    await createSigningKey(tx, organizationId);
    await recordAuditEvent(tx, { organizationId, actor, type: "signingKey.rotated" });
  });
  return organizationPublicKeys(organizationId);
}
