import { AppError } from "~/domain/app-error";
import { getDb } from "~/server/db/client";
import type { Actor } from "~/domain/actor";

export type ListMembersOptions = { actor: Actor; organizationId: string };

/** The members of one of the caller's organizations, oldest first (the founder leads the list). */
export async function listMembers({ actor, organizationId }: ListMembersOptions) {
  if (!actor.organizationIds.includes(organizationId)) throw new AppError("NOT_FOUND", "Organization not found.");
  const members = await getDb().member.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
  });
  return members.map((member) => ({
    id: member.id,
    userId: member.user.id,
    name: member.user.name,
    email: member.user.email,
    role: member.role,
    joinedAt: member.createdAt.toISOString(),
  }));
}
