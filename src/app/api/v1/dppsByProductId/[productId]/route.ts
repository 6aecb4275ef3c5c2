import { ZDppProductIdPath, ZDppReadQuery } from "~/domain/versions/dpp-document";
import { dppRoute } from "~/server/rest/dpp-route";
import { apiRoutes } from "~/server/rest/api-routes";
import type { DppRead } from "~/server/services/dpp-api/read-dpp";
import { readDppByProductId } from "~/server/services/dpp-api/read-dpp-by-product-id";

/** EN 18222 ReadDPPByProductId: a Digital Link URI or identifier value, percent-encoded (docs/versions.md §DPP API). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/v1/dppsByProductId/{productId}", {
  GET: dppRoute({
    params: ZDppProductIdPath,
    query: ZDppReadQuery,
    run: ({ params, query, clientAddress }) =>
      readDppByProductId({ productId: params.productId, grantToken: query.grant, clientAddress }),
    caching: (read: DppRead) => read,
  }),
});
