import { ZOrganizationCreateInput, ZOrganizationIdInput } from "~/domain/identity-schemas";
import { createOrganization } from "~/server/services/identity/create-organization";
import { getOrganization } from "~/server/services/identity/get-organization";
import { listMembers } from "~/server/services/identity/list-members";
import { listOrganizations } from "~/server/services/identity/list-organizations";
import { protectedProcedure, router } from "~/server/trpc/trpc";

const membersRouter = router({
  list: protectedProcedure.input(ZOrganizationIdInput).query(async ({ ctx, input }) => {
    return await listMembers({ actor: ctx.actor, organizationId: input.organizationId });
  }),
});

export const organizationsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    return await listOrganizations({ actor: ctx.actor });
  }),
  byId: protectedProcedure.input(ZOrganizationIdInput).query(async ({ ctx, input }) => {
    return await getOrganization({ actor: ctx.actor, organizationId: input.organizationId });
  }),
  // The caller becomes the owner of the organization they create.
  create: protectedProcedure.input(ZOrganizationCreateInput).mutation(async ({ ctx, input }) => {
    return await createOrganization({ name: input.name, actor: ctx.actor });
  }),
  members: membersRouter,
});
