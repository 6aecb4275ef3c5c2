import type { TApiKeyScope, TMemberRole } from "~/domain/roles";

/**
 * Who asks for an operation. Services authorize against this alone, and each takes its actor explicitly: a user
 * (signed in with a session, or through an API key), or the operator at the command line. There is no default, so
 * forgetting to pass a user can never mean "operator".
 *
 * Rules on it (src/server/services/access.ts): a caller not a member of the organization in the path gets 403;
 * a resource of another organization is looked up scoped to the caller's organization and so is simply not found,
 * 404 (docs/api.md, Authentication and authorization). Managing keys, invitations and organizations needs a session.
 */

/**
 * A user, with the organizations they may act on (for an API key, only the key's own organization, while a member)
 * and their role in each (`roles`, a suspended membership is in neither). `apiKeyId` names the key a request came
 * with, so the history can say which key wrote (docs/data-model.md, History); `scope` is that key's scope, which
 * caps the role (src/server/services/access.ts).
 */
export type Actor = {
  userId: string;
  organizationIds: string[];
  roles: Readonly<Record<string, TMemberRole>>;
  via: "session" | "apiKey";
  apiKeyId?: string;
  scope?: TApiKeyScope;
  /**
   * Organizations the signed-in user is a member of but may not act on yet: they require two-factor sign-in, which
   * the user has not set up (docs/security.md §Two-factor). They are in neither list above; a call naming one is 403
   * naming the requirement, and a page sends the member to set it up. Never set for an API key.
   */
  twoFactorRequiredBy?: readonly string[];
  /**
   * Set only by the adapters of the routes open to partners (docs/partners.md), when the caller is no member of the
   * path's organization but one of their organizations holds an active partner grant on the path's model.
   */
  partner?: PartnerAccess;
};

/** A partner grant the actor acts through: its own organization writes the granted sections of another's model. */
export type PartnerAccess = {
  grantId: string;
  /** The partner organization, the actor's own: its role there (capped by a key's scope) decides read or write. */
  organizationId: string;
  ownerOrganizationId: string;
  modelId: string;
  /** The granted top-level sections. */
  sectionIds: readonly string[];
};

/** The operator at the command line, who may act on any organization; only services that allow it take it. */
export type Operator = { kind: "operator" };
export const OPERATOR: Operator = { kind: "operator" };
