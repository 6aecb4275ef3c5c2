import { assertMemberOf } from "~/server/services/access";
import { getDb } from "~/server/db/client";
import type { Actor } from "~/domain/actor";
import { memberSelect, toMemberDto } from "~/server/services/identity/internal/member-dto";

export type ListMembersOptions = { actor: Actor; organizationId: string };

/** The members of one of the caller's organizations, oldest first (the founder leads the list), suspended ones too. */
export async function listMembers({ actor, organizationId }: ListMembersOptions) {
  assertMemberOf(actor, organizationId);
  const members = await getDb().member.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: memberSelect,
  });
  return members.map(toMemberDto);
}
