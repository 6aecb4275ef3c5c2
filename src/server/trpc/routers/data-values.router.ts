import { changesValueCount } from "~/domain/data-changes";
import { ZDataValuesInput, ZDeleteRowInput, ZModelChangesInput } from "~/domain/procedure-inputs";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { assertDataValueCount, assertDataValueCountOf } from "~/server/services/data-values/assert-data-value-count";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { protectedProcedure, router } from "~/server/trpc/trpc";

/** Too many values is a 413 before the input schema checks each of them, as in the REST routes. */
const valuesProcedure = protectedProcedure.use(async ({ getRawInput, next }) => {
  const input = await getRawInput();
  if (typeof input === "object" && input !== null && "values" in input) assertDataValueCountOf(input.values);
  if (typeof input === "object" && input !== null && "changes" in input) assertDataValueCount(changesValueCount(input.changes));
  return next();
});

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
  deleteRow: protectedProcedure.input(ZDeleteRowInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await deleteRepeaterRow({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
});
