import type { Actor } from "~/domain/actor";
import type { TOrganizationRegistryUpdate } from "~/domain/registry-settings";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";

export type UpdateOrganizationRegistryOptions = { actor: Actor; organizationId: string; input: TOrganizationRegistryUpdate };

/**
 * Sets the organization's EU registry settings (docs/registry.md): a key left out is kept, null clears it. Any member
 * may, with a session or an API key (an ERP sets them). Answers the organization.
 */
export async function updateOrganizationRegistry({ actor, organizationId, input }: UpdateOrganizationRegistryOptions) {
  assertMemberOf(actor, organizationId);
  const set = {
    ...(input.economicOperatorId !== undefined && { economicOperatorId: input.economicOperatorId }),
    ...(input.backupBaseUrl !== undefined && { backupBaseUrl: input.backupBaseUrl }),
  };
  await getDb().organizationRegistry.upsert({ where: { organizationId }, create: { organizationId, ...set }, update: set });
  return getOrganization({ actor, organizationId });
}
