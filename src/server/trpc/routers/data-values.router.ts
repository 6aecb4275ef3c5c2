import { ZDataValuesInput, ZDeleteRowInput, ZModelChangesInput } from "~/domain/procedure-inputs";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { partnerProcedure } from "~/server/trpc/partner-procedure";
import { router } from "~/server/trpc/trpc";
import { valuesProcedure } from "~/server/trpc/values-procedure";

export const dataValuesRouter = router({
  add: valuesProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await addDataValues({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
  modify: valuesProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await modifyDataValues({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
  /** One save of the editor: row deletes, adds, modifies, reorders and the name and description, all or nothing. */
  applyChanges: valuesProcedure.input(ZModelChangesInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await applyDataChanges({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
  deleteRow: partnerProcedure.input(ZDeleteRowInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await deleteRepeaterRow({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
});
