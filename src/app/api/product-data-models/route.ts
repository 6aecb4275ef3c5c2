import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZNoPath } from "~/server/rest/path-params";
import { listProductDataModels } from "~/server/services/product-data-models/list-product-data-models";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({ params: ZNoPath, run: ({ actor }) => listProductDataModels({ actor }) }),
});
