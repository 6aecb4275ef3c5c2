import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { mergeLanguageSettings } from "~/domain/language";
import type { TOrganizationUpdate } from "~/domain/organization-settings";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo, assertSignedIn } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";
import { setDidWebDomain } from "~/server/services/identity/internal/did-web-domain";

export type UpdateOrganizationOptions = { actor: Actor; organizationId: string; input: TOrganizationUpdate };

/**
 * Sets the organization's settings: its EU registry settings and operator identifiers (docs/registry.md; null clears
 * one, the identifiers are replaced as a list), its languages
 * (docs/languages.md: the default language is always one of the published ones) and the retention period of its
 * withdrawn passport versions (docs/versions.md §Retention). A key left out is kept. Any member may, with a session
 * or an API key (an ERP sets them) — but shortening the retention period needs a session. One transaction, so a request changes all it names or nothing. Answers the
 * organization.
 */
export async function updateOrganization({ actor, organizationId, input }: UpdateOrganizationOptions) {
  assertMayDo(actor, organizationId, "manageSettings");
  const {
    defaultLanguage,
    publishedLanguages,
    economicOperatorId,
    backupBaseUrl,
    operatorIdentifiers,
    passportRetentionYears,
    didWebDomain,
  } = input;
  const registry = {
    ...(economicOperatorId !== undefined && { economicOperatorId }),
    ...(backupBaseUrl !== undefined && { backupBaseUrl }),
    ...(operatorIdentifiers !== undefined && { operatorIdentifiers }),
  };
  await inTransaction(async (tx) => {
    if (Object.keys(registry).length > 0) {
      await tx.organizationRegistry.upsert({ where: { organizationId }, create: { organizationId, ...registry }, update: registry });
    }
    if (didWebDomain !== undefined) await setDidWebDomain(tx, actor, organizationId, didWebDomain);
    if (passportRetentionYears !== undefined) {
      const [current] = await tx.$queryRaw<{ years: number }[]>`
        SELECT "passportRetentionYears" AS "years" FROM "organization" WHERE "id" = ${organizationId} FOR UPDATE`;
      // Shortening hides withdrawn versions at once, so it takes a person signed in, not an API key (docs/versions.md
      // §Retention): a leaked key could otherwise erase an organization's public history in one request.
      if (current && passportRetentionYears < current.years) assertSignedIn(actor, "Shortening the retention period");
      await tx.organization.update({ where: { id: organizationId }, data: { passportRetentionYears } });
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
