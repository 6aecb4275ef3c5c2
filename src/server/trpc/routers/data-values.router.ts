import { ZDataValuesInput, ZDeleteRowInput } from "~/domain/procedure-inputs";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { assertDataValueCountOf } from "~/server/services/data-values/internal/data-value-count";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { protectedProcedure, router } from "~/server/trpc/trpc";

/** Too many values is a 413 before the input schema checks each of them, as in the REST routes. */
const valuesProcedure = protectedProcedure.use(async ({ getRawInput, next }) => {
  const input = await getRawInput();
  if (typeof input === "object" && input !== null && "values" in input) assertDataValueCountOf(input.values);
  return next();
});

export const dataValuesRouter = router({
  add: valuesProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await addDataValues({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
  modify: valuesProcedure.input(ZDataValuesInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await modifyDataValues({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
  deleteRow: protectedProcedure.input(ZDeleteRowInput).mutation(async ({ ctx, input: { modelId, ...input } }) => {
    return await deleteRepeaterRow({ actor: ctx.actor, owner: { kind: "model", id: modelId }, ...input });
  }),
});
