import type { Actor } from "~/domain/actor";
import type { TOrganizationUpdate } from "~/domain/organization-settings";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";

export type UpdateOrganizationOptions = { actor: Actor; organizationId: string; input: TOrganizationUpdate };

/**
 * Sets the organization's settings: its EU registry settings (docs/registry.md) and the retention period of its
 * withdrawn passport versions (docs/versions.md §Retention). A key left out is kept, null clears a registry setting.
 * Any member may, with a session or an API key (an ERP sets them), as for the registry settings. Both in one
 * transaction, so a request changes all it names or nothing. Answers the organization.
 */
export async function updateOrganization({ actor, organizationId, input }: UpdateOrganizationOptions) {
  assertMemberOf(actor, organizationId);
  const registry = {
    ...(input.economicOperatorId !== undefined && { economicOperatorId: input.economicOperatorId }),
    ...(input.backupBaseUrl !== undefined && { backupBaseUrl: input.backupBaseUrl }),
  };
  await inTransaction(async (tx) => {
    if (Object.keys(registry).length > 0) {
      await tx.organizationRegistry.upsert({ where: { organizationId }, create: { organizationId, ...registry }, update: registry });
    }
    if (input.passportRetentionYears !== undefined) {
      await tx.organization.update({ where: { id: organizationId }, data: { passportRetentionYears: input.passportRetentionYears } });
    }
  });
  return getOrganization({ actor, organizationId });
}
