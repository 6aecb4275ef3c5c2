import { ZRegistryRecordsQuery } from "~/domain/registry-record";
import { PagedResult } from "~/server/rest/paged-response";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { listRegistryRecords } from "~/server/services/registry/list-registry-records";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    query: ZRegistryRecordsQuery,
    run: async ({ actor, params, query }) =>
      PagedResult.of(await listRegistryRecords({ actor, organizationId: params.orgaId, modelId: params.modelId, query })),
  }),
});
