import {
  ZItemBulkCreateInput,
  ZItemChangesInput,
  ZItemCreateInput,
  ZItemDataValuesInput,
  ZItemDeleteRowInput,
  ZItemIdentifierAddInput,
  ZItemInput,
  ZItemListInput,
} from "~/domain/procedure-inputs";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { bulkCreateItems } from "~/server/services/items/bulk-create-items";
import { createItem } from "~/server/services/items/create-item";
import { addItemIdentifier } from "~/server/services/items/add-item-identifier";
import { deleteItem } from "~/server/services/items/delete-item";
import { getItem } from "~/server/services/items/get-item";
import { listItems } from "~/server/services/items/list-items";
import { partnerProcedure } from "~/server/trpc/partner-procedure";
import { protectedProcedure, router } from "~/server/trpc/trpc";
import { valuesProcedure } from "~/server/trpc/values-procedure";

const itemOf = (input: { modelId: string; itemId: string }) => ({ kind: "item", id: input.itemId, modelId: input.modelId }) as const;

export const itemsRouter = router({
  list: partnerProcedure.input(ZItemListInput).query(async ({ ctx, input }) => {
    return await listItems({ actor: ctx.actor, ...input });
  }),
  byId: partnerProcedure.input(ZItemInput).query(async ({ ctx, input }) => {
    return await getItem({ actor: ctx.actor, ...input });
  }),
  create: protectedProcedure.input(ZItemCreateInput).mutation(async ({ ctx, input: { item, ...target } }) => {
    return await createItem({ actor: ctx.actor, ...target, input: item });
  }),
  bulkCreate: protectedProcedure.input(ZItemBulkCreateInput).mutation(async ({ ctx, input: { request, ...target } }) => {
    return await bulkCreateItems({ actor: ctx.actor, ...target, input: request });
  }),
  addIdentifier: protectedProcedure.input(ZItemIdentifierAddInput).mutation(async ({ ctx, input }) => {
    return await addItemIdentifier({ actor: ctx.actor, ...input });
  }),
  delete: protectedProcedure.input(ZItemInput).mutation(async ({ ctx, input }) => {
    await deleteItem({ actor: ctx.actor, ...input });
    return null;
  }),
  dataValues: router({
    add: valuesProcedure.input(ZItemDataValuesInput).mutation(async ({ ctx, input: { modelId, itemId, ...input } }) => {
      return await addDataValues({ actor: ctx.actor, owner: itemOf({ modelId, itemId }), ...input });
    }),
    modify: valuesProcedure.input(ZItemDataValuesInput).mutation(async ({ ctx, input: { modelId, itemId, ...input } }) => {
      return await modifyDataValues({ actor: ctx.actor, owner: itemOf({ modelId, itemId }), ...input });
    }),
    applyChanges: valuesProcedure.input(ZItemChangesInput).mutation(async ({ ctx, input: { modelId, itemId, ...input } }) => {
      return await applyDataChanges({ actor: ctx.actor, owner: itemOf({ modelId, itemId }), ...input });
    }),
    deleteRow: partnerProcedure.input(ZItemDeleteRowInput).mutation(async ({ ctx, input: { modelId, itemId, ...input } }) => {
      return await deleteRepeaterRow({ actor: ctx.actor, owner: itemOf({ modelId, itemId }), ...input });
    }),
  }),
});
