import type { Prisma } from "~/generated/prisma/client";
import { linkOrigin } from "~/server/config";

/** How long an invitation can be accepted. Inviting the same address again renews it (and mails it again). */
export const INVITATION_LIFETIME_DAYS = 7;

/** better-auth's invitation statuses, which the `invitation` table keeps. */
export type InvitationStatus = "pending" | "accepted" | "rejected" | "canceled";

export const invitationSelect = {
  id: true,
  organizationId: true,
  email: true,
  status: true,
  expiresAt: true,
  createdAt: true,
  organization: { select: { name: true } },
  inviter: { select: { name: true, email: true } },
} satisfies Prisma.InvitationSelect;

type InvitationRow = Prisma.InvitationGetPayload<{ select: typeof invitationSelect }>;

/**
 * The page an invitee opens (src/app/invitations/[invitationId]/page.tsx), on the origin the inviting request came
 * in on where it is trusted (`linkOrigin`), else the public origin (the CLI's `invite:list`).
 */
export function invitationLink(invitationId: string, requestOrigin?: string): string {
  return `${linkOrigin(requestOrigin)}/invitations/${invitationId}`;
}

export function toInvitationDto(row: InvitationRow, requestOrigin?: string) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName: row.organization.name,
    email: row.email,
    invitedBy: { name: row.inviter.name, email: row.inviter.email },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    link: invitationLink(row.id, requestOrigin),
  };
}

export type TInvitation = ReturnType<typeof toInvitationDto>;

/** Rows still open to acceptance: pending and not yet expired. */
export function openInvitationWhere(now = new Date()) {
  return { status: "pending", expiresAt: { gt: now } } satisfies Prisma.InvitationWhereInput;
}
