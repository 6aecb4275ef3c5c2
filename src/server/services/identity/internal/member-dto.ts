import type { Prisma } from "~/generated/prisma/client";
import type { TMember } from "~/domain/identity-schemas";
import { ZMemberRole } from "~/domain/roles";

export const memberSelect = {
  id: true,
  role: true,
  createdAt: true,
  suspendedAt: true,
  user: { select: { id: true, name: true, email: true } },
} satisfies Prisma.MemberSelect;

type MemberRow = Prisma.MemberGetPayload<{ select: typeof memberSelect }>;

/** A member as the members routes and procedures answer one. */
export function toMemberDto(member: MemberRow): TMember {
  return {
    id: member.id,
    userId: member.user.id,
    name: member.user.name,
    email: member.user.email,
    role: ZMemberRole.parse(member.role),
    joinedAt: member.createdAt.toISOString(),
    suspendedAt: member.suspendedAt?.toISOString() ?? null,
  };
}
