import { ZAccessGrantCreateInput, ZAccessGrantInput, ZModelInput } from "~/domain/procedure-inputs";
import { createAccessGrant } from "~/server/services/access-grants/create-access-grant";
import { listAccessGrantReads } from "~/server/services/access-grants/list-access-grant-reads";
import { listAccessGrants } from "~/server/services/access-grants/list-access-grants";
import { revokeAccessGrant } from "~/server/services/access-grants/revoke-access-grant";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const accessGrantsRouter = router({
  list: protectedProcedure.input(ZModelInput).query(async ({ ctx, input }) => {
    return await listAccessGrants({ actor: ctx.actor, ...input });
  }),
  create: protectedProcedure.input(ZAccessGrantCreateInput).mutation(async ({ ctx, input: { grant, ...target } }) => {
    return await createAccessGrant({ actor: ctx.actor, ...target, input: grant });
  }),
  revoke: protectedProcedure.input(ZAccessGrantInput).mutation(async ({ ctx, input }) => {
    return await revokeAccessGrant({ actor: ctx.actor, ...input });
  }),
  reads: protectedProcedure.input(ZAccessGrantInput).query(async ({ ctx, input }) => {
    return await listAccessGrantReads({ actor: ctx.actor, ...input });
  }),
});
