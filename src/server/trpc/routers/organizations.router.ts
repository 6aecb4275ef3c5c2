import { ZMemberInput, ZMemberRoleInput, ZOrganizationCreateInput, ZOrganizationIdInput } from "~/domain/identity-schemas";
import {
  ZOrganizationLanguagesInput,
  ZOrganizationRegistryInput,
  ZOrganizationRetentionInput,
  ZOrganizationSigningDomainInput,
  ZOrganizationTwoFactorInput,
} from "~/domain/procedure-inputs";
import { createOrganization } from "~/server/services/identity/create-organization";
import { getOrganization } from "~/server/services/identity/get-organization";
import { changeMemberRole } from "~/server/services/identity/change-member-role";
import { listMembers } from "~/server/services/identity/list-members";
import { removeMember } from "~/server/services/identity/remove-member";
import { suspendMember } from "~/server/services/identity/suspend-member";
import { reinstateMember } from "~/server/services/identity/reinstate-member";
import { listOrganizations } from "~/server/services/identity/list-organizations";
import { updateOrganization } from "~/server/services/identity/update-organization";
import { protectedProcedure, router } from "~/server/trpc/trpc";

const membersRouter = router({
  list: protectedProcedure.input(ZOrganizationIdInput).query(async ({ ctx, input }) => {
    return await listMembers({ actor: ctx.actor, organizationId: input.organizationId });
  }),
  changeRole: protectedProcedure.input(ZMemberRoleInput).mutation(async ({ ctx, input }) => {
    return await changeMemberRole({ actor: ctx.actor, ...input });
  }),
  suspend: protectedProcedure.input(ZMemberInput).mutation(async ({ ctx, input }) => {
    return await suspendMember({ actor: ctx.actor, ...input });
  }),
  reinstate: protectedProcedure.input(ZMemberInput).mutation(async ({ ctx, input }) => {
    return await reinstateMember({ actor: ctx.actor, ...input });
  }),
  remove: protectedProcedure.input(ZMemberInput).mutation(async ({ ctx, input }) => {
    await removeMember({ actor: ctx.actor, ...input });
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
  // The EU registry's settings (docs/registry.md), as PATCH /api/organizations/{orgaId} sets them.
  updateRegistry: protectedProcedure.input(ZOrganizationRegistryInput).mutation(async ({ ctx, input }) => {
    const { organizationId, ...settings } = input;
    return await updateOrganization({ actor: ctx.actor, organizationId, input: settings });
  }),
  // The default language and the published languages (docs/languages.md), as the same PATCH sets them.
  updateLanguages: protectedProcedure.input(ZOrganizationLanguagesInput).mutation(async ({ ctx, input }) => {
    const { organizationId, ...settings } = input;
    return await updateOrganization({ actor: ctx.actor, organizationId, input: settings });
  }),
  // The retention period of withdrawn passport versions (docs/versions.md §Retention), as the same PATCH sets it.
  updateRetention: protectedProcedure.input(ZOrganizationRetentionInput).mutation(async ({ ctx, input }) => {
    const { organizationId, passportRetentionYears } = input;
    return await updateOrganization({ actor: ctx.actor, organizationId, input: { passportRetentionYears } });
  }),
  // Whether members need a second factor (docs/security.md §Two-factor), as the same PATCH sets it.
  updateTwoFactorRequirement: protectedProcedure.input(ZOrganizationTwoFactorInput).mutation(async ({ ctx, input }) => {
    const { organizationId, requireTwoFactor } = input;
    return await updateOrganization({ actor: ctx.actor, organizationId, input: { requireTwoFactor } });
  }),
  // The domain new versions are signed under (docs/versions.md §Signing identity), as the same PATCH sets it.
  updateSigningDomain: protectedProcedure.input(ZOrganizationSigningDomainInput).mutation(async ({ ctx, input }) => {
    const { organizationId, didWebDomain } = input;
    return await updateOrganization({ actor: ctx.actor, organizationId, input: { didWebDomain } });
  }),
  members: membersRouter,
});
