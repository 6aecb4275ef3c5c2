import { ZDppsByProductIdsRequest } from "~/domain/versions/dpp-document";
import { ZNoPath } from "~/server/rest/path-params";
import { dppRoute } from "~/server/rest/dpp-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { findDppIds } from "~/server/services/dpp-api/find-dpp-ids";

/** EN 18222 ReadDPPIdsByProductIds: `{productIds, limit?, cursor?}` → each identifier's dppIds, paged. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/v1/dppsByProductIds", {
  POST: dppRoute({ params: ZNoPath, body: ZDppsByProductIdsRequest, run: ({ body }) => findDppIds(body) }),
});
