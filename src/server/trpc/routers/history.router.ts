import { ZItemHistoryInput, ZLatestValueChangesInput, ZModelHistoryInput } from "~/domain/procedure-inputs";
import { getLatestValueChanges } from "~/server/services/history/get-latest-value-changes";
import { listHistory } from "~/server/services/history/list-history";
import { partnerProcedure } from "~/server/trpc/partner-procedure";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const historyRouter = router({
  model: protectedProcedure.input(ZModelHistoryInput).query(async ({ ctx, input: { organizationId, modelId, query } }) => {
    return await listHistory({ actor: ctx.actor, organizationId, owner: { kind: "model", id: modelId }, query });
  }),
  item: protectedProcedure.input(ZItemHistoryInput).query(async ({ ctx, input: { organizationId, modelId, itemId, query } }) => {
    return await listHistory({ actor: ctx.actor, organizationId, owner: { kind: "item", id: itemId, modelId }, query });
  }),
  // Open to partners for their granted sections: the conflict view of their editor asks it (docs/partners.md §History).
  latest: partnerProcedure.input(ZLatestValueChangesInput).query(async ({ ctx, input: { organizationId, modelId, itemId, keys } }) => {
    const owner = itemId === undefined ? ({ kind: "model", id: modelId } as const) : ({ kind: "item", id: itemId, modelId } as const);
    return await getLatestValueChanges({ actor: ctx.actor, organizationId, owner, keys });
  }),
});
