import { ZStatusSnapshotQuery } from "~/domain/status-snapshot";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZItemPath } from "~/server/rest/path-params";
import { listStatusSnapshots } from "~/server/services/status-snapshots/list-status-snapshots";

/** An item's battery status snapshots, newest first (docs/readings.md §Status snapshots). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/status-snapshots",
  {
    GET: restRoute({
      params: ZItemPath,
      query: ZStatusSnapshotQuery,
      run: ({ actor, params, query }) =>
        listStatusSnapshots({
          actor,
          organizationId: params.orgaId,
          modelId: params.modelId,
          itemId: params.itemId,
          limit: query.limit,
        }),
    }),
  },
);
