import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";

/**
 * The caller must belong to the organization named in the path (403 otherwise, docs/api.md). Resources are then
 * always looked up scoped to that organization, so another organization's resource is simply not found (404).
 */
export function assertMemberOf(actor: Actor, organizationId: string): void {
  if (!actor.organizationIds.includes(organizationId)) {
    throw new AppError("FORBIDDEN", "You are not a member of this organization.");
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
