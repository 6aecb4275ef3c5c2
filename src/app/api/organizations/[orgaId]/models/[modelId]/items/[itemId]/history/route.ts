import { ZHistoryQuery } from "~/domain/history";
import { PagedResult } from "~/server/rest/paged-response";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZItemPath } from "~/server/rest/path-params";
import { listHistory } from "~/server/services/history/list-history";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
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
});
