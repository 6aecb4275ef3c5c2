/**
 * Procedures (names and inputs are kept stable; the builder UI calls them):
 *   status  { organizationId, modelId }                     → TModelTemplateStatus (hasNewerVersion, versions)
 *   preview { organizationId, modelId, templateId }         → TModelUpgradePreview (the values that would be lost)
 *   upgrade { organizationId, modelId, templateId, ifMatch? } → TModel (409 listing lost values; ifMatch is the model's version)
 */
import { ZModelUpgradeInput, ZModelUpgradeStatusInput } from "~/domain/template-draft-inputs";
import { getModelTemplateStatus } from "~/server/services/models/get-model-template-status";
import { previewModelUpgrade } from "~/server/services/models/preview-model-upgrade";
import { upgradeModel } from "~/server/services/models/upgrade-model";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const modelUpgradesRouter = router({
  status: protectedProcedure.input(ZModelUpgradeStatusInput).query(async ({ ctx, input }) => {
    return await getModelTemplateStatus({ actor: ctx.actor, ...input });
  }),
  preview: protectedProcedure.input(ZModelUpgradeInput.omit({ ifMatch: true })).query(async ({ ctx, input }) => {
    return await previewModelUpgrade({ actor: ctx.actor, ...input });
  }),
  upgrade: protectedProcedure.input(ZModelUpgradeInput).mutation(async ({ ctx, input }) => {
    return await upgradeModel({ actor: ctx.actor, ...input });
  }),
});
