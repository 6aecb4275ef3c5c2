import { AppError } from "~/domain/app-error";
import type { Actor, PartnerAccess } from "~/domain/actor";
import {
  API_KEY_SCOPES,
  isRoleAtLeast,
  lowerRole,
  SCOPE_CEILING,
  scopeFor,
  type TApiKeyScope,
  type TMemberRole,
} from "~/domain/roles";

/**
 * The caller must belong to the organization named in the path (403 otherwise, docs/api.md). Resources are then
 * always looked up scoped to that organization, so another organization's resource is simply not found (404).
 * Membership is enough to read (every role reads); operations that change something ask `assertMayDo`.
 */
export function assertMemberOf(actor: Actor, organizationId: string): void {
  assertNoTwoFactorRequirement(actor, organizationId);
  if (!actor.organizationIds.includes(organizationId) || actor.roles[organizationId] === undefined) {
    throw new AppError("FORBIDDEN", "You are not a member of this organization.");
  }
}

/**
 * A member of an organization that requires two-factor sign-in, who has not set it up, acts on nothing there (403
 * naming the requirement, docs/security.md §Two-factor) — even where a non-member would be told "not found".
 */
export function assertNoTwoFactorRequirement(actor: Actor, organizationId: string): void {
  if (actor.twoFactorRequiredBy?.includes(organizationId)) {
    throw new AppError(
      "FORBIDDEN",
      "This organization requires two-factor sign-in of its members: set it up in your settings (/settings/two-factor).",
    );
  }
}

/**
 * Who may do what: the one table of the roles (docs/security.md, Roles). Each operation names the lowest role that
 * may do it; every service that changes something asks `assertMayDo` with its operation, so REST, tRPC, the pages
 * and the CLI (which acts as the operator, above every role) can never disagree.
 */
export const OPERATION_ROLES = {
  read: "viewer",
  /** Models, items, their values, imports, publishing passport versions. */
  writeData: "editor",
  /** Appending an item's readings (docs/readings.md): the one write a `readings` key may make. */
  writeReadings: "editor",
  /** Template drafts, their import and publication. */
  manageTemplates: "admin",
  manageAccessGrants: "admin",
  /** Granting another organization write access to sections of a model (docs/partners.md), and ending it. */
  managePartnerGrants: "admin",
  manageApiKeys: "admin",
  /** The organization's settings and its signing key. */
  manageSettings: "admin",
  /** Inviting, removing, suspending members and changing roles, of members below owner (`assertMayManageMember`). */
  manageMembers: "admin",
  /** Reading the audit log (docs/security.md §Audit log). */
  readAuditLog: "admin",
} as const satisfies Record<string, TMemberRole>;

export type Operation = keyof typeof OPERATION_ROLES;

/** How a refusal names each operation: "<name> needs …" (the authorization matrix checks its refusals name it). */
export const OPERATION_NAMES: Record<Operation, string> = {
  read: "Reading",
  writeData: "Changing models, items and their values",
  writeReadings: "Writing readings",
  manageTemplates: "Changing templates and template drafts",
  manageAccessGrants: "Managing access grants",
  managePartnerGrants: "Managing partner grants",
  manageApiKeys: "Creating API keys",
  manageSettings: "Changing the organization's settings",
  manageMembers: "Managing members",
  readAuditLog: "Reading the audit log",
};

/** The role the actor acts with in the organization: a key acts with the lower of its scope and its user's role. */
export function effectiveRole(actor: Actor, organizationId: string): TMemberRole {
  assertMemberOf(actor, organizationId);
  const role = actor.roles[organizationId] ?? "viewer";
  return actor.scope ? lowerRole(role, SCOPE_CEILING[actor.scope]) : role;
}

/** Whether the actor may do the operation, for a page that offers it only then (the service still decides). */
export function mayDo(actor: Actor, organizationId: string, operation: Operation): boolean {
  return (
    actor.organizationIds.includes(organizationId) && isRoleAtLeast(effectiveRole(actor, organizationId), OPERATION_ROLES[operation])
  );
}

/**
 * The actor is a member (403) whose role allows the operation (403 naming the role it needs, or — when the member's
 * role would allow it but their API key's scope does not — the scope it needs).
 */
