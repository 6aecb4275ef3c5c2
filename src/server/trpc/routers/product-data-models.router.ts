import { ZProductDataModelInput } from "~/domain/procedure-inputs";
import { getProductDataModel } from "~/server/services/product-data-models/get-product-data-model";
import { listProductDataModels } from "~/server/services/product-data-models/list-product-data-models";
import { protectedProcedure, router } from "~/server/trpc/trpc";

export const productDataModelsRouter = router({
  list: protectedProcedure.query(async ({ ctx }) => {
    return await listProductDataModels({ actor: ctx.actor });
  }),
  byId: protectedProcedure.input(ZProductDataModelInput).query(async ({ ctx, input }) => {
    return await getProductDataModel({ actor: ctx.actor, productDataModelId: input.productDataModelId });
  }),
});
