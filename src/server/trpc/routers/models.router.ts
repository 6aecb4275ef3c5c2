import {
  ZModelCreateInput,
  ZModelDeleteInput,
  ZModelDuplicateInput,
  ZModelInput,
  ZModelListInput,
  ZModelUpdateInput,
} from "~/domain/procedure-inputs";
import { createModel } from "~/server/services/models/create-model";
import { deleteModel } from "~/server/services/models/delete-model";
import { duplicateModel } from "~/server/services/models/duplicate-model";
import { getModel } from "~/server/services/models/get-model";
import { listModels } from "~/server/services/models/list-models";
import { updateModel } from "~/server/services/models/update-model";
import { partnerProcedure } from "~/server/trpc/partner-procedure";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const modelsRouter = router({
  list: protectedProcedure.input(ZModelListInput).query(async ({ ctx, input }) => {
    return await listModels({ actor: ctx.actor, organizationId: input.organizationId, query: input.query });
  }),
  byId: partnerProcedure.input(ZModelInput).query(async ({ ctx, input }) => {
    return await getModel({ actor: ctx.actor, ...input });
  }),
  create: protectedProcedure.input(ZModelCreateInput).mutation(async ({ ctx, input }) => {
    return await createModel({ actor: ctx.actor, organizationId: input.organizationId, input: input.model });
  }),
  update: protectedProcedure.input(ZModelUpdateInput).mutation(async ({ ctx, input }) => {
    const { patch, ...target } = input;
    return await updateModel({ actor: ctx.actor, ...target, input: patch });
  }),
  delete: protectedProcedure.input(ZModelDeleteInput).mutation(async ({ ctx, input }) => {
    await deleteModel({ actor: ctx.actor, ...input });
  }),
  duplicate: protectedProcedure.input(ZModelDuplicateInput).mutation(async ({ ctx, input }) => {
    const { copy, ...source } = input;
    return await duplicateModel({ actor: ctx.actor, ...source, input: copy });
  }),
});