export function assertMayDo(actor: Actor, organizationId: string, operation: Operation): void {
  // A scope that names the operation lets its key act with its user's role there (a `readings` key writes readings).
  const isScoped = actor.scope !== undefined && SCOPE_OPERATIONS[actor.scope]?.includes(operation) === true;
  const acting = isScoped ? { ...actor, scope: undefined } : actor;
  assertRoleAtLeast(acting, organizationId, OPERATION_ROLES[operation], OPERATION_NAMES[operation]);
}

/** Operations a scope reaches beyond its ceiling (SCOPE_CEILING): the battery management system's key writes readings. */
const SCOPE_OPERATIONS: Partial<Record<TApiKeyScope, readonly Operation[]>> = { readings: ["writeReadings"] };

/**
 * What an operation asks of its caller, as a route's declaration states it (the OpenAPI document's `x-required-role`
 * and `x-required-scope`, the authorization matrix's expected cells): the lowest role, and the lowest API key scope
 * that reaches it — by its ceiling, or by naming the operation (a `readings` key writes readings). Read from the same
 * two tables `assertMayDo` enforces.
 */
export function operationNeeds(operation: Operation): { role: TMemberRole; scope: TApiKeyScope } {
  const role = OPERATION_ROLES[operation];
  const naming = API_KEY_SCOPES.find((scope) => SCOPE_OPERATIONS[scope]?.includes(operation) === true);
  return { role, scope: naming ?? scopeFor(role) };
}

/** The same check for a rule that depends on its target (only an owner acts on an owner or makes one). */
export function assertRoleAtLeast(actor: Actor, organizationId: string, needed: TMemberRole, action: string): void {
  assertMemberOf(actor, organizationId);
  const role = actor.roles[organizationId] ?? "viewer";
  if (!isRoleAtLeast(role, needed)) {
    throw new AppError("FORBIDDEN", `${action} needs the ${needed} role or above; your role in this organization is ${role}.`);
  }
  if (actor.scope && !isRoleAtLeast(SCOPE_CEILING[actor.scope], needed)) {
    const what =
      needed === "owner" ? "an owner signed in: no API key scope reaches it" : `an API key with the ${scopeFor(needed)} scope`;
    throw new AppError("FORBIDDEN", `${action} needs ${what}; this key's scope is ${actor.scope}.`);
  }
}

/**
 * Managing credentials and organizations takes a person at the browser, signed in: an API key cannot create, list or
 * revoke keys, add members or create organizations (403), so a leaked key cannot mint itself a successor or widen
 * whom it can reach. `action` completes "… needs a signed-in session".
 */
export function assertSignedIn(actor: Actor, action: string): void {
  if (actor.via !== "session") {
    throw new AppError("FORBIDDEN", `${action} needs a signed-in session: an API key cannot do it. Sign in to Passport Studio.`);
  }
}

/**
 * What a route open to partners asks (docs/partners.md): a member of the organization as `assertMayDo` decides, or a
 * member of a partner organization whose grant covers this model, with their role in their own organization (capped
 * by their key's scope) — a partner viewer reads only. Answers the partner grant the actor acts through, undefined
 * for a member; the caller confines reads and writes to its sections. Anyone else is refused as a non-member (403).
 */
export function assertMayDoOnModel(
  actor: Actor,
  organizationId: string,
  modelId: string,
  operation: Extract<Operation, "read" | "writeData">,
): PartnerAccess | undefined {
  const partner = partnerOn(actor, organizationId);
  if (!partner) {
    assertMayDo(actor, organizationId, operation);
    return undefined;
  }
  if (partner.modelId !== modelId) assertMemberOf(actor, organizationId);
  assertMayDo(actor, partner.organizationId, operation);
  return partner;
}

/** The actor's partner grant on this organization's model, when they act through one rather than as a member. */
export function partnerOn(actor: Actor, organizationId: string): PartnerAccess | undefined {
  if (actor.organizationIds.includes(organizationId)) return undefined;
  return actor.partner?.ownerOrganizationId === organizationId ? actor.partner : undefined;
}
