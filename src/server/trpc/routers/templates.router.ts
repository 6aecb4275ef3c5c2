import { ZOrgInput, ZTemplateInput } from "~/domain/procedure-inputs";
import { getTemplate } from "~/server/services/templates/get-template";
import { ZTemplateVersionsInput } from "~/domain/template-draft-inputs";
import { listTemplates } from "~/server/services/templates/list-templates";
import { listTemplateVersions } from "~/server/services/templates/list-template-versions";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const templatesRouter = router({
  list: protectedProcedure.input(ZOrgInput).query(async ({ ctx, input }) => {
    return await listTemplates({ actor: ctx.actor, organizationId: input.organizationId });
  }),
  byId: protectedProcedure.input(ZTemplateInput).query(async ({ ctx, input }) => {
    return await getTemplate({ actor: ctx.actor, ...input });
  }),
  versions: protectedProcedure.input(ZTemplateVersionsInput).query(async ({ ctx, input }) => {
    return await listTemplateVersions({ actor: ctx.actor, ...input });
  }),
});
