import { AppError } from "~/domain/app-error";
import { economicOperatorIdOf, storedOperatorIdentifiers } from "~/domain/operator-identifiers";
import { isUuid } from "~/domain/uuid";

import { getDb } from "~/server/db/client";
import type { Actor } from "~/domain/actor";
import { assertNoTwoFactorRequirement } from "~/server/services/access";

export type GetOrganizationOptions = { actor: Actor; organizationId: string };

/**
 * One organization of the caller. "Not a member" answers exactly like "not there", so a browser page can never
 * tell whether someone else's organization exists; a member kept out until they set up two-factor sign-in is told so.
 */
export async function getOrganization({ actor, organizationId }: GetOrganizationOptions) {
  assertNoTwoFactorRequirement(actor, organizationId.toLowerCase());
  const organization =
    isUuid(organizationId) && actor.organizationIds.includes(organizationId.toLowerCase())
      ? await getDb().organization.findUnique({
          where: { id: organizationId.toLowerCase() },
          select: {
            id: true,
            name: true,
            createdAt: true,
            defaultLanguage: true,
            publishedLanguages: true,
            passportRetentionYears: true,
            requireTwoFactor: true,
            didWebDomain: true,
            auditRetentionYears: true,
            _count: { select: { members: true } },
            registry: { select: { economicOperatorId: true, backupBaseUrl: true, operatorIdentifiers: true } },
          },
        })
      : null;
  if (!organization) throw new AppError("NOT_FOUND", "Organization not found.");
  const operatorIdentifiers = storedOperatorIdentifiers(organization.registry?.operatorIdentifiers);
  return {
    id: organization.id,
    name: organization.name,
    createdAt: organization.createdAt.toISOString(),
    memberCount: organization._count.members,
    // The EU registry's settings (docs/registry.md), null until set; the economic operator derived from the typed
    // identifiers while the free-form setting is not set.
    economicOperatorId: economicOperatorIdOf(organization.registry?.economicOperatorId ?? null, operatorIdentifiers),
    operatorIdentifiers,
    backupBaseUrl: organization.registry?.backupBaseUrl ?? null,
    // The languages passports are published in, the default first (docs/languages.md).
    defaultLanguage: organization.defaultLanguage,
    publishedLanguages: organization.publishedLanguages,
    passportRetentionYears: organization.passportRetentionYears,
    requireTwoFactor: organization.requireTwoFactor,
    // The domain its new versions are signed under, did:web:{domain}; null: the app's host (docs/versions.md).
    didWebDomain: organization.didWebDomain,
    // Years its audit events are kept (docs/security.md §Audit log).
    auditRetentionYears: organization.auditRetentionYears,
  };
}
