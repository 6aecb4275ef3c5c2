import type { Actor } from "~/domain/actor";
import { assertMemberOf } from "~/server/services/access";
import { organizationPublicKeys, type SigningKeySummary } from "~/server/services/passport-versions/read-jwks";

export type ListSigningKeysOptions = { actor: Actor; organizationId: string };

/** The organization's signing keys, newest first, public parts only (docs/versions.md §Keys). */
export async function listSigningKeys({ actor, organizationId }: ListSigningKeysOptions): Promise<SigningKeySummary[]> {
  assertMemberOf(actor, organizationId);
  return organizationPublicKeys(organizationId);
}
