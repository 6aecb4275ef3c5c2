import { ZDataValuesInput, ZDeleteRowInput } from "~/domain/procedure-inputs";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const dataValuesRouter = router({
  add: protectedProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input }) => {
    return await addDataValues({ actor: ctx.actor, ...input });
  }),
  modify: protectedProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input }) => {
    return await modifyDataValues({ actor: ctx.actor, ...input });
  }),
  deleteRow: protectedProcedure.input(ZDeleteRowInput).mutation(async ({ ctx, input }) => {
    return await deleteRepeaterRow({ actor: ctx.actor, ...input });
  }),
});
