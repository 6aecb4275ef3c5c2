import { ZInvitationCreateInput, ZInvitationIdInput, ZInvitationRevokeInput, ZOrganizationIdInput } from "~/domain/identity-schemas";
import { acceptInvitation } from "~/server/services/invitations/accept-invitation";
import { declineInvitation } from "~/server/services/invitations/decline-invitation";
import { inviteMember } from "~/server/services/invitations/invite-member";
import { listInvitations } from "~/server/services/invitations/list-invitations";
import { listMyInvitations } from "~/server/services/invitations/list-my-invitations";
import { revokeInvitation } from "~/server/services/invitations/revoke-invitation";
import { protectedProcedure, router } from "~/server/trpc/trpc";
import { requestOriginOf } from "~/server/config";

/** Members invite by email; the invitee accepts with the verified address (see invite-member.ts). */
export const invitationsRouter = router({
  list: protectedProcedure.input(ZOrganizationIdInput).query(async ({ ctx, input }) => {
    return await listInvitations({ actor: ctx.actor, organizationId: input.organizationId });
  }),
  create: protectedProcedure.input(ZInvitationCreateInput).mutation(async ({ ctx, input }) => {
    const { organizationId, email } = input;
    return await inviteMember({ actor: ctx.actor, organizationId, email, requestOrigin: requestOriginOf(ctx.headers) });
  }),
  revoke: protectedProcedure.input(ZInvitationRevokeInput).mutation(async ({ ctx, input }) => {
    return await revokeInvitation({ actor: ctx.actor, ...input });
  }),
  mine: protectedProcedure.query(async ({ ctx }) => {
    return await listMyInvitations({ actor: ctx.actor });
  }),
  accept: protectedProcedure.input(ZInvitationIdInput).mutation(async ({ ctx, input }) => {
    return await acceptInvitation({ actor: ctx.actor, invitationId: input.invitationId });
  }),
  decline: protectedProcedure.input(ZInvitationIdInput).mutation(async ({ ctx, input }) => {
    return await declineInvitation({ actor: ctx.actor, invitationId: input.invitationId });
  }),
});
