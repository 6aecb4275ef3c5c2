import { AppError } from "~/domain/app-error";
import type { Actor } from "~/server/auth/resolve-actor";

/**
 * The caller must belong to the organization named in the path (403 otherwise, PRODUCT.md §3). Resources are then
 * always looked up scoped to that organization, so another organization's resource is simply not found (404).
 */
export function assertMemberOf(actor: Actor, organizationId: string): void {
  if (!actor.organizationIds.includes(organizationId)) {
    throw new AppError("FORBIDDEN", "You are not a member of this organization.");
  }
}
