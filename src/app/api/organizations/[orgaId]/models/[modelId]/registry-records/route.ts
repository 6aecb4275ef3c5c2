import { ZRegistryRecordsQuery } from "~/domain/registry-record";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { listRegistryRecords } from "~/server/services/registry/list-registry-records";

/** The EU registry records of the model's items, `?limit=` (≤ 100) at a time (docs/versions.md §EU registry). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    query: ZRegistryRecordsQuery,
    run: ({ actor, params, query }) =>
      listRegistryRecords({ actor, organizationId: params.orgaId, modelId: params.modelId, ...query }),
  }),
});
