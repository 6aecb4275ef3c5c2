import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { mergeLanguageSettings } from "~/domain/languages/language";
import type { TOrganizationUpdate } from "~/domain/organization-settings";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";
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
    auditRetentionYears,
    didWebDomain,
    requireTwoFactor,
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
      // Shortening hides withdrawn versions at once, so it takes a person signed in, not an API key (docs/versions.md
      // §Retention): a leaked key could otherwise erase an organization's public history in one request.
      await setRetention(tx, actor, organizationId, "passportRetentionYears", passportRetentionYears);
    }
    if (requireTwoFactor !== undefined) await setTwoFactorRequirement(tx, actor, organizationId, requireTwoFactor);
    // Shortening the audit log's period deletes its older events with the next one: a person signed in, likewise.
    if (auditRetentionYears !== undefined) await setRetention(tx, actor, organizationId, "auditRetentionYears", auditRetentionYears);
    // What changed, by name and new value; the identifiers and domain are public, no setting here is a secret.
    await recordAuditEvent(tx, { organizationId, actor, type: "settings.changed", details: input });
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

/**
 * Requiring a second factor is a person's decision, signed in, who has one themselves: a member who required it
 * without one would be sent away from the organization by their own next request.
 */
async function setTwoFactorRequirement(tx: Tx, actor: Actor, organizationId: string, requireTwoFactor: boolean): Promise<void> {
  assertSignedIn(actor, "Changing whether members need two-factor sign-in");
  if (requireTwoFactor) {
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { twoFactorEnabled: true } });
    if (user.twoFactorEnabled !== true) {
      throw new AppError(
        "CONFLICT",
        "Set up two-factor sign-in for yourself first (/settings/two-factor): requiring it without would lock you out of this organization.",
      );
    }
  }
  await tx.organization.update({ where: { id: organizationId }, data: { requireTwoFactor } });
}

/** Sets one of the retention periods; shortening one needs a signed-in session (it hides or deletes history at once). */
async function setRetention(
  tx: Tx,
  actor: Actor,
  organizationId: string,
  column: "passportRetentionYears" | "auditRetentionYears",
  years: number,
): Promise<void> {
  const [current] = await tx.$queryRaw<{ passport: number; audit: number }[]>`
    SELECT "passportRetentionYears" AS "passport", "auditRetentionYears" AS "audit" FROM "organization" WHERE "id" = ${organizationId} FOR UPDATE`;
  const previous = current?.[column === "passportRetentionYears" ? "passport" : "audit"];
  if (previous !== undefined && years < previous) {
    assertSignedIn(
      actor,
      column === "passportRetentionYears" ? "Shortening the retention period" : "Shortening the audit log's retention",
    );
  }
  await tx.organization.update({ where: { id: organizationId }, data: { [column]: years } });
}
