import { ZModelInput, ZOrgInput, ZPartnerGrantCreateInput, ZPartnerGrantInput } from "~/domain/procedure-inputs";
import { createPartnerGrant } from "~/server/services/partner-grants/create-partner-grant";
import { endPartnerGrant } from "~/server/services/partner-grants/end-partner-grant";
import { listPartnerGrants } from "~/server/services/partner-grants/list-partner-grants";
import { listSharedModels } from "~/server/services/partner-grants/list-shared-models";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const partnerGrantsRouter = router({
  list: protectedProcedure.input(ZModelInput).query(async ({ ctx, input }) => {
    return await listPartnerGrants({ actor: ctx.actor, ...input });
  }),
  create: protectedProcedure.input(ZPartnerGrantCreateInput).mutation(async ({ ctx, input: { grant, ...target } }) => {
    return await createPartnerGrant({ actor: ctx.actor, ...target, input: grant });
  }),
  end: protectedProcedure.input(ZPartnerGrantInput).mutation(async ({ ctx, input }) => {
    return await endPartnerGrant({ actor: ctx.actor, ...input });
  }),
  /** "Shared with us": other organizations' models this organization writes sections of. */
  shared: protectedProcedure.input(ZOrgInput).query(async ({ ctx, input }) => {
    return await listSharedModels({ actor: ctx.actor, ...input });
  }),
});
