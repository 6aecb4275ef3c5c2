import { AppError } from "~/domain/app-error";
import { forgetApiKeysOf } from "~/server/auth/verify-api-key";
import { getDb } from "~/server/db/client";
import { assertSignedIn } from "~/server/services/access";
import { findUser } from "~/server/services/identity/find-user";
import type { Actor } from "~/server/auth/resolve-actor";

export type AddMemberOptions = {
  organizationId: string;
  userEmailOrId: string;
  /** Absent for the operator CLI, which may act on any organization. */
  actor?: Actor;
};

/** Adds an existing user to an organization. Any member may add members (PRODUCT.md §5). */
export async function addMember({ organizationId, userEmailOrId, actor }: AddMemberOptions) {
  const db = getDb();
  if (actor) assertSignedIn(actor, "Adding a member");
  if (actor && !actor.organizationIds.includes(organizationId)) {
    throw new AppError("NOT_FOUND", "Organization not found.");
  }
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!organization) throw new AppError("NOT_FOUND", `No organization ${organizationId}.`);
  const user = await findUser(userEmailOrId);
  const created = await db.member
    .createMany({
      data: [{ id: crypto.randomUUID(), organizationId, userId: user.id, role: "member" }],
      skipDuplicates: true,
    })
    .then((result) => result.count);
  if (created === 0) throw new AppError("CONFLICT", `${user.email} is already a member of this organization.`);
  forgetApiKeysOf(user.id);
  return { organizationId, userId: user.id };
}
