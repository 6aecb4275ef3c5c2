import { ZHistoryQuery } from "~/domain/history";
import { PagedResult } from "~/server/rest/paged-response";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { listHistory } from "~/server/services/history/list-history";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/{modelId}/history", {
  GET: restRoute({
    params: ZModelPath,
    query: ZHistoryQuery,
    run: async ({ actor, params, query }) =>
      PagedResult.of(await listHistory({ actor, organizationId: params.orgaId, owner: { kind: "model", id: params.modelId }, query })),
  }),
});
