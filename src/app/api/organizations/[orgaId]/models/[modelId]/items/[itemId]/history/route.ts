import { ZHistoryQuery } from "~/domain/history";
import { PagedResult } from "~/server/rest/paged-response";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZItemPath } from "~/server/rest/path-params";
import { listHistory } from "~/server/services/history/list-history";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/history",
  {
    GET: restRoute({
      params: ZItemPath,
      query: ZHistoryQuery,
      run: async ({ actor, params, query }) =>
        PagedResult.of(
          await listHistory({
            actor,
            organizationId: params.orgaId,
            owner: { kind: "item", id: params.itemId, modelId: params.modelId },
            query,
          }),
        ),
    }),
  },
);
