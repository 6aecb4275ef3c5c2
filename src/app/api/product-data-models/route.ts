import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZNoPath } from "~/server/rest/path-params";
import { listProductDataModels } from "~/server/services/product-data-models/list-product-data-models";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/product-data-models", {
  GET: restRoute({ params: ZNoPath, run: ({ actor }) => listProductDataModels({ actor }) }),
});
