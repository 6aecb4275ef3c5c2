import { isUuid } from "~/domain/uuid";
import { withPartnerAccess } from "~/server/services/partner-grants/with-partner-access";
import { protectedProcedure } from "~/server/trpc/trpc";

/**
 * A procedure of one model (`organizationId` and `modelId` in its input) that a member of a partner organization with
 * a grant on that model may call too, for the granted sections only: REST's `isOpenToPartners` (docs/partners.md).
 */
export const partnerProcedure = protectedProcedure.use(async ({ ctx, getRawInput, next }) => {
  const input = await getRawInput();
  if (typeof input !== "object" || input === null || !("organizationId" in input) || !("modelId" in input)) return next();
  const { organizationId, modelId } = input;
  if (typeof organizationId !== "string" || typeof modelId !== "string" || !isUuid(organizationId) || !isUuid(modelId)) {
    return next();
  }
  const actor = await withPartnerAccess({
    actor: ctx.actor,
    organizationId: organizationId.toLowerCase(),
    modelId: modelId.toLowerCase(),
  });
  return next({ ctx: { actor } });
});
