import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZProductDataModelPath } from "~/server/rest/path-params";
import { getProductDataModel } from "~/server/services/product-data-models/get-product-data-model";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/product-data-models/{productDataModelId}", {
  GET: restRoute({
    params: ZProductDataModelPath,
    run: ({ actor, params }) => getProductDataModel({ actor, productDataModelId: params.productDataModelId }),
  }),
});
