import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZProductDataModelPath } from "~/server/rest/path-params";
import { getProductDataModel } from "~/server/services/product-data-models/get-product-data-model";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZProductDataModelPath,
    run: ({ actor, params }) => getProductDataModel({ actor, productDataModelId: params.productDataModelId }),
  }),
});
