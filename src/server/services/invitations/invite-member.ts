import { assertMemberOf } from "~/server/services/access";
import { DEFAULT_MEMBER_ROLE } from "~/domain/roles";
import { AppError } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMayDo, assertSignedIn } from "~/server/services/access";
import { mailLocaleFor, sendAppMail } from "~/server/mail/mail-text";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";
import {
  INVITATION_LIFETIME_DAYS,
  invitationSelect,
  openInvitationWhere,
  toInvitationDto,
} from "~/server/services/invitations/internal/invitation-dto";

/** `requestOrigin`: the origin the request came in on; the mailed link uses it where it is trusted (`linkOrigin`). */
export type InviteMemberOptions = { actor: Actor; organizationId: string; email: string; requestOrigin?: string };

/**
 * Invites an email address to an organization, as an editor; owners and admins may invite (docs/security.md). Nobody becomes a member here:
 * the owner of the address must accept while signed in with it, verified (accept-invitation.ts). So a stranger who
 * signed up with a colleague's address before the colleague did gets nothing. Inviting an address with an open
 * invitation renews that one and mails it again.
 */
export async function inviteMember({ actor, organizationId, email, requestOrigin }: InviteMemberOptions) {
  assertSignedIn(actor, "Inviting a member");
  assertMemberOf(actor, organizationId);
  assertMayDo(actor, organizationId, "manageMembers");
  const db = getDb();
  const address = email.trim().toLowerCase();
  if ((await db.member.count({ where: { organizationId, user: { email: address } } })) > 0) {
    throw new AppError("CONFLICT", `${address} is already a member of this organization.`);
  }
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  const open = await db.invitation.findFirst({
    where: { organizationId, email: address, ...openInvitationWhere() },
    select: { id: true },
  });
  const row = open
    ? await db.invitation.update({
        where: { id: open.id },
        data: { expiresAt, inviterId: actor.userId },
        select: invitationSelect,
      })
    : await db.invitation.create({
        data: {
          id: crypto.randomUUID(),
          organizationId,
          email: address,
          role: DEFAULT_MEMBER_ROLE,
          expiresAt,
          inviterId: actor.userId,
        },
        select: invitationSelect,
      });
  const invitation = toInvitationDto(row, requestOrigin);
  await recordAuditEvent(db, {
    organizationId,
    actor,
    type: "invitation.created",
    subject: invitation.id,
    details: { email: address },
  });
  // The invitee's own language if they have an account, else the inviter's: likely a colleague's.
  const inviter = await db.user.findUnique({ where: { id: actor.userId }, select: { locale: true } });
  await sendAppMail({
    kind: "invitation",
    to: address,
    locale: await mailLocaleFor(address, { profileLocale: inviter?.locale }),
    values: {
      inviter: invitation.invitedBy.name,
      organization: invitation.organizationName,
      inviterEmail: invitation.invitedBy.email,
      address,
      days: INVITATION_LIFETIME_DAYS,
      link: invitation.link,
    },
    link: invitation.link,
    linkLabel: `Invitation link to ${invitation.organizationName}`,
  });
  return invitation;
}
