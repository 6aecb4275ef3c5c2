import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZProductDataModelPath } from "~/server/rest/path-params";
import { getProductDataModel } from "~/server/services/product-data-models/get-product-data-model";

export const { GET, POST, PUT, PATCH, DELETE } = restRoutes({
  GET: restRoute({
    params: ZProductDataModelPath,
    run: ({ actor, params }) => getProductDataModel({ actor, productDataModelId: params.productDataModelId }),
  }),
});
