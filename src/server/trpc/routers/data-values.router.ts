import { ZDataValuesInput, ZDeleteRowInput } from "~/domain/procedure-inputs";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const dataValuesRouter = router({
  add: protectedProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await addDataValues({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
  modify: protectedProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await modifyDataValues({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
  deleteRow: protectedProcedure.input(ZDeleteRowInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await deleteRepeaterRow({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
});
