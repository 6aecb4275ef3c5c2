import { z } from "zod";
import { ZText } from "~/domain/text";
import { ZUuid } from "~/domain/uuid";
import { OPERATOR_ROLES, OPERATOR_SCHEMES } from "~/domain/operator-identifiers";
import { ZApiKeyScope, ZMemberRole } from "~/domain/roles";

/**
 * Inputs of the identity forms and tRPC procedures. One schema checks both the browser form (for instant, per-field
 * messages) and the procedure input (the authority), so the two can never disagree. Browser-safe: zod only.
 */

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid email address" }));

export const ZOrganizationName = ZText("Name")
  .trim()
  .min(1, { error: "Enter a name" })
  .max(100, { error: "Use at most 100 characters" });

export const ZApiKeyName = ZText("Name").trim().min(1, { error: "Enter a name" }).max(100, { error: "Use at most 100 characters" });

// The same bounds better-auth enforces (src/server/auth/auth.ts), checked here so the form can say so at once.
export const ZPassword = z.string().min(8, { error: "Use at least 8 characters" }).max(128, { error: "Use at most 128 characters" });

export const ZOrganizationCreateInput = z.object({ name: ZOrganizationName });

export const ZOrganizationIdInput = z.object({ organizationId: ZUuid });

export const ZInvitationCreateInput = z.object({ organizationId: ZUuid, email: ZEmail });

export const ZInvitationIdInput = z.object({ invitationId: ZUuid });

export const ZInvitationRevokeInput = z.object({ organizationId: ZUuid, invitationId: ZUuid });

/**
 * When a key stops working: an ISO date-time, or a date (the key then works to the end of that day, UTC). The
 * browser form sends the end of the chosen day in the user's own time zone. Must lie in the future.
 */
export const ZApiKeyExpiry = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "Enter a date (YYYY-MM-DD) or an ISO date-time" })
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value))
  .refine((date) => date.getTime() > Date.now(), { error: "Choose a date in the future" });

/**
 * A key acts on one organization of its creator, optionally until an expiry, within its scope (default `write`, what
 * every key could do before scopes).
 */
export const ZApiKeyCreateInput = z.object({
  name: ZApiKeyName,
  organizationId: ZUuid,
  expiresAt: ZApiKeyExpiry.optional(),
  scope: ZApiKeyScope.default("write"),
});

export const ZApiKeyRevokeInput = z.object({ id: ZText("id").min(1).max(200) });

export const ZSignInInput = z.object({
  email: ZEmail,
  password: z.string().min(1, { error: "Enter your password" }),
});

export const ZSignUpInput = z.object({
  name: ZText("Name").trim().min(1, { error: "Enter your name" }).max(100, { error: "Use at most 100 characters" }),
  email: ZEmail,
  password: ZPassword,
});

/** An account as an operator creates it (CLI `user:create`): the name is optional there. */
export const ZCreateUser = ZSignUpInput.extend({ name: ZSignUpInput.shape.name.optional() });

export type TSignUpInput = z.infer<typeof ZSignUpInput>;
export type TSignInInput = z.infer<typeof ZSignInInput>;

/** Answers of the organization REST routes (src/server/services/identity, invitations), as the API documents them. */
export const ZOrganizationSummary = z.object({ id: z.string(), name: z.string() });

export const ZOrganization = ZOrganizationSummary.extend({
  createdAt: z.string(),
  memberCount: z.number().int(),
  /** The EU registry's settings (docs/registry.md), null until set. */
  economicOperatorId: z.string().nullable(),
  /** Typed operator identifiers (docs/registry.md §Operator identifiers), in the order they were set. */
  operatorIdentifiers: z.array(
    z.object({
      role: z.enum(OPERATOR_ROLES),
      scheme: z.enum(OPERATOR_SCHEMES),
      value: z.string(),
      name: z.string().optional(),
      contact: z.string().optional(),
    }),
  ),
  backupBaseUrl: z.string().nullable(),
  /** The default language and the languages passports are published in, the default first (docs/languages.md). */
  defaultLanguage: z.string(),
  publishedLanguages: z.array(z.string()),
  /** How many years a deleted passport's published versions stay readable (docs/versions.md §Retention). */
  passportRetentionYears: z.number().int(),
  /** Members act here only once they sign in with a second factor (docs/security.md §Two-factor). */
  requireTwoFactor: z.boolean(),
  /** The domain new versions are signed under, `did:web:{domain}`; null: the app's host (docs/versions.md §Signing identity). */
  didWebDomain: z.string().nullable(),
  /** How many years audit events are kept (docs/security.md §Audit log). */
  auditRetentionYears: z.number().int(),
});

export const ZMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZMemberRole,
  joinedAt: z.string(),
  /** Set while the member is suspended: listed, acting on nothing (docs/security.md, Members). */
  suspendedAt: z.string().nullable(),
});

/** A member of an organization, as the members routes and procedures name one: by their user id. */
export type TMember = z.infer<typeof ZMember>;

export const ZMemberInput = z.object({ organizationId: ZUuid, userId: ZUuid });

export const ZMemberRoleBody = z.strictObject({ role: ZMemberRole });

export const ZMemberRoleInput = ZMemberInput.extend(ZMemberRoleBody.shape);

export const ZInvitation = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  email: z.string(),
  invitedBy: z.object({ name: z.string(), email: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  link: z.string(),
});
