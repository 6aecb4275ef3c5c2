import { z } from "zod";
import { ZAuditRetentionYears } from "~/domain/audit-events";
import { ZLanguageSettingsUpdate } from "~/domain/languages/language";
import { ZOrganizationRegistryUpdate } from "~/domain/registry-settings";
import { ZDidWebDomain } from "~/domain/versions/did-web";

/**
 * How long the published versions of a deleted model or item stay readable after the deletion (docs/versions.md
 * §Retention): whole years, 10 unless the organization sets another period. The bounds keep the period meaningful
 * (at least a year, as the regulations speak of the product's life) and the date arithmetic far from any overflow.
 */
export const PASSPORT_RETENTION_YEARS = { min: 1, max: 100, default: 10 } as const;

export const ZPassportRetentionYears = z
  .number({ error: "Give the retention period as a whole number of years" })
  .int({ error: "Give the retention period as a whole number of years" })
  .min(PASSPORT_RETENTION_YEARS.min, { error: `Keep published versions at least ${PASSPORT_RETENTION_YEARS.min} year` })
  .max(PASSPORT_RETENTION_YEARS.max, { error: `Give at most ${PASSPORT_RETENTION_YEARS.max} years` });

/**
 * `PATCH /api/organizations/{orgaId}`: the EU registry settings and operator identifiers (null clears one), the
 * languages (docs/languages.md), the signing domain, the retention periods (numbers, never null: a period always has a
 * value) and whether members need a second factor; a key left out is kept.
 */
export const ZOrganizationUpdate = ZOrganizationRegistryUpdate.extend({
  ...ZLanguageSettingsUpdate.shape,
  passportRetentionYears: ZPassportRetentionYears.optional(),
  /** Whether members act here only once they sign in with a second factor (docs/security.md §Two-factor). */
  requireTwoFactor: z.boolean().optional(),
  // Years audit events are kept (docs/security.md §Audit log).
  auditRetentionYears: ZAuditRetentionYears.optional(),
  // The domain the organization signs its versions under, did:web:{domain} (docs/versions.md §Signing identity).
  didWebDomain: ZDidWebDomain.nullable().optional(),
});
export type TOrganizationUpdate = z.infer<typeof ZOrganizationUpdate>;
