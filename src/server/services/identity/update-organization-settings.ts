import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { mergeLanguageSettings } from "~/domain/language";
import type { TOrganizationSettingsUpdate } from "~/domain/registry-settings";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";

export type UpdateOrganizationSettingsOptions = { actor: Actor; organizationId: string; input: TOrganizationSettingsUpdate };

/**
 * Sets the organization's settings: its EU registry settings (docs/registry.md; null clears one) and its languages
 * (docs/languages.md: the default language is always one of the published ones). A key left out is kept. Any member
 * may, with a session or an API key (an ERP sets them). All or nothing; answers the organization.
 */
export async function updateOrganizationSettings({ actor, organizationId, input }: UpdateOrganizationSettingsOptions) {
  assertMemberOf(actor, organizationId);
  const { defaultLanguage, publishedLanguages, economicOperatorId, backupBaseUrl } = input;
  await inTransaction(async (tx) => {
    const registry = {
      ...(economicOperatorId !== undefined && { economicOperatorId }),
      ...(backupBaseUrl !== undefined && { backupBaseUrl }),
    };
    if (Object.keys(registry).length > 0) {
      await tx.organizationRegistry.upsert({ where: { organizationId }, create: { organizationId, ...registry }, update: registry });
    }
    if (defaultLanguage === undefined && publishedLanguages === undefined) return;
    const current = await tx.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { defaultLanguage: true, publishedLanguages: true },
    });
    const merged = mergeLanguageSettings(current, { defaultLanguage, publishedLanguages });
    if ("problem" in merged) {
      throw new AppError("BAD_REQUEST", merged.problem, [{ path: "$.defaultLanguage", message: merged.problem }]);
    }
    await tx.organization.update({ where: { id: organizationId }, data: merged.settings });
  });
  return getOrganization({ actor, organizationId });
}
