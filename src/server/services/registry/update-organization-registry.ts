import type { Actor } from "~/domain/actor";
import type { TOrganizationRegistryUpdate } from "~/domain/registry-record";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";

export type UpdateOrganizationRegistryOptions = { actor: Actor; organizationId: string; input: TOrganizationRegistryUpdate };

/**
 * `PATCH /api/organizations/{orgaId}`: the organization's EU registry settings — its economic operator identifier
 * and the https base URL of its backup copy (docs/versions.md §EU registry); null clears one. Members only.
 */
export async function updateOrganizationRegistry({ actor, organizationId, input }: UpdateOrganizationRegistryOptions) {
  assertMemberOf(actor, organizationId);
  await getDb().organization.update({
    where: { id: organizationId },
    data: { economicOperatorId: input.economicOperatorId, backupBaseUrl: input.backupBaseUrl },
  });
  return getOrganization({ actor, organizationId });
}
