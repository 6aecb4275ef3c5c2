import { ZRegistryRecordsQuery } from "~/domain/registry-record";
import { PagedResult } from "~/server/rest/paged-response";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { listRegistryRecords } from "~/server/services/registry/list-registry-records";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/registry-records",
  {
    GET: restRoute({
      params: ZModelPath,
      query: ZRegistryRecordsQuery,
      run: async ({ actor, params, query }) =>
        PagedResult.of(await listRegistryRecords({ actor, organizationId: params.orgaId, modelId: params.modelId, query })),
    }),
  },
);
