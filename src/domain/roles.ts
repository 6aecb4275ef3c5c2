import { z } from "zod";

/**
 * A member's role in an organization and an API key's scope (docs/security.md, Roles and API key scopes). Browser
 * safe: the members and keys pages choose from these lists. Which operation needs which role is decided in one
 * table, `OPERATION_ROLES` in src/server/services/access.ts.
 */

/** Lowest first: each role may do everything the roles before it may. */
export const MEMBER_ROLES = ["viewer", "editor", "admin", "owner"] as const;
export const ZMemberRole = z.enum(MEMBER_ROLES);
export type TMemberRole = z.infer<typeof ZMemberRole>;

/**
 * `readings` is for battery management systems: it reads like `read` and writes an item's readings only (the readings
 * routes, docs/readings.md; `SCOPE_OPERATIONS` in src/server/services/access.ts).
 */
export const API_KEY_SCOPES = ["read", "readings", "write", "admin"] as const;
export const ZApiKeyScope = z.enum(API_KEY_SCOPES);
export type TApiKeyScope = z.infer<typeof ZApiKeyScope>;

/** The role a key of each scope can act with at most: a key acts with the lower of this and its user's role. */
export const SCOPE_CEILING: Record<TApiKeyScope, TMemberRole> = {
  read: "viewer",
  readings: "viewer",
  write: "editor",
  admin: "admin",
};

/** The scope a key needs for an operation that needs `role` (owner-only operations need a session: no scope reaches them). */
export function scopeFor(role: TMemberRole): TApiKeyScope {
  return role === "viewer" ? "read" : role === "editor" ? "write" : "admin";
}

export function roleRank(role: TMemberRole): number {
  return MEMBER_ROLES.indexOf(role);
}

export function isRoleAtLeast(role: TMemberRole, minimum: TMemberRole): boolean {
  return roleRank(role) >= roleRank(minimum);
}

export function lowerRole(a: TMemberRole, b: TMemberRole): TMemberRole {
  return roleRank(a) <= roleRank(b) ? a : b;
}

/** The role of a member added without one: an invitation accepted, or the CLI's `member:add` without `--role`. */
export const DEFAULT_MEMBER_ROLE: TMemberRole = "editor";
